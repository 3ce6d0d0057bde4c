import {
  deletePushSubscriptionById,
  findPushRecipient,
  listPushSubscriptionsOf,
  markPushDelivered,
  type PushSubscriptionRow,
} from '../../db/repositories/push-subscriptions.js';
import type { AppDeps } from '../../deps.js';
import type { JobPayloads } from '../../jobs/kinds.js';
import { isAllowedPushEndpoint } from '../../push/push-endpoints.js';
import { PushDeliveryError, type PushSendOptions } from '../../push/push-sender.js';
import { isPushRecipientReachable, readPushNotice } from './push-notice.js';
import { buildPushMessage } from './push-payload.js';

/** What became of one device's push. */
type DeviceOutcome = 'sent' | 'gone' | 'refused' | 'transient';

/** Sends to one device; a push service's 404/410, or an endpoint no longer allowed, deletes it. */
async function pushToDevice(
  deps: Pick<AppDeps, 'db' | 'config' | 'push' | 'log'>,
  device: PushSubscriptionRow,
  body: string,
  options: PushSendOptions,
): Promise<DeviceOutcome> {
  // PUSH_ENDPOINT_HOSTS may have shrunk since the device was attached: never call what is no longer allowed.
  if (!isAllowedPushEndpoint(device.endpoint, deps.config.notifications.pushEndpointHosts)) {
    await deletePushSubscriptionById(deps.db, device.id);
    return 'gone';
  }
  try {
    const result = await deps.push.send(device, body, options);
    if (result === 'gone') await deletePushSubscriptionById(deps.db, device.id);
    return result;
  } catch (err) {
    const isTransient = !(err instanceof PushDeliveryError) || err.isTransient;
    deps.log(`push to subscription ${device.id} failed${isTransient ? '' : ' for good'}`, err);
    return isTransient ? 'transient' : 'refused';
  }
}

/**
 * The `notify_push` job (issue: notifications; SPEC.md 4 push): one push to every device of user
 * `user_id` about a message, like or match of profile `profile`, read from the current state
 * (`readPushNotice`): nothing when the account is gone, banned or suspended, push of that kind is
 * off in notification_settings, the member has no device, or the event no longer deserves one
 * (a message read by then: the open chat reads it at once). The payload (PushPayloadSchema) is in
 * the member's language. A device the push service no longer knows (404/410) is deleted; one that
 * took the push gets last_success_at.
 * @throws Error only when no device took the push and at least one failed transiently (network,
 *   429, 5xx): the job is retried, and since nothing was delivered a retry never repeats a push
 */
export async function sendPushNotification(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'push' | 'log'>,
  job: JobPayloads['notify_push'],
): Promise<void> {
  const { db } = deps;
  const recipient = await findPushRecipient(db, job.user_id, job.kind);
  if (!recipient || !isPushRecipientReachable(recipient, deps.clock.now())) return;
  const devices = await listPushSubscriptionsOf(db, recipient.userId);
  if (devices.length === 0) return;
  const notice = await readPushNotice(deps, recipient, job);
  if (!notice) return;
  const { payload, options } = buildPushMessage(notice, deps.config);
  const body = JSON.stringify(payload);
  const outcomes = await Promise.all(devices.map((device) => pushToDevice(deps, device, body, options)));
  const delivered = devices.filter((_, i) => outcomes[i] === 'sent').map((device) => device.id);
  await markPushDelivered(db, delivered, deps.clock.now());
  if (delivered.length === 0 && outcomes.includes('transient')) {
    throw new Error(`push to user ${recipient.userId} failed on every device; retrying`);
  }
}
