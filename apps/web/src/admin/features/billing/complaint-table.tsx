import type { AdminComplaintSummary } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteName } from '../../components/site-select';
import { formatDateTime } from '../../lib/format';
import { ComplaintStatusBadge } from './badges';

/** The complaint queue: a table from 768 px, stacked cards below (phones). */
export function ComplaintTable({ complaints }: { complaints: AdminComplaintSummary[] }) {
  const { t } = useTranslation('admin-billing');
  const siteName = useSiteName();
  if (complaints.length === 0) return <p className="text-body-secondary">{t('complaints.none')}</p>;
  const topic = (c: AdminComplaintSummary) => t(`topics.${c.topic}`);
  return (
    <>
      <div className="table-responsive d-none d-md-block">
        <table className="table table-sm table-hover align-middle">
          <caption className="visually-hidden">{t('complaints.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('complaints.number')}</th>
              <th scope="col">{t('complaints.status')}</th>
              <th scope="col">{t('complaints.filed')}</th>
              <th scope="col">{t('complaints.member')}</th>
              <th scope="col">{t('complaints.topic')}</th>
              <th scope="col">{t('complaints.excerpt')}</th>
              <th scope="col">{t('complaints.payment')}</th>
              <th scope="col">{t('complaints.site')}</th>
            </tr>
          </thead>
          <tbody>
            {complaints.map((c) => (
              <tr key={c.id} data-testid="complaint-row">
                <td>
                  <Link to={`/complaints/${c.id}`}>{t('complaints.open', { id: c.id })}</Link>
                </td>
                <td>
                  <ComplaintStatusBadge status={c.status} />
                </td>
                <td className="text-nowrap">{formatDateTime(c.created_at)}</td>
                <td className="text-break">
                  {c.member.email}
                  {c.member.name && <div className="small text-body-secondary">{c.member.name}</div>}
                </td>
                <td>{topic(c)}</td>
                <td className="text-break" style={{ minWidth: '14rem' }}>
                  {c.excerpt}
                </td>
                <td>{c.payment_id ?? '—'}</td>
                <td>{siteName(c.site_id)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="list-unstyled d-md-none">
        {complaints.map((c) => (
          <li key={c.id} className="card mb-2">
            <div className="card-body p-3">
              <div className="d-flex justify-content-between align-items-start gap-2">
                <Link to={`/complaints/${c.id}`} className="fw-semibold">
                  {t('complaints.open', { id: c.id })} · {topic(c)}
                </Link>
                <ComplaintStatusBadge status={c.status} />
              </div>
              <div className="small text-body-secondary">
                {formatDateTime(c.created_at)} · {siteName(c.site_id)}
              </div>
              <div className="small text-break">{c.member.email}</div>
              <p className="mb-0 mt-1 text-break">{c.excerpt}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
