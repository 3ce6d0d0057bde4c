import { hideConversationBetween, insertBlock } from '../../db/repositories/blocks.js';
import { deleteLikesBetween } from '../../db/repositories/likes.js';
import { deleteMatch } from '../../db/repositories/matches.js';
import { reachableProfile, requireOwnProfile } from './discovery-access.js';
import type { DiscoveryDeps, MemberInput } from './like-member.js';

/**
 * POST /api/block.php (SPEC.md 4): the member blocks a profile. In one transaction: the block, the
 * likes both ways and their match are removed, and their conversation is hidden for both sides
 * (conversation_members.deleted_at and cleared_at = now: older chat history is hidden). Both chat
 * lists are told to reload after commit. Blocking twice is harmless.
 * Input: `{ actor, site, user, targetId }` (the profile to block).
 * @throws AppError not_found (404) for unknown, inactive or own profiles
 */
export async function blockMember(
  deps: DiscoveryDeps,
  input: MemberInput & { targetId: number },
): Promise<{ ok: true }> {
  const own = await requireOwnProfile(deps.db, input.user);
  const target = await reachableProfile(deps.db, input, own, input.targetId, { allowBlocked: true });
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await insertBlock(tx, own.id, target.id, now);
    await deleteLikesBetween(tx, own.id, target.id);
    await deleteMatch(tx, own.id, target.id);
    await hideConversationBetween(tx, own.id, target.id, now);
  });
  await deps.events.emit({ type: 'member_blocked', blocker: own.id, blocked: target.id });
  return { ok: true };
}
