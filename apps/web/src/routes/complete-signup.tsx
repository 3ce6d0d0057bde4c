import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { AuthCard } from '../features/account/auth-card';
import { useUser } from '../features/session/use-user';
import { StepComplete } from '../features/signup/step-complete';
import { usePageTitle } from '../lib/use-page-title';

/** /complete-signup: the "confirm your e-mail" step for a member who has not confirmed yet (SPEC.md 2, 4). */
export function CompleteSignupPage() {
  const { t } = useTranslation('access');
  const navigate = useNavigate();
  const user = useUser();
  usePageTitle(t('common:routes.complete-signup.title'));
  if (!user) return <Navigate to="/login" replace />;
  return (
    <AuthCard title={t('common:routes.complete-signup.title')}>
      {user.status === 'not_confirmed' ? (
        <StepComplete email={user.email} onContinue={() => void navigate('/members')} />
      ) : (
        <>
          <p className="text-center">{t('activation.alreadyConfirmed')}</p>
          <Link to="/members" className="btn btn-primary w-100">
            {t('activation.toMembers')}
          </Link>
        </>
      )}
    </AuthCard>
  );
}

export { CompleteSignupPage as Component };
