import { useTranslation } from 'react-i18next';
import { useSiteName } from '../../components/site-select';

/**
 * A function that names sites: `null` (every site) as "All sites", a list of ids as the sites'
 * names joined by commas (an id the account cannot see as "#<id>").
 */
export function useSiteNames(): (siteIds: readonly number[] | null) => string {
  const { t } = useTranslation('admin');
  const siteName = useSiteName();
  return (siteIds) => {
    if (siteIds === null) return t('staff.allSites');
    if (siteIds.length === 0) return t('common.none');
    return siteIds.map(siteName).join(', ');
  };
}
