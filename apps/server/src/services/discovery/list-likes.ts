import { listLikesWithProfiles } from '../../db/repositories/likes.js';
import type { ProfileWithMain } from '../../db/repositories/profiles.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { requireOwnProfile } from './discovery-access.js';

/** A member's likes: the profiles involved and who liked whom, by profile id. */
export interface MemberLikes {
  /** Every profile involved once: received likes' first, then given likes'. */
  profiles: ProfileWithMain[];
  /** Likes received: the liker's profile id and whether the like is new; new first, then newest. */
  received: { liker: number; isNew: boolean }[];
  /** Profile ids the member liked, newest first. */
  given: number[];
  /** Of `given`, those who liked the member back (matches). */
  mutual: number[];
}

/**
 * GET /api/likes.php (SPEC.md 3, 4, 7): every profile involved once, received likes (`liked_by`, new
 * first then newest), given likes (`likes`, newest first) and matches (`mutual`: liked both ways).
 * Likes of inactive or blocked profiles are left out. Input: `{ user }`.
 * @returns `{ profiles, received, given, mutual }` (MemberLikes), presented by
 *   `presentLikes` as the LikesResponse
 * @throws AppError forbidden (403) when the account has no profile
 */
export async function listLikes(deps: Pick<AppDeps, 'db'>, input: { user: UserRow }): Promise<MemberLikes> {
  const { db } = deps;
  const { user } = input;
  const own = await requireOwnProfile(db, user);
  const rows = await listLikesWithProfiles(db, own.id);
  const received = rows.filter((r) => r.direction === 'received');
  const given = rows.filter((r) => r.direction === 'given');
  const likedBack = new Set(received.map((l) => l.liker));
  // Every profile once: received likes' first, then given likes'.
  const profiles = new Map<number, ProfileWithMain>();
  for (const r of rows) if (!profiles.has(r.other.profile.id)) profiles.set(r.other.profile.id, r.other);
  return {
    profiles: [...profiles.values()],
    received: received.map((l) => ({ liker: l.liker, isNew: l.isNew })),
    given: given.map((l) => l.liked),
    mutual: given.filter((l) => likedBack.has(l.liked)).map((l) => l.liked),
  };
}
