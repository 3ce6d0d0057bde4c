import type { ReportDetail } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';

/**
 * The messages copied into a report, oldest first: who sent each (the reported profile or the
 * reporter, in words), when, the text, and a "Reported message" label on the ones the reporter chose.
 */
export function EvidenceList({ detail }: { detail: ReportDetail }) {
  const { t } = useTranslation('admin-moderation');
  const { report, evidence } = detail;
  if (evidence.length === 0) return <p className="text-body-secondary">{t('report.noEvidence')}</p>;
  return (
    <ol className="list-unstyled mb-0" data-testid="evidence">
      {evidence.map((m) => (
        <li
          key={m.id}
          className={`border rounded p-2 mb-2 ${m.from_reported ? 'me-md-5' : 'ms-md-5 bg-body-tertiary'}${m.reported ? ' border-danger border-2' : ''}`}
        >
          <div className="d-flex flex-wrap gap-2 small text-body-secondary">
            <span className="fw-semibold text-body">
              {m.from_reported
                ? t('report.fromReported', { name: report.reported.name })
                : t('report.fromReporter', { name: report.reporter.name || t('reports.gone') })}
            </span>
            <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
            {m.reported && <span className="badge text-bg-danger">{t('report.reportedBadge')}</span>}
          </div>
          <p className="mb-0" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.kind === 'photo' ? t('report.photoMessage') : m.kind === 'gift' ? t('report.giftMessage') : m.body}
          </p>
        </li>
      ))}
    </ol>
  );
}
