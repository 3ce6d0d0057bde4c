import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';

/** Placeholder until this back-office screen is built. */
export function Component() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('nav.member')}</PageTitle>;
}
