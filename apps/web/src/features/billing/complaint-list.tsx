import type { ComplaintEntry } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/i18n';
import { complaintsQuery } from './api';

/** Badge colour of a complaint state; the state is always written out beside it too. */
const STATUS_BADGE: Record<ComplaintEntry['status'], string> = {
  new: 'text-bg-light border',
  in_progress: 'text-bg-warning',
  answered: 'text-bg-success',
};

/** One earlier complaint: number, topic, date, the state in words and the staff's answer once given. */
function ComplaintItem({ complaint }: { complaint: ComplaintEntry }) {
  const { t, i18n } = useTranslation('billing');
  return (
    <li data-testid={`complaint-${complaint.id}`}>
      <div className="d-flex justify-content-between align-items-start gap-3">
        <div className="min-w-0">
          <div className="fw-semibold">
            {t('complaints.numbered', { id: complaint.id })} · {t(`complaints.topics.${complaint.topic}`)}
          </div>
          <time className="small text-body-secondary" dateTime={complaint.created_at}>
            {formatDate(complaint.created_at, i18n.language, { dateStyle: 'medium' })}
          </time>
        </div>
        <span className={`badge ${STATUS_BADGE[complaint.status]}`} data-testid="complaint-status">
          {t(`complaints.status.${complaint.status}`)}
        </span>
      </div>
      {complaint.answer ? (
        <div className="border-start border-3 border-success ps-3 mt-2" data-testid="complaint-answer">
          <h3 className="h6 mb-1">{t('complaints.answer')}</h3>
          <p className="mb-1 complaint-answer-text">{complaint.answer}</p>
          {complaint.answered_at ? (
            <time className="small text-body-secondary" dateTime={complaint.answered_at}>
              {t('complaints.answeredAt', {
                date: formatDate(complaint.answered_at, i18n.language, { dateStyle: 'medium' }),
              })}
            </time>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The member's earlier complaints (GET /api/complaints.php): number, topic, date, the state in words
 * (received, in progress, answered) and, once staff answered, the answer (issue: back office I).
 */
export function ComplaintList() {
  const { t } = useTranslation('billing');
  const query = useQuery(complaintsQuery);
  if (query.isPending || query.isError || query.data.length === 0) return null;
  return (
    <section className="card border-0 shadow-sm mt-4" data-testid="complaint-list">
      <div className="card-body p-3 p-sm-4">
        <h2 className="h5 mb-3">{t('complaints.earlier')}</h2>
        <ul className="list-unstyled mb-0 billing-list">
          {query.data.map((complaint) => (
            <ComplaintItem key={complaint.id} complaint={complaint} />
          ))}
        </ul>
      </div>
    </section>
  );
}
