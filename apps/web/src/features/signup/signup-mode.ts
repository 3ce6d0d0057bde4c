import { isSignupAllowed, type Settings } from '@app/contracts';

/** What the signup entry shows: the form, or the invite-only screen (SPEC.md 5, 8). */
export type SignupMode = 'form' | 'invite-only';

/** The signup mode for this visitor: settings.signups and whether they arrived with a traffic source. */
export function signupMode(signups: Settings['signups'], hasTrafficSource: boolean): SignupMode {
  return isSignupAllowed(signups, hasTrafficSource) ? 'form' : 'invite-only';
}
