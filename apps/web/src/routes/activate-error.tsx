import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../features/account/auth-card';
import { ResendActivation } from '../features/account/resend-activation';
import { useUser } from '../features/session/use-user';
import { usePageTitle } from '../lib/use-page-title';

/** /activate/error: "Activeren mislukt" (SPEC.md 8), with a new activation mail for a logged-in member. */
export function ActivateErrorPage() {
  const { t } = useTranslation('access');
  const user = useUser();
  usePageTitle(t('errors:activation_failed'));
  return (
    <AuthCard title={t('errors:activation_failed')} testId="activate-error">
      {user?.status === 'not_confirmed' ? (
        <>
          <p>{t('activation.errorText', { email: user.email })}</p>
          <ResendActivation className="btn btn-primary w-100" />
        </>
      ) : user ? (
        <>
          <p>{t('activation.alreadyConfirmed')}</p>
          <Link to="/members" className="btn btn-primary w-100">
            {t('activation.toMembers')}
          </Link>
        </>
      ) : (
        <>
          <p>{t('activation.errorLoginText')}</p>
          <Link to="/login" className="btn btn-primary w-100">
            {t('common:nav.login')}
          </Link>
        </>
      )}
    </AuthCard>
  );
}

export { ActivateErrorPage as Component };
