import type { TimeBonus } from '@app/contracts';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { effectiveExpiry } from './discount-rules.js';
import { automaticCodeFor } from './discounts.js';

/**
 * The member's time bonus (SPEC.md 4, 5, 9; GET /api/time-bonus.php): the site's active time_bonus
 * code (TIMEBONUS25) for a logged-in member who never paid, within TIME_BONUS_SECONDS (14400 s) of
 * signup_date and not used yet. `expires` is signup_date + 14400 s (or the code's own earlier end);
 * `seconds_left` counts whole seconds up to it, rounded up, so it is at least 1 while visible.
 * Returns null for visitors, paid members, and when the bonus is gone. Input: `{ site, user }`
 * (`user` null for a visitor); read at `deps.clock.now()`.
 */
export async function viewTimeBonus(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { site: SiteRow; user: UserRow | null },
): Promise<TimeBonus | null> {
  const { db } = deps;
  const { site, user } = input;
  if (!user) return null;
  const now = deps.clock.now();
  const row = await automaticCodeFor(db, site, user, 'time_bonus', { now });
  const expires = row && effectiveExpiry(row, user);
  if (!row || !expires) return null;
  return {
    code: row.code,
    value_percentage: row.value_percentage,
    expires: expires.toISOString(),
    seconds_left: Math.max(1, Math.ceil((expires.getTime() - now.getTime()) / 1000)),
  };
}
