import { markLikeSeen } from '../../db/repositories/likes.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { requireOwnProfile } from './discovery-access.js';

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
