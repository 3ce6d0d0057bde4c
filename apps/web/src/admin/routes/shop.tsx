import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';

/** The shop of a site (admins): credit packages, gifts, discount codes, welcome discount and time bonus. */
export function Component() {
  const { t } = useTranslation('admin-shop');
  return <PageTitle>{t('title')}</PageTitle>;
}
