import { SWIPE_LIKES_PER_DAY, type SwipeBody } from '@app/contracts';
import { countSwipeLikes, insertSwipe, lockUser } from '../../db/repositories/swipes.js';
import { AppError } from '../../errors.js';
import { reachableProfile, requireOwnProfile } from './discovery-access.js';
import { type DiscoveryDeps, type MemberInput, publishLike, storeLike } from './like-member.js';
import { localDay, type SwipeGame, stateFor } from './swipe-game.js';

/**
 * POST /api/swipe-game.php: like or pass on a card. A like counts against the free quota of
 * SWIPE_LIKES_PER_DAY per member-local day; premium members are unlimited. Swiping the same profile
 * twice on one day changes nothing. Input: `{ actor, site, user, body }` (body: profile id and action).
 * @returns the game after the swipe and whether the like made a match: `{ next, likesLeft, day, match }`
 * @throws AppError premium_required (403, data { reason: 'swipe_likes_per_day', limit }) when a free
 *   member has no likes left today
 * @throws AppError not_found (404) for unknown, own or blocked profiles
 */
export async function swipeProfile(
  deps: DiscoveryDeps,
  input: MemberInput & { body: SwipeBody },
): Promise<SwipeGame & { match: boolean }> {
  const { site, user, body } = input;
  const own = await requireOwnProfile(deps.db, user);
  const target = await reachableProfile(deps.db, input, own, body.profile);
  const now = deps.clock.now();
  const day = localDay(now, user.timezone);
  const result = await deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    if (body.action === 'like' && !user.paid_user) {
      const used = await countSwipeLikes(tx, own.id, day);
      if (used >= SWIPE_LIKES_PER_DAY) {
        throw new AppError('premium_required', 403, { reason: 'swipe_likes_per_day', limit: SWIPE_LIKES_PER_DAY });
      }
    }
    const isFirst = await insertSwipe(tx, { profileId: own.id, target: target.id, day, action: body.action, at: now });
    if (!isFirst || body.action === 'pass') return { isNew: false, match: false };
    return storeLike(tx, { siteId: site.id, liker: own.id, target: target.id, source: 'swipe', at: now });
  });
  await publishLike(deps, own.id, target.id, result);
  return { ...(await stateFor(deps, site, user, own)), match: result.match };
}
