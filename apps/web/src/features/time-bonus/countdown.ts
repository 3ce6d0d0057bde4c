import { TIME_BONUS_SECONDS, type TimeBonus, type User } from '@app/contracts';

/** Named routes of the members area (SPEC.md 2), where the banner and the modal of the time bonus show. */
export const MEMBERS_AREA_ROUTES: readonly string[] = [
  'members',
  'members-id',
  'chats',
  'likes',
  'likes-type',
  'likes-m-id',
  'premium',
];

/** "hh:mm:ss", zero-padded, of a number of seconds (SPEC.md 4); negative counts as 0. */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** Whole seconds from `nowMs` until the ISO time `iso`, 0 when past or unreadable. */
export function secondsUntil(iso: string, nowMs: number): number {
  const end = Date.parse(iso);
  return Number.isFinite(end) ? Math.max(0, Math.ceil((end - nowMs) / 1000)) : 0;
}

/**
 * Whether a time bonus can exist for `user` at `nowMs` (SPEC.md 4): logged in, not paid, signed up
 * less than 14400 s ago. Cheap, so the layout asks it before loading the time-bonus code.
 */
export function isTimeBonusEligible(user: Pick<User, 'paid_user' | 'signup_date'> | null, nowMs: number): boolean {
  if (!user || user.paid_user) return false;
  return secondsUntil(user.signup_date, nowMs - TIME_BONUS_SECONDS * 1000) > 0;
}

/**
 * Seconds left of the time bonus (SPEC.md 4, 9): the earlier of the bonus's `expires` and
 * signup_date + 14400 s; 0 when there is no bonus, the member is paid or logged out — 0 means cleared.
 */
export function timeBonusSecondsLeft(
  user: Pick<User, 'paid_user' | 'signup_date'> | null,
  bonus: Pick<TimeBonus, 'expires'> | null | undefined,
  nowMs: number,
): number {
  if (!bonus || !isTimeBonusEligible(user, nowMs) || !user) return 0;
  const bySignup = secondsUntil(user.signup_date, nowMs - TIME_BONUS_SECONDS * 1000);
  return Math.min(bySignup, secondsUntil(bonus.expires, nowMs));
}
