import type { User } from '@app/contracts';

/**
 * Whether the activation reminder shows (SPEC.md 2, 4): the user is not_confirmed, the profile is
 * disabled and no e-mail notifications are disabled (a bounced address cannot receive the mail).
 */
export function needsActivation(user: Pick<User, 'status' | 'notifications_disabled' | 'profile'> | null): boolean {
  if (!user) return false;
  return (
    user.status === 'not_confirmed' && user.profile.status === 'disabled' && user.notifications_disabled.length === 0
  );
}

/** Query parameter after signup that shows the reminder as a modal on a smartphone (SPEC.md 2). */
export const SIGNUP_COMPLETE_PARAM = 'api_signup_complete';

/** Whether the reminder is a modal: the query has api_signup_complete and the viewport is a phone. */
export function isActivationModal(search: string, isPhone: boolean): boolean {
  return isPhone && new URLSearchParams(search).has(SIGNUP_COMPLETE_PARAM);
}
