import { DISMISSAL_KEYS } from '@app/contracts';
import { readDismissal } from '../../lib/storage';

/**
 * Forgets the dismissal of the disabled-notifications alert (SPEC.md 4), so that if mail is turned
 * off again later (a new bounce), the alert shows again. Blocked storage is ignored.
 */
export function forgetDisabledNotificationsDismissal(): void {
  try {
    window.localStorage.removeItem(DISMISSAL_KEYS.disabledNotificationsAlert);
  } catch {
    // storage blocked: nothing was remembered either
  }
}

/** Whether the member dismissed the alert stored under `key` (a time stamp is stored, SPEC.md 4). */
export function isDismissed(key: string): boolean {
  return readDismissal(key) !== null;
}
