import type { ProfileRow } from '../../db/repositories/profiles.js';

/** A member counts as online for 5 minutes (300 seconds) after real activity (SPEC.md 3, `online`). */
export const ONLINE_WINDOW_SECONDS = 300;

/**
 * Whether `profile` shows online at `now` (SPEC.md 3, MemberCard `online`): real activity within
 * ONLINE_WINDOW_SECONDS; fictional profiles never do.
 */
export function isOnline(profile: Pick<ProfileRow, 'is_fictional' | 'last_active_at'>, now: Date): boolean {
  if (profile.is_fictional || !profile.last_active_at) return false;
  return now.getTime() - profile.last_active_at.getTime() < ONLINE_WINDOW_SECONDS * 1000;
}
