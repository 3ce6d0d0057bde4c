import { deleteBlock } from '../../db/repositories/blocks.js';
import type { AppDeps } from '../../deps.js';
import { reachableProfile, requireOwnProfile } from './discovery-access.js';
import type { MemberInput } from './like-member.js';

/**
 * DELETE /api/block.php: the member lifts their block. Removed likes, matches and hidden history
 * stay removed. Input: `{ actor, site, user, targetId }`.
 * @throws AppError not_found (404) for unknown or own profiles
 */
export async function unblockMember(
  deps: Pick<AppDeps, 'db'>,
  input: MemberInput & { targetId: number },
): Promise<{ ok: true }> {
  const own = await requireOwnProfile(deps.db, input.user);
  const target = await reachableProfile(deps.db, input, own, input.targetId, { allowBlocked: true });
  await deleteBlock(deps.db, own.id, target.id);
  return { ok: true };
}
