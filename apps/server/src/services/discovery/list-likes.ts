import { listLikesOf, profilesByIds } from '../../db/repositories/likes.js';
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
  const { received, given } = await listLikesOf(db, own.id);
  const likedBack = new Set(received.map((l) => l.liker));
  const ids = [...new Set([...received.map((l) => l.liker), ...given.map((l) => l.liked)])];
  const cards = await profilesByIds(db, ids);
  const byId = new Map(cards.map((c) => [c.profile.id, c]));
  return {
    profiles: ids.flatMap((id) => byId.get(id) ?? []),
    received: received.map((l) => ({ liker: l.liker, isNew: l.isNew })),
    given: given.map((l) => l.liked),
    mutual: given.filter((l) => likedBack.has(l.liked)).map((l) => l.liked),
  };
}
