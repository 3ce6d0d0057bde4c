import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AuthCard } from '../features/account/auth-card';
import { useProfile } from '../features/profile/use-profile';
import { useSettings } from '../features/session/use-settings';
import { usePageTitle } from '../lib/use-page-title';

const SignupFlow = lazy(() => import('../features/signup/signup-flow').then((m) => ({ default: m.SignupFlow })));

/**
 * /members/{id}/signup: sign up from a profile (SPEC.md 2, 4). Step 0 shows that profile's photo and name,
 * its fictional label when it is one (DECISIONS.md), and a message box; the message is sent as the first
 * contact with the signup.
 */
export function MemberSignupPage() {
  const { id } = useParams();
  const profileId = Number(id);
  const { t } = useTranslation();
  const settings = useSettings();
  const navigate = useNavigate();
  const view = useProfile(profileId);
  usePageTitle(t('routes.landing.title'));
  // A visitor may not be allowed to view profiles (logged-out search off): sign up without step 0 then.
  const profile = view.data?.profile;
  const isReady = !view.isPending || !Number.isInteger(profileId) || profileId <= 0;
  return (
    <AuthCard title={t('signup.title', { site: settings.name })} testId="signup-page">
      {isReady ? (
        <Suspense fallback={<div className="spinner-border text-primary d-block mx-auto" role="status" />}>
          <SignupFlow
            profile={
              profile
                ? { id: profile.id, name: profile.name, main_image: profile.main_image, fictional: profile.fictional }
                : undefined
            }
            onFinish={(to) => void navigate(to)}
          />
        </Suspense>
      ) : (
        <div className="spinner-border text-primary d-block mx-auto" role="status" />
      )}
    </AuthCard>
  );
}

export { MemberSignupPage as Component };
