import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import { requireOwnProfile } from './discovery-access.js';
import type { DiscoveryDeps } from './like-member.js';
import { type SwipeGame, stateFor } from './swipe-game.js';

/**
 * GET /api/swipe-game.php (SPEC.md 2, 6): the next card (one that fits the member by gender,
 * sexuality and age, docs/matching.md; never one swiped today, never one already liked), the likes
 * left today and the member-local day. Input: `{ site, user }`.
 * @returns `{ next, likesLeft, day }` (SwipeGame)
 * @throws AppError forbidden (403) when the account has no profile
 */
export async function viewSwipeGame(
  deps: Pick<DiscoveryDeps, 'db' | 'clock'>,
  input: { site: SiteRow; user: UserRow },
): Promise<SwipeGame> {
  const { site, user } = input;
  const own = await requireOwnProfile(deps.db, user);
  return stateFor(deps, site, user, own);
}
