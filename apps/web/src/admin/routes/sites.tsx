import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';

/** The sites (admins): a list and the way to create one. */
export function Component() {
  const { t } = useTranslation('admin-sites');
  return <PageTitle>{t('title')}</PageTitle>;
}
