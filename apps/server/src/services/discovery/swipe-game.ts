import { SWIPE_LIKES_PER_DAY } from '@app/contracts';
import type { ProfileRow, ProfileWithMain } from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import { countSwipeLikes, nextSwipeCandidate } from '../../db/repositories/swipes.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { DiscoveryDeps } from './like-member.js';
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

/**
 * The swipe game of `user` (own profile `own`) at the injected clock: the next card that fits the
 * member, the likes left today and the member-local day. Used by viewSwipeGame and swipeProfile.
 */
export async function stateFor(
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
