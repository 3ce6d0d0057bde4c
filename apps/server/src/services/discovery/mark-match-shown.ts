import { markMatchSeen } from '../../db/repositories/matches.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { requireOwnProfile } from './discovery-access.js';

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
