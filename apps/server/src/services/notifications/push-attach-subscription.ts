import type { PushSubscriptionInput } from '@app/contracts';
import { upsertPushSubscription } from '../../db/repositories/push-subscriptions.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { AppError, validationFailed } from '../../errors.js';
import { isAllowedPushEndpoint, isUsablePushKey } from '../../push/push-endpoints.js';

/** Devices a member may have; attaching one more drops the oldest. */
export const MAX_PUSH_DEVICES = 20;
/** Longest user agent kept with a subscription (characters). */
const USER_AGENT_MAX = 500;

/**
 * POST /api/user.php?push=1 {subscription} (SPEC.md 7): attaches this browser's push subscription
 * to the member `user`, never to anyone else. One row per endpoint: a browser that subscribed for
 * another member moves to this one (a shared device never gets the previous member's pushes); the
 * member keeps at most MAX_PUSH_DEVICES devices, the newest. `userAgent` names the device.
 * @returns `{ ok: true }`
 * @throws AppError push_endpoint_refused (400) when the endpoint is not https at a known push
 *   service nor a host of PUSH_ENDPOINT_HOSTS (docs/security.md: server-side request forgery)
 * @throws AppError validation_failed (400) when the keys cannot encrypt a payload (not a P-256 point, auth not 16 bytes)
 */
export async function attachPushSubscription(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { user: UserRow; subscription: PushSubscriptionInput; userAgent: string | undefined },
): Promise<{ ok: true }> {
  const { endpoint, keys } = input.subscription;
  if (!isAllowedPushEndpoint(endpoint, deps.config.notifications.pushEndpointHosts)) {
    throw new AppError('push_endpoint_refused', 400);
  }
  if (!isUsablePushKey(keys.p256dh, keys.auth)) {
    throw validationFailed({
      issues: [{ path: '/subscription/keys', message: 'not a usable P-256 public key and 16-byte auth secret' }],
    });
  }
  await upsertPushSubscription(
    deps.db,
    {
      userId: input.user.id,
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      userAgent: input.userAgent ? input.userAgent.slice(0, USER_AGENT_MAX) : null,
      now: deps.clock.now(),
    },
    MAX_PUSH_DEVICES,
  );
  return { ok: true };
}
