/** Whether the activation reminder shows lives in contracts (the server's snapshot asks it too). */
export { needsActivation } from '@app/contracts';

/** Query parameter after signup that shows the reminder as a modal on a smartphone (SPEC.md 2). */
export const SIGNUP_COMPLETE_PARAM = 'api_signup_complete';

/** Whether the reminder is a modal: the query has api_signup_complete and the viewport is a phone. */
export function isActivationModal(search: string, isPhone: boolean): boolean {
  return isPhone && new URLSearchParams(search).has(SIGNUP_COMPLETE_PARAM);
}
