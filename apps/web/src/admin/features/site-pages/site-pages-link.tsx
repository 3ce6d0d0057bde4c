import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SITE_PAGES_NS } from './i18n';

/** The site editor's link to the site's page texts (/admin/sites/:id/pages). */
export function SitePagesLink({ siteId }: { siteId: number }) {
  const { t } = useTranslation(SITE_PAGES_NS);
  return (
    <p>
      <Link className="btn btn-outline-primary btn-sm" to={`/sites/${siteId}/pages`}>
        {t('link')}
      </Link>
    </p>
  );
}
