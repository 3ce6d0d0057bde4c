import { deleteLike } from '../../db/repositories/likes.js';
import { deleteMatch } from '../../db/repositories/matches.js';
import type { AppDeps } from '../../deps.js';
import { reachableProfile, requireOwnProfile } from './discovery-access.js';
import type { MemberInput } from './like-member.js';

/**
 * DELETE /api/like.php: the member takes back their like; a match between them ends (the other's
 * like stays). Unliking a profile that was not liked is harmless. Input: `{ actor, site, user, targetId }`.
 * @throws AppError not_found (404) for unknown or own profiles
 */
export async function unlikeMember(
  deps: Pick<AppDeps, 'db'>,
  input: MemberInput & { targetId: number },
): Promise<{ ok: true }> {
  const { db } = deps;
  const own = await requireOwnProfile(db, input.user);
  const target = await reachableProfile(db, input, own, input.targetId, { allowBlocked: true });
  await db.transaction(async (tx) => {
    await deleteLike(tx, own.id, target.id);
    await deleteMatch(tx, own.id, target.id);
  });
  return { ok: true };
}
