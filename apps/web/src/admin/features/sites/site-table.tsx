import type { AdminSiteRow } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TableBox } from '../members/section';

/** The sites: domain (a link to the editor), name, niche, company, languages and members. */
export function SiteTable({ sites }: { sites: AdminSiteRow[] }) {
  const { t, i18n } = useTranslation('admin-sites');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <TableBox label={t('title')}>
      <table className="table table-striped align-middle" data-testid="site-table">
        <thead>
          <tr>
            <th scope="col">{t('fields.domain')}</th>
            <th scope="col">{t('fields.name')}</th>
            <th scope="col">{t('fields.niche')}</th>
            <th scope="col">{t('fields.company')}</th>
            <th scope="col">{t('fields.languages')}</th>
            <th scope="col" className="text-end">
              {t('members')}
            </th>
          </tr>
        </thead>
        <tbody>
          {sites.map((site) => (
            <tr key={site.id}>
              <td>
                <Link to={`/sites/${site.id}`}>{site.domain}</Link>
                {site.is_default && <span className="badge text-bg-secondary ms-2">{t('default')}</span>}
              </td>
              <td>{site.name}</td>
              <td>{site.niche}</td>
              <td>{site.company_name}</td>
              <td className="text-break">{site.languages.join(', ')}</td>
              <td className="text-end">{number.format(site.member_count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}
