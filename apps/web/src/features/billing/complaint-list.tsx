import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/i18n';
import { complaintsQuery } from './api';

/** Statuses with their own text; any other reads as received. */
const STATUSES = new Set(['open', 'in_progress', 'resolved', 'closed']);

/** The member's earlier complaints (GET /api/complaints.php): number, topic, date and status. */
export function ComplaintList() {
  const { t, i18n } = useTranslation('billing');
  const query = useQuery(complaintsQuery);
  if (query.isPending || query.isError || query.data.length === 0) return null;
  return (
    <section className="card border-0 shadow-sm mt-4" data-testid="complaint-list">
      <div className="card-body p-3 p-sm-4">
        <h2 className="h5 mb-3">{t('complaints.earlier')}</h2>
        <ul className="list-unstyled mb-0 billing-list">
          {query.data.map((complaint) => (
            <li key={complaint.id} className="d-flex justify-content-between align-items-start gap-3">
              <div>
                <div className="fw-semibold">
                  {t('complaints.numbered', { id: complaint.id })} · {t(`complaints.topics.${complaint.topic}`)}
                </div>
                <time className="small text-body-secondary" dateTime={complaint.created_at}>
                  {formatDate(complaint.created_at, i18n.language, { dateStyle: 'medium' })}
                </time>
              </div>
              <span className="badge text-bg-light border">
                {t(`complaints.status.${STATUSES.has(complaint.status) ? complaint.status : 'open'}`)}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
