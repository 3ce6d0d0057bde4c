import { SWIPE_LIKES_PER_DAY, type SwipeBody } from '@app/contracts';
import type { ProfileRow, ProfileWithMain } from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import { countSwipeLikes, insertSwipe, lockUser, nextSwipeCandidate } from '../../db/repositories/swipes.js';
import type { UserRow } from '../../db/repositories/users.js';
import { AppError } from '../../errors.js';
import { reachableProfile, requireOwnProfile } from './discovery-access.js';
import { type DiscoveryDeps, type MemberInput, publishLike, storeLike } from './like-member.js';
import { defaultMemberPreferences } from './preferences.js';

/** The swipe game as the member stands (presented by `presentSwipeState`). */
export interface SwipeGame {
  /** The next profile to swipe, with its main photo; null when none is left. */
  next: ProfileWithMain | null;
  /** Likes left today; null for premium members (unlimited). */
  likesLeft: number | null;
  /** The member-local day, YYYY-MM-DD. */
  day: string;
}

/** Time zone used when a member's stored one is unknown to this runtime. */
const FALLBACK_TIME_ZONE = 'Europe/Amsterdam';

/**
 * The calendar date (YYYY-MM-DD) at `now` in `timeZone`: the swipe game's day, which ends at the
 * member's local midnight. Computed here with Intl from the injected clock, never with SQL now().
 */
export function localDay(now: Date, timeZone: string): string {
  const format = (tz: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  try {
    return format(timeZone);
  } catch {
    return format(FALLBACK_TIME_ZONE);
  }
}

/** Likes left today: null for premium members (unlimited), else SWIPE_LIKES_PER_DAY minus those given (SPEC.md 6). */
function likesLeft(user: UserRow, used: number): number | null {
  return user.paid_user ? null : Math.max(0, SWIPE_LIKES_PER_DAY - used);
}

async function stateFor(
  deps: Pick<DiscoveryDeps, 'db' | 'clock'>,
  site: SiteRow,
  user: UserRow,
  own: ProfileRow,
): Promise<SwipeGame> {
  const now = deps.clock.now();
  const day = localDay(now, user.timezone);
  const { fit, minAge, maxAge } = defaultMemberPreferences(own, now);
  const [used, next] = await Promise.all([
    countSwipeLikes(deps.db, own.id, day),
    nextSwipeCandidate(deps.db, { siteId: site.id, profileId: own.id, fit, minAge, maxAge, day, now }),
  ]);
  return { next, likesLeft: likesLeft(user, used), day };
}

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
