import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';

/** Operator response times per operator and per conversation (admins). */
export function Component() {
  const { t } = useTranslation('admin-operators');
  return <PageTitle>{t('title')}</PageTitle>;
}
