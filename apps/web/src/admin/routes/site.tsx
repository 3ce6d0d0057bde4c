import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';

/** One site: its settings (SPEC.md 3), prices, look and company. */
export function Component() {
  const { t } = useTranslation('admin-sites');
  return <PageTitle>{t('title')}</PageTitle>;
}
