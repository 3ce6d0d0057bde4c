import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { scheduleBatch } from '../../db/repositories/notification-batches.js';
import { findMailRecipientByProfile } from '../../db/repositories/notification-mail.js';
import type { JobQueue } from '../../jobs/queue.js';
import { MAIL_GATHER_SECONDS, MAIL_STALE_SECONDS, mayGetNotificationMail } from './mail-notification-rules.js';

/** What scheduling a notification mail needs (the event subscriber's collaborators). */
export interface MailScheduleDeps {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  config: Pick<Config, 'notifications'>;
}

/**
 * Something arrived for profile `profileId` (a message, a like, a match; issue: notifications):
 * unless the profile has no member (fictional) or the member may not get mail of `kind`, marks the
 * member's batch of that kind as waiting and enqueues its one `notify_mail` job, both in one
 * transaction, at max(now + MAIL_GATHER_SECONDS, last mail + NOTIFY_MAIL_INTERVAL_SECONDS). When a
 * mail of that kind already waits nothing is added: a burst gives one mail per kind per interval.
 * @returns when the mail job runs, or null when none was added
 */
export async function scheduleMailNotification(
  deps: MailScheduleDeps,
  input: { profileId: number; kind: 'message' | 'like' | 'match' },
): Promise<Date | null> {
  const now = deps.clock.now();
  const recipient = await findMailRecipientByProfile(deps.db, input.profileId);
  if (!recipient || !mayGetNotificationMail(recipient, input.kind, now)) return null;
  return deps.db.transaction(async (tx) => {
    const runAt = await scheduleBatch(tx, recipient.userId, input.kind, {
      now,
      delaySeconds: MAIL_GATHER_SECONDS,
      intervalSeconds: deps.config.notifications.mailIntervalSeconds,
      staleAfterSeconds: MAIL_STALE_SECONDS,
    });
    if (runAt) await deps.jobs.enqueue(tx, 'notify_mail', { user_id: recipient.userId, kind: input.kind }, { runAt });
    return runAt;
  });
}
