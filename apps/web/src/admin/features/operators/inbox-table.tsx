import './inbox.css';
import type { AdminInboxRow, InboxTab } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { TableBox } from '../members/section';
import { formatDuration } from './duration';

/** A small round picture beside a name (decorative: the name is next to it). */
export function Thumb({ url }: { url: string | null }) {
  if (!url) return <span className="inbox-thumb inbox-thumb-empty" aria-hidden="true" />;
  return <img className="inbox-thumb" src={url} alt="" width={40} height={40} loading="lazy" />;
}

/** Who holds the conversation's lock: "you", another operator's name, or nothing. */
function LockState({ row }: { row: AdminInboxRow }) {
  const { t } = useTranslation('admin-operators');
  if (!row.lock) return <span className="text-body-secondary">{t('lock.free')}</span>;
  return (
    <span className={`badge ${row.lock.mine ? 'text-bg-primary' : 'text-bg-warning'}`}>
      {row.lock.mine ? t('lock.mine') : t('lock.by', { name: row.lock.staff_name })}
    </span>
  );
}

/** The newest message in a line: who wrote it and its start. */
function LastMessage({ row }: { row: AdminInboxRow }) {
  const { t } = useTranslation('admin-operators');
  const last = row.last_message;
  if (!last) return <>—</>;
  const who = last.from_member ? row.member.name : row.fictional.name;
  const what = last.kind === 'text' ? last.preview : t(`kinds.${last.kind}`, { defaultValue: last.kind });
  return (
    <span className="inbox-preview text-break">
      <span className="fw-semibold">{who}:</span> {what}
    </span>
  );
}

/** The wait (waiting tab) or the time of the last message (answered tab). */
function When({ row, tab }: { row: AdminInboxRow; tab: InboxTab }) {
  const { t } = useTranslation('admin-operators');
  if (tab === 'waiting') return <span className="fw-semibold">{formatDuration(t, row.waiting_seconds)}</span>;
  return <>{formatDateTime(row.last_message_at)}</>;
}

/** The member: name, age and city. */
function memberLine(row: AdminInboxRow): string {
  return [row.member.name, String(row.member.age), row.member.city].filter(Boolean).join(', ');
}

/** The inbox's conversations: a table from 768 px, stacked cards below (phones). */
export function InboxTable({ rows, tab }: { rows: AdminInboxRow[]; tab: InboxTab }) {
  const { t } = useTranslation('admin-operators');
  if (rows.length === 0) return <p className="text-body-secondary">{t(`empty.${tab}`)}</p>;
  const label = t(`tabs.${tab}`);
  return (
    <>
      <TableBox label={label} className="d-none d-md-block">
        <table className="table table-sm table-hover align-middle" data-testid="inbox-table">
          <caption className="visually-hidden">{label}</caption>
          <thead>
            <tr>
              <th scope="col">{tab === 'waiting' ? t('columns.waiting') : t('columns.lastMessageAt')}</th>
              <th scope="col">{t('columns.member')}</th>
              <th scope="col">{t('columns.fictional')}</th>
              <th scope="col">{t('columns.lastMessage')}</th>
              <th scope="col">{t('columns.site')}</th>
              <th scope="col">{t('columns.lock')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="inbox-row">
                <td>
                  <When row={row} tab={tab} />
                </td>
                <td>
                  <span className="d-inline-flex align-items-center gap-2">
                    <Thumb url={row.member.thumb_url} />
                    {memberLine(row)}
                  </span>
                </td>
                <td>
                  <span className="d-inline-flex align-items-center gap-2">
                    <Thumb url={row.fictional.thumb_url} />
                    {row.fictional.name}
                  </span>
                </td>
                <td className="inbox-preview-cell">
                  <LastMessage row={row} />
                </td>
                <td>{row.site_name}</td>
                <td>
                  <LockState row={row} />
                </td>
                <td className="text-end">
                  <Link
                    className="btn btn-primary btn-sm"
                    to={`/inbox/${row.id}`}
                    aria-label={t('open', { member: row.member.name, fictional: row.fictional.name })}
                  >
                    {t('openShort')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      <ul className="list-unstyled d-md-none" aria-label={label}>
        {rows.map((row) => (
          <li className="card mb-2" key={row.id} data-testid="inbox-card">
            <div className="card-body py-2">
              <div className="d-flex align-items-center gap-2 mb-1">
                <Thumb url={row.member.thumb_url} />
                <p className="mb-0 fw-semibold flex-grow-1">
                  <Link to={`/inbox/${row.id}`}>
                    {t('pair', { member: memberLine(row), fictional: row.fictional.name })}
                  </Link>
                </p>
              </div>
              <p className="mb-1 small">
                <LastMessage row={row} />
              </p>
              <p className="mb-0 small d-flex flex-wrap gap-2 align-items-center">
                <span>
                  {tab === 'waiting' ? t('columns.waiting') : t('columns.lastMessageAt')}: <When row={row} tab={tab} />
                </span>
                <span>· {row.site_name} ·</span>
                <LockState row={row} />
              </p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
