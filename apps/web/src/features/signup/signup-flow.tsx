import type { MemberCard } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasTrafficSource } from '../../lib/tracking';
import { useSettings } from '../session/use-settings';
import { useUser } from '../session/use-user';
import { InviteOnly } from './invite-only';
import { SignupForm } from './signup-form';
import { signupMode } from './signup-mode';
import { setSignupInProgress } from './signup-store';
import { StepComplete } from './step-complete';
import { StepInterests } from './step-interests';
import { StepMessage } from './step-message';
import { StepPhoto } from './step-photo';
import { StepProfileFields } from './step-profile-fields';
import { StepPush } from './step-push';

/** The signup steps of SPEC.md 4: 0 message or signup, the form, 1 photo, 2-4 about me, push, complete. */
export const SIGNUP_STEPS = ['message', 'form', 'photo', 'about', 'looks', 'interests', 'push', 'complete'] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];
/** Steps after the form that show "step n of 5". */
const NUMBERED: SignupStep[] = ['photo', 'about', 'looks', 'interests', 'push'];

export interface SignupFlowProps {
  /** The profile signed up from (/members/{id}/signup): adds step 0 and the first message. */
  profile?: Pick<MemberCard, 'id' | 'name' | 'main_image' | 'fictional'>;
  /** Called when the flow ends, with where to go next. */
  onFinish: (to: string) => void;
  /** Called when a link inside leaves the flow (e.g. to /login). */
  onLeave?: () => void;
  /**
   * Where the flow starts: 'photo' for a member who has just signed up elsewhere (the public pages'
   * signup dialog) and continues with the steps after the form.
   */
  initialStep?: 'photo';
}

/** The whole signup (SPEC.md 2, 4, 5): invite-only screen or the form, then the steps. */
export function SignupFlow({ profile, onFinish, onLeave, initialStep }: SignupFlowProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const [step, setStep] = useState<SignupStep>(initialStep ?? (profile ? 'message' : 'form'));
  const [email, setEmail] = useState(initialStep ? (user?.email ?? '') : '');
  const loginLink = (
    <p className="text-center mt-3 mb-0">
      {t('signup.haveAccount')}{' '}
      <Link to="/login" onClick={onLeave}>
        {t('nav.login')}
      </Link>
    </p>
  );
  if (step === 'form' && signupMode(settings.signups, hasTrafficSource()) === 'invite-only') {
    return (
      <>
        <InviteOnly />
        {loginLink}
      </>
    );
  }

  const next = () => setStep(SIGNUP_STEPS[SIGNUP_STEPS.indexOf(step) + 1] ?? 'complete');
  const numbered = { step: NUMBERED.indexOf(step) + 1, total: NUMBERED.length, onDone: next };
  switch (step) {
    case 'message':
      return profile ? <StepMessage profile={profile} onDone={next} /> : null;
    case 'photo':
      return <StepPhoto {...numbered} />;
    case 'about':
      return <StepProfileFields kind="about" {...numbered} />;
    case 'looks':
      return <StepProfileFields kind="looks" {...numbered} />;
    case 'interests':
      return <StepInterests {...numbered} />;
    case 'push':
      return <StepPush {...numbered} />;
    case 'complete':
      return (
        <StepComplete
          email={email}
          onContinue={() => {
            setSignupInProgress(false);
            onFinish('/signup-matches');
          }}
        />
      );
    default:
      return (
        <>
          <p>{t('signup.intro')}</p>
          <SignupForm
            profileId={profile?.id}
            onSubmitStart={() => setSignupInProgress(true)}
            onSignedUp={(user) => {
              setEmail(user.email);
              next();
            }}
          />
          {loginLink}
        </>
      );
  }
}
