import type { Db } from '../../db/client.js';
import { deleteLike } from '../../db/repositories/likes.js';
import { deleteMatch } from '../../db/repositories/matches.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import { reachableProfile, requireOwnProfile } from './discovery-access.js';

/**
 * DELETE /api/like.php: the member takes back their like; a match between them ends (the other's
 * like stays). Unliking a profile that was not liked is harmless.
 * @throws AppError not_found (404) for unknown or own profiles
 */
export async function unlikeMember(db: Db, site: SiteRow, user: UserRow, targetId: number): Promise<{ ok: true }> {
  const own = await requireOwnProfile(db, user);
  const target = await reachableProfile(db, site, own, targetId, { allowBlocked: true });
  await db.transaction(async (tx) => {
    await deleteLike(tx, own.id, target.id);
    await deleteMatch(tx, own.id, target.id);
  });
  return { ok: true };
}
