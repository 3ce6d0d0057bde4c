import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';

/** The operator inbox: waiting conversations with fictional profiles, longest-waiting first. */
export function Component() {
  const { t } = useTranslation('admin-operators');
  return <PageTitle>{t('title')}</PageTitle>;
}
