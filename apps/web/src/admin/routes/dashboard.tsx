import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';

/** The dashboard (admins): figures per site and period, charts and CSV exports. */
export function Component() {
  const { t } = useTranslation('admin-dashboard');
  return <PageTitle>{t('title')}</PageTitle>;
}
