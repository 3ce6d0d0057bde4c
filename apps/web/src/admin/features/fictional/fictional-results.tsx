import type { AdminFictionalRow } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { codeLabel } from '../members/labels';
import { TableBox } from '../members/section';
import { nicheNames } from './niche-names';

/** Size of the list's photos, in px. */
const THUMB = { width: 56, height: 56, flex: '0 0 auto' } as const;

/** A profile's small photo, or a placeholder of the same size. */
function Thumb({ row }: { row: AdminFictionalRow }) {
  const { t } = useTranslation('admin-fictional');
  if (!row.thumb_url) {
    return (
      <span
        className="d-inline-flex align-items-center justify-content-center bg-body-secondary rounded small text-center"
        style={THUMB}
      >
        {t('list.noPhoto')}
      </span>
    );
  }
  return (
    <img
      className="rounded"
      style={{ ...THUMB, objectFit: 'cover' }}
      src={row.thumb_url}
      alt={t('list.photoOf', { name: row.name })}
    />
  );
}

/** Conversations, with those waiting for an answer. */
function Conversations({ row }: { row: AdminFictionalRow }) {
  const { t } = useTranslation('admin-fictional');
  return (
    <>
      {row.conversations}
      {row.waiting_conversations > 0 && (
        <span className="badge text-bg-danger ms-1">{t('list.waiting', { count: row.waiting_conversations })}</span>
      )}
    </>
  );
}

/** The fictional profiles: a table from 768 px, stacked cards below (phones). */
export function FictionalResults({ profiles }: { profiles: AdminFictionalRow[] }) {
  const { t } = useTranslation('admin-fictional');
  if (profiles.length === 0) return <p className="text-body-secondary">{t('list.none')}</p>;
  const who = (p: AdminFictionalRow) => `${codeLabel(t, 'values.gender', p.gender)}, ${t('list.age', { age: p.age })}`;
  const place = (p: AdminFictionalRow) => [p.city, p.country].filter(Boolean).join(', ');
  const status = (p: AdminFictionalRow) => (
    <span className={`badge ${p.status === 'active' ? 'text-bg-success' : 'text-bg-secondary'}`}>
      {t(`status.${p.status}`, { defaultValue: p.status })}
    </span>
  );
  return (
    <>
      <TableBox label={t('list.results')} className="d-none d-md-block">
        <table className="table table-sm table-hover align-middle">
          <caption className="visually-hidden">{t('list.results')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('list.photo')}</th>
              <th scope="col">{t('fields.name')}</th>
              <th scope="col">{t('list.site')}</th>
              <th scope="col">{t('fields.status')}</th>
              <th scope="col">{t('list.who')}</th>
              <th scope="col">{t('list.place')}</th>
              <th scope="col">{t('fields.niches')}</th>
              <th scope="col" className="text-end">
                {t('list.photos')}
              </th>
              <th scope="col" className="text-end">
                {t('list.conversations')}
              </th>
            </tr>
          </thead>
          <tbody>
            {profiles.map((p) => (
              <tr key={p.id}>
                <td>
                  <Thumb row={p} />
                </td>
                <td>
                  <Link to={`/fictional/${p.id}`}>{p.name}</Link>
                  <div className="small text-body-secondary">#{p.id}</div>
                </td>
                <td>{p.site_name}</td>
                <td>{status(p)}</td>
                <td>{who(p)}</td>
                <td>{place(p)}</td>
                <td className="small">{nicheNames(t, p.niches)}</td>
                <td className="text-end">{p.photo_count}</td>
                <td className="text-end">
                  <Conversations row={p} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      <ul className="list-unstyled d-md-none" aria-label={t('list.results')}>
        {profiles.map((p) => (
          <li className="card mb-2" key={p.id}>
            <div className="card-body py-2 d-flex gap-2">
              <Thumb row={p} />
              <div className="flex-grow-1" style={{ minWidth: 0 }}>
                <p className="mb-1 fw-semibold text-break">
                  <Link to={`/fictional/${p.id}`}>{p.name}</Link> · #{p.id}
                </p>
                <p className="mb-1 small">
                  {who(p)} · {place(p)} · {p.site_name}
                </p>
                <p className="mb-0 small">
                  {status(p)} · {t('list.photos')}: {p.photo_count} · {t('list.conversations')}:{' '}
                  <Conversations row={p} />
                </p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
