import type { MailNotificationKind } from '@app/contracts';
import type { Db } from '../db/client.js';
import { findNotificationTarget, type NotificationTarget } from '../db/repositories/notification-mail.js';

const targets = new WeakMap<object, Map<string, Promise<NotificationTarget | null>>>();

/**
 * The recipient `profileId` of `event` as the notification subscribers need it (mail and push),
 * read once per event and kind however many subscribers ask (issue: throughput: one round trip per
 * message instead of one per subscriber). The answer lives as long as the event object.
 * @throws database errors (to every subscriber that asked)
 */
export function notificationTargetOf(
  db: Db,
  event: object,
  profileId: number,
  kind: MailNotificationKind,
): Promise<NotificationTarget | null> {
  let known = targets.get(event);
  if (!known) {
    known = new Map();
    targets.set(event, known);
  }
  const key = `${profileId}:${kind}`;
  let target = known.get(key);
  if (!target) {
    target = findNotificationTarget(db, profileId, kind);
    known.set(key, target);
  }
  return target;
}
