import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { automaticCodeFor, type MemberDiscount, memberDiscount } from './discounts.js';

/**
 * The member's welcome code (SPEC.md 5; GET /api/discountcode.php?welcome=true), null when there is
 * none; a MemberDiscount otherwise. Input: `{ site, user }`; read at `deps.clock.now()`.
 */
export async function findWelcomeDiscount(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { site: SiteRow; user: UserRow },
): Promise<MemberDiscount | null> {
  const { site, user } = input;
  const now = deps.clock.now();
  const row = await automaticCodeFor(deps.db, site, user, 'welcome', { now });
  return row ? memberDiscount(row, user, now) : null;
}
