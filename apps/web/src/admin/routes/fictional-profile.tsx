import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';

/** One fictional profile: create or edit every field, photos, sites and niches, the persona note. */
export function Component() {
  const { t } = useTranslation('admin-fictional');
  return <PageTitle>{t('title')}</PageTitle>;
}
