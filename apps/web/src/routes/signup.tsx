import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SiteBrand } from '../components/navigation/site-brand';
import { AuthCard } from '../features/account/auth-card';
import { SIGNUP_CONTINUE_STEP } from '../features/session/loaders';
import { useSettings } from '../features/session/use-settings';
import { usePageTitle } from '../lib/use-page-title';

const SignupFlow = lazy(() => import('../features/signup/signup-flow').then((m) => ({ default: m.SignupFlow })));

/**
 * /signup: the signup page of a smartphone (desktop opens the modal instead; SPEC.md 2), under the site's
 * name linking home. `?step=photo` continues a signup made in the public pages' dialog with the steps
 * after the form (the loader lets only a logged-in member stay for that).
 */
export function SignupPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initialStep = params.get('step') === SIGNUP_CONTINUE_STEP ? SIGNUP_CONTINUE_STEP : undefined;
  usePageTitle(t('routes.signup.title'));
  return (
    <>
      <div className="bg-white border-bottom py-2">
        <div className="container">
          <SiteBrand to="/" />
        </div>
      </div>
      <AuthCard title={t('signup.title', { site: settings.name })} testId="signup-page">
        <Suspense fallback={<div className="spinner-border text-primary d-block mx-auto" role="status" />}>
          <SignupFlow initialStep={initialStep} onFinish={(to) => void navigate(to)} />
        </Suspense>
      </AuthCard>
    </>
  );
}

export { SignupPage as Component };
