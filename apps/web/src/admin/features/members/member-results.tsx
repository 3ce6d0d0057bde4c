import type { AdminMemberRow } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { TableBox } from './section';
import { StatusBadge } from './status-badge';

/** The search's members: a table from 768 px, stacked cards below (phones). */
export function MemberResults({ members }: { members: AdminMemberRow[] }) {
  const { t } = useTranslation('admin-members');
  if (members.length === 0) return <p className="text-body-secondary">{t('search.none')}</p>;
  return (
    <>
      <TableBox label={t('search.results')} className="d-none d-md-block">
        <table className="table table-sm table-hover align-middle">
          <caption className="visually-hidden">{t('search.results')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('columns.id')}</th>
              <th scope="col">{t('columns.email')}</th>
              <th scope="col">{t('columns.name')}</th>
              <th scope="col">{t('columns.site')}</th>
              <th scope="col">{t('columns.status')}</th>
              <th scope="col">{t('columns.paid')}</th>
              <th scope="col" className="text-end">
                {t('columns.credits')}
              </th>
              <th scope="col">{t('columns.signup')}</th>
              <th scope="col">{t('columns.lastActive')}</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id}>
                <td>{m.id}</td>
                <td className="text-break">
                  <Link to={`/members/${m.id}`}>{m.email}</Link>
                </td>
                <td>{m.name ?? '—'}</td>
                <td>{m.site_name}</td>
                <td>
                  <StatusBadge group="status" code={m.status} />
                </td>
                <td>{m.paid_user ? t('common.yes') : t('common.no')}</td>
                <td className="text-end">{m.credits}</td>
                <td>{formatDateTime(m.signup_date)}</td>
                <td>{formatDateTime(m.last_active_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      <ul className="list-unstyled d-md-none" aria-label={t('search.results')}>
        {members.map((m) => (
          <li className="card mb-2" key={m.id}>
            <div className="card-body py-2">
              <p className="mb-1 fw-semibold text-break">
                <Link to={`/members/${m.id}`}>{m.email}</Link>
              </p>
              <p className="mb-1">
                {m.name ?? '—'} · #{m.id} · {m.site_name}
              </p>
              <p className="mb-0 small">
                <StatusBadge group="status" code={m.status} /> · {t('columns.paid')}:{' '}
                {m.paid_user ? t('common.yes') : t('common.no')} · {t('columns.credits')}: {m.credits}
                <br />
                {t('columns.lastActive')}: {formatDateTime(m.last_active_at)}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
