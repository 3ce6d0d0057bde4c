import { BADGE_CAP } from './constants.js';

/**
 * Age in whole years on `today` of someone born on `dateOfBirth` (YYYY-MM-DD).
 * Used by server and client alike so both agree on birthdays.
 */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** Badge text for a count: '' for 0, the number up to 99, then '99+' (SPEC.md 2). */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

/** The support phone cleaned of hyphens and spaces before use (SPEC.md 5). */
export function cleanPhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

/**
 * Whether signup is open for this visitor (SPEC.md 5): signups is all, or with_trafficsource and the
 * visitor arrived with a traffic source.
 */
export function isSignupAllowed(signups: 'all' | 'with_trafficsource' | 'none', hasTrafficSource: boolean): boolean {
  return signups === 'all' || (signups === 'with_trafficsource' && hasTrafficSource);
}

/**
 * Whether logged-out search shows (SPEC.md 5): logged_out_search is not none, or
 * logged_out_search_trafficsource is not none and the visitor has a traffic source.
 */
export function isLoggedOutSearchAllowed(
  settings: { logged_out_search: string; logged_out_search_trafficsource: string },
  hasTrafficSource: boolean,
): boolean {
  if (settings.logged_out_search !== 'none') return true;
  return settings.logged_out_search_trafficsource !== 'none' && hasTrafficSource;
}

/**
 * Price after `percentage` off, in cents, rounded to the nearest cent and never below 1 (SPEC.md 3
 * Discount code). The server charges it and the client shows it, so the shown price is the charged one.
 */
export function discountedCents(priceCents: number, percentage: number | null | undefined): number {
  if (!percentage) return priceCents;
  return Math.max(1, Math.round((priceCents * (100 - percentage)) / 100));
}
