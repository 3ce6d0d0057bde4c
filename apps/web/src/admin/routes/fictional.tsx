import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';

/** The fictional profiles (admins): a list with filters. */
export function Component() {
  const { t } = useTranslation('admin-fictional');
  return <PageTitle>{t('title')}</PageTitle>;
}
