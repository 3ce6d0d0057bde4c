import type { LikeResponse } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { hasLike, insertLike, type LikeSource } from '../../db/repositories/likes.js';
import { insertMatch } from '../../db/repositories/matches.js';
import type { ProfileRow } from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { reachableProfile, requireOwnProfile } from './discovery-access.js';

/** What the discovery use cases need from the container. */
export type DiscoveryDeps = Pick<AppDeps, 'db' | 'clock' | 'bus' | 'events'>;

/** Who asks (`actor`, for the policy), on which site, as which member: the input of discovery use cases. */
export interface MemberInput {
  actor: Actor;
  site: SiteRow;
  user: UserRow;
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
  deps: Pick<AppDeps, 'events'>,
  liker: number,
  target: number,
  r: { isNew: boolean; match: boolean },
) {
  if (!r.isNew) return;
  const events = deps.events;
  await events.emit({ type: 'like_given', liker, liked: target });
  if (r.match) await events.emit({ type: 'match_made', liker, liked: target });
}

/**
 * POST /api/like.php: the member likes profile `targetId` (SPEC.md 2, 7). A like is only ever made
 * by the member themself (DECISIONS.md). Liking twice is harmless.
 * Input: `{ actor, site, user, targetId }`.
 * @returns `{ liked: true, match }`, match when the other had liked the member too
 * @throws AppError not_found (404) for unknown, inactive, own or blocked profiles
 */
export async function likeMember(
  deps: DiscoveryDeps,
  input: MemberInput & { targetId: number },
): Promise<LikeResponse> {
  const { site, user, targetId } = input;
  const own = await requireOwnProfile(deps.db, user);
  const target: ProfileRow = await reachableProfile(deps.db, input, own, targetId);
  const at = deps.clock.now();
  const result = await deps.db.transaction((tx) =>
    storeLike(tx, { siteId: site.id, liker: own.id, target: target.id, source: 'member', at }),
  );
  await publishLike(deps, own.id, target.id, result);
  return { liked: true, match: result.match };
}
