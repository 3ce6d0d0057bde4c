import { deleteOwnPushSubscription } from '../../db/repositories/push-subscriptions.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';

/**
 * DELETE /api/push.php {endpoint}: the member turned push off in this browser; removes their own
 * subscription of `endpoint`. Another member's subscription of that endpoint stays (a member can
 * only remove their own). Harmless when there is none.
 * @returns `{ ok: true }`
 */
export async function removePushSubscription(
  deps: Pick<AppDeps, 'db'>,
  input: { user: UserRow; endpoint: string },
): Promise<{ ok: true }> {
  await deleteOwnPushSubscription(deps.db, input.user.id, input.endpoint);
  return { ok: true };
}
