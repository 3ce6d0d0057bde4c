import type { LikeResponse } from '@app/contracts';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { hasLike, insertLike, type LikeSource } from '../../db/repositories/likes.js';
import { insertMatch } from '../../db/repositories/matches.js';
import type { ProfileRow } from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { DomainEvents } from '../../events/domain-events.js';
import { type EventDeps, eventsOf } from '../../events/event-deps.js';
import type { RealtimeBus } from '../../realtime/bus.js';
import { reachableProfile, requireOwnProfile } from './discovery-access.js';

/** What the like use cases need. */
export interface DiscoveryDeps {
  db: Db;
  clock: Clock;
  bus: RealtimeBus;
  /** Domain events (AppDeps); without it only realtime pushes go out (events/event-deps.ts). */
  events?: DomainEvents;
}

/**
 * Stores the like of `liker` for `target` and, when `target` already liked back, their match
 * (SPEC.md 2, 3: mutual likes are matches). Runs inside the caller's transaction; returns whether it
 * is a match now and whether the like is new, for the events to publish after commit.
 */
export async function storeLike(
  db: Db,
  like: { siteId: number; liker: number; target: number; source: LikeSource; at: Date },
): Promise<{ isNew: boolean; match: boolean }> {
  const isNew = await insertLike(db, {
    siteId: like.siteId,
    liker: like.liker,
    liked: like.target,
    source: like.source,
    at: like.at,
  });
  const match = await hasLike(db, like.target, like.liker);
  // The liker learns of the match in this answer; the other sees the match dialog on their next page.
  if (match)
    await insertMatch(db, { siteId: like.siteId, x: like.liker, y: like.target, seenBy: like.liker, at: like.at });
  return { isNew, match };
}

/** Emits `like_given` (and `match_made` when the like made a match) after the transaction committed. */
export async function publishLike(
  deps: EventDeps,
  liker: number,
  target: number,
  r: { isNew: boolean; match: boolean },
) {
  if (!r.isNew) return;
  const events = eventsOf(deps);
  await events.emit({ type: 'like_given', liker, liked: target });
  if (r.match) await events.emit({ type: 'match_made', liker, liked: target });
}

/**
 * POST /api/like.php: the member likes a profile (SPEC.md 2, 7). A like is only ever made by the
 * member themself (DECISIONS.md). Liking twice is harmless.
 * @returns `{ liked: true, match }`, match when the other had liked the member too
 * @throws AppError not_found (404) for unknown, inactive, own or blocked profiles
 */
export async function likeMember(
  deps: DiscoveryDeps,
  site: SiteRow,
  user: UserRow,
  targetId: number,
): Promise<LikeResponse> {
  const own = await requireOwnProfile(deps.db, user);
  const target: ProfileRow = await reachableProfile(deps.db, site, own, targetId);
  const at = deps.clock.now();
  const result = await deps.db.transaction((tx) =>
    storeLike(tx, { siteId: site.id, liker: own.id, target: target.id, source: 'member', at }),
  );
  await publishLike(deps, own.id, target.id, result);
  return { liked: true, match: result.match };
}
