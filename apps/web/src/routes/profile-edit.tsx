import { useTranslation } from 'react-i18next';
import { Placeholder } from '../components/placeholder';

/** My profile (/profile): editing arrives with the profiles issue. */
export function ProfileEditPage() {
  const { t } = useTranslation();
  return <Placeholder title={t('routes.profile.title')} purpose={t('routes.profile.purpose')} />;
}

export { ProfileEditPage as Component };
