import { deleteBlock, hideConversationBetween, insertBlock } from '../../db/repositories/blocks.js';
import { deleteLikesBetween } from '../../db/repositories/likes.js';
import { deleteMatch } from '../../db/repositories/matches.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import { eventsOf } from '../../events/event-deps.js';
import { reachableProfile, requireOwnProfile } from './discovery-access.js';
import type { DiscoveryDeps } from './like-member.js';

/**
 * POST /api/block.php (SPEC.md 4): the member blocks a profile. In one transaction: the block, the
 * likes both ways and their match are removed, and their conversation is hidden for both sides
 * (conversation_members.deleted_at and cleared_at = now: older chat history is hidden). Both chat
 * lists are told to reload after commit. Blocking twice is harmless.
 * @throws AppError not_found (404) for unknown, inactive or own profiles
 */
export async function blockMember(
  deps: DiscoveryDeps,
  site: SiteRow,
  user: UserRow,
  targetId: number,
): Promise<{ ok: true }> {
  const own = await requireOwnProfile(deps.db, user);
  const target = await reachableProfile(deps.db, site, own, targetId, { allowBlocked: true });
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await insertBlock(tx, own.id, target.id, now);
    await deleteLikesBetween(tx, own.id, target.id);
    await deleteMatch(tx, own.id, target.id);
    await hideConversationBetween(tx, own.id, target.id, now);
  });
  await eventsOf(deps).emit({ type: 'member_blocked', blocker: own.id, blocked: target.id });
  return { ok: true };
}

/**
 * DELETE /api/block.php: the member lifts their block. Removed likes, matches and hidden history
 * stay removed.
 * @throws AppError not_found (404) for unknown or own profiles
 */
export async function unblockMember(
  deps: DiscoveryDeps,
  site: SiteRow,
  user: UserRow,
  targetId: number,
): Promise<{ ok: true }> {
  const own = await requireOwnProfile(deps.db, user);
  const target = await reachableProfile(deps.db, site, own, targetId, { allowBlocked: true });
  await deleteBlock(deps.db, own.id, target.id);
  return { ok: true };
}
