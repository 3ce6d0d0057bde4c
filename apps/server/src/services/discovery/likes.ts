import type { LikesResponse, MatchesResponse } from '@app/contracts';
import { listLikesOf, markLikeSeen, profilesByIds } from '../../db/repositories/likes.js';
import { listMatchesOf, markMatchSeen } from '../../db/repositories/matches.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { presentCard } from '../../presenters/profile.js';
import { requireOwnProfile } from './discovery-access.js';

/**
 * GET /api/likes.php (SPEC.md 3, 4, 7): every profile involved once, received likes (`liked_by`, new
 * first then newest), given likes (`likes`, newest first) and matches (`mutual`: liked both ways).
 * Likes of inactive or blocked profiles are left out. Input: `{ user }`.
 * @throws AppError forbidden (403) when the account has no profile
 */
export async function listLikes(deps: Pick<AppDeps, 'db' | 'clock'>, input: { user: UserRow }): Promise<LikesResponse> {
  const { db, clock } = deps;
  const { user } = input;
  const own = await requireOwnProfile(db, user);
  const { received, given } = await listLikesOf(db, own.id);
  const likedBack = new Set(received.map((l) => l.liker));
  const ids = [...new Set([...received.map((l) => l.liker), ...given.map((l) => l.liked)])];
  const now = clock.now();
  const cards = await profilesByIds(db, ids);
  const byId = new Map(cards.map((c) => [c.profile.id, presentCard(c, now)]));
  return {
    profiles: ids.flatMap((id) => byId.get(id) ?? []),
    liked_by: received.map((l) => ({ id: l.liker, like_new: l.isNew })),
    likes: given.map((l) => ({ id: l.liked })),
    mutual: given.filter((l) => likedBack.has(l.liked)).map((l) => ({ id: l.liked })),
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
 * @throws AppError forbidden (403) when the account has no profile
 */
export async function listMatches(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { user: UserRow; unseenOnly: boolean },
): Promise<MatchesResponse> {
  const { db, clock } = deps;
  const { user, unseenOnly } = input;
  const own = await requireOwnProfile(db, user);
  const matches = await listMatchesOf(db, own.id, unseenOnly);
  const now = clock.now();
  const cards = await profilesByIds(
    db,
    matches.map((m) => m.other),
  );
  const byId = new Map(cards.filter((c) => c.profile.status === 'active').map((c) => [c.profile.id, c]));
  return {
    matches: matches.flatMap((m) => {
      const card = byId.get(m.other);
      return card ? [{ profile: presentCard(card, now), created_at: m.createdAt.toISOString() }] : [];
    }),
  };
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
