import type { AuditPage } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteName } from '../../components/site-select';
import { formatDateTime } from '../../lib/format';
import { JsonDetails } from './json-details';
import './stacked-table.css';

type AuditEntry = AuditPage['entries'][number];

/**
 * Audit entries as a table (stacked on a phone, see stacked-table.css): when, staff
 * e-mail, action, object (type and id), member (a link to the member), site, IP address, and the
 * before/after in a <details>.
 */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation('admin');
  const nameOf = useSiteName();
  const siteName = (id: number | null) => (id === null ? '—' : nameOf(id));
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section className="table-responsive" tabIndex={0} aria-labelledby="audit-table-caption">
      <table className="table table-sm align-top stacked-table">
        <caption id="audit-table-caption" className="visually-hidden">
          {t('audit.entries')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('audit.when')}</th>
            <th scope="col">{t('audit.staff')}</th>
            <th scope="col">{t('audit.action')}</th>
            <th scope="col">{t('audit.object')}</th>
            <th scope="col">{t('audit.member')}</th>
            <th scope="col">{t('common.site')}</th>
            <th scope="col">{t('audit.ip')}</th>
            <th scope="col">{t('common.details')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} data-testid="audit-entry" data-action={e.action}>
              <td className="cell-nowrap" data-label={t('audit.when')}>
                {formatDateTime(e.created_at)}
              </td>
              <td className="text-break" data-label={t('audit.staff')}>
                {e.staff_email}
              </td>
              <td data-label={t('audit.action')}>
                <code>{e.action}</code>
              </td>
              <td className="cell-nowrap" data-label={t('audit.object')}>
                {e.object_type}
                {e.object_id !== null && ` #${e.object_id}`}
              </td>
              <td data-label={t('audit.member')}>
                {e.member_user_id === null ? '—' : <Link to={`/members/${e.member_user_id}`}>{e.member_user_id}</Link>}
              </td>
              <td data-label={t('common.site')}>{siteName(e.site_id)}</td>
              <td className="cell-nowrap" data-label={t('audit.ip')}>
                {e.ip ?? '—'}
              </td>
              <td className="audit-details" data-label={t('common.details')}>
                <JsonDetails before={e.before} after={e.after} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
