import type { ProfileRow } from '../../db/repositories/profiles.js';

/** A member counts as online for 5 minutes (300 seconds) after real activity (SPEC.md 3, `online`). */
export const ONLINE_WINDOW_SECONDS = 300;

/**
 * Whether `profile` shows online at `now` (SPEC.md 3, MemberCard `online`): real activity within
 * ONLINE_WINDOW_SECONDS; fictional profiles never do. `last_active_at` of a profile is its public
 * activity: it does not follow an invisible member's requests (SPEC.md 4 invisible mode), so an
 * invisible member never shows online to anyone.
 */
export function isOnline(profile: Pick<ProfileRow, 'is_fictional' | 'last_active_at'>, now: Date): boolean {
  if (profile.is_fictional || !profile.last_active_at) return false;
  return now.getTime() - profile.last_active_at.getTime() < ONLINE_WINDOW_SECONDS * 1000;
}

/** The moment just outside the online window before `now`: a profile last active then shows offline. */
export function offlineMoment(now: Date): Date {
  return new Date(now.getTime() - (ONLINE_WINDOW_SECONDS + 1) * 1000);
}
