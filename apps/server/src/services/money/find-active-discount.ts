import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { automaticCodeFor, type MemberDiscount, memberDiscount } from './discounts.js';

/**
 * The member's active discount (SPEC.md 5: the time bonus if present, otherwise the welcome discount
 * code), as a MemberDiscount with the member's own `expires`; null for visitors and paid members.
 * Input: `{ site, user }` (`user` null for a visitor); read at `deps.clock.now()`.
 */
export async function findActiveDiscount(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { site: SiteRow; user: UserRow | null },
): Promise<MemberDiscount | null> {
  const { db } = deps;
  const { site, user } = input;
  if (!user || user.paid_user) return null;
  const now = deps.clock.now();
  const row =
    (await automaticCodeFor(db, site, user, 'time_bonus', { now })) ??
    (await automaticCodeFor(db, site, user, 'welcome', { now }));
  return row ? memberDiscount(row, user, now) : null;
}
