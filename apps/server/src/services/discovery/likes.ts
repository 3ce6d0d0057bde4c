import { listLikesOf, markLikeSeen, profilesByIds } from '../../db/repositories/likes.js';
import { listMatchesOf, markMatchSeen } from '../../db/repositories/matches.js';
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

/** A match of the member: the other side's profile and when it was made. */
export interface MemberMatch {
  profile: ProfileWithMain;
  createdAt: Date;
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

/**
 * POST /api/likes-seen.php: the member opened the profile of someone who liked them (/likes/m/{id}),
 * which clears that like's new flag (SPEC.md 4). Harmless when there is no such like.
 * Input: `{ user, likerId }` (the liker's profile id).
 * @throws AppError forbidden (403) when the account has no profile
 */
export async function markLikeFromSeen(
  deps: Pick<AppDeps, 'db'>,
  input: { user: UserRow; likerId: number },
): Promise<{ ok: true }> {
  const { db } = deps;
  const { user, likerId } = input;
  const own = await requireOwnProfile(db, user);
  await markLikeSeen(db, likerId, own.id);
  return { ok: true };
}

/**
 * GET /api/matches.php (SPEC.md 2, match dialog): the member's matches, newest first; `unseenOnly`
 * those whose dialog has not been shown to this member yet (polled with the user refresh).
 * Input: `{ user, unseenOnly }`.
 * @returns the matches with active profiles, `{ profile, createdAt }[]` (MemberMatch), presented by
 *   `presentMatches` as the MatchesResponse
 * @throws AppError forbidden (403) when the account has no profile
 */
export async function listMatches(
  deps: Pick<AppDeps, 'db'>,
  input: { user: UserRow; unseenOnly: boolean },
): Promise<MemberMatch[]> {
  const { db } = deps;
  const { user, unseenOnly } = input;
  const own = await requireOwnProfile(db, user);
  const matches = await listMatchesOf(db, own.id, unseenOnly);
  const cards = await profilesByIds(
    db,
    matches.map((m) => m.other),
  );
  const byId = new Map(cards.filter((c) => c.profile.status === 'active').map((c) => [c.profile.id, c]));
  return matches.flatMap((m) => {
    const card = byId.get(m.other);
    return card ? [{ profile: card, createdAt: m.createdAt }] : [];
  });
}

/**
 * POST /api/matches-seen.php: the match dialog with profile `other` was shown to the member.
 * Input: `{ user, other }`.
 * @throws AppError forbidden (403) when the account has no profile
 */
export async function markMatchShown(
  deps: Pick<AppDeps, 'db'>,
  input: { user: UserRow; other: number },
): Promise<{ ok: true }> {
  const { db } = deps;
  const { user, other } = input;
  const own = await requireOwnProfile(db, user);
  await markMatchSeen(db, own.id, other);
  return { ok: true };
}
