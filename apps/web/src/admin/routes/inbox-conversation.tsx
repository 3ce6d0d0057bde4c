import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';

/** One conversation of the operator inbox, locked to the operator while open. */
export function Component() {
  const { t } = useTranslation('admin-operators');
  return <PageTitle>{t('title')}</PageTitle>;
}
