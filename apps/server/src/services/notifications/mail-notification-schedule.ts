import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { scheduleBatchWithJob } from '../../db/repositories/notification-batches.js';
import { findNotificationTarget, type NotificationTarget } from '../../db/repositories/notification-mail.js';
import { DEFAULT_MAX_ATTEMPTS, type JobQueue } from '../../jobs/queue.js';
import { MAIL_GATHER_SECONDS, MAIL_STALE_SECONDS, mayGetNotificationMail } from './mail-notification-rules.js';

/** What scheduling a notification mail needs (the event subscriber's collaborators). */
export interface MailScheduleDeps {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  config: Pick<Config, 'notifications'>;
}

/**
 * Seconds a waiting mail must still be away for an event to leave it alone without touching the
 * batch: its job cannot have started gathering yet, so it will include this event. Closer than
 * that, the batch upsert decides (it waits for the job's lock on the row).
 */
const WAITING_MARGIN_SECONDS = 10;

/**
 * Something arrived for profile `profileId` (a message, a like, a match; issue: notifications):
 * unless the profile has no member (fictional) or the member may not get mail of `kind`, marks the
 * member's batch of that kind as waiting and enqueues its one `notify_mail` job, both in one
 * statement (scheduleBatchWithJob), at max(now + MAIL_GATHER_SECONDS, last mail +
 * NOTIFY_MAIL_INTERVAL_SECONDS). When a mail of that kind already waits nothing is added: a burst
 * gives one mail per kind per interval, and an event that finds the mail due more than
 * WAITING_MARGIN_SECONDS away costs one read (issue: throughput). `target` is that read when the
 * caller has it already (events/notification-target.ts), else it is made here.
 * @returns when the mail job runs, or null when none was added
 */
export async function scheduleMailNotification(
  deps: MailScheduleDeps,
  input: { profileId: number; kind: 'message' | 'like' | 'match' },
  target?: NotificationTarget | null,
): Promise<Date | null> {
  const now = deps.clock.now();
  if (target === undefined) target = await findNotificationTarget(deps.db, input.profileId, input.kind);
  if (!target || !mayGetNotificationMail(target.recipient, input.kind, now)) return null;
  if (target.waitingUntil && target.waitingUntil.getTime() > now.getTime() + WAITING_MARGIN_SECONDS * 1000) {
    return null;
  }
  const userId = target.recipient.userId;
  return scheduleBatchWithJob(
    deps.db,
    userId,
    input.kind,
    {
      now,
      delaySeconds: MAIL_GATHER_SECONDS,
      intervalSeconds: deps.config.notifications.mailIntervalSeconds,
      staleAfterSeconds: MAIL_STALE_SECONDS,
    },
    { kind: 'notify_mail', payload: { user_id: userId, kind: input.kind }, maxAttempts: DEFAULT_MAX_ATTEMPTS },
  );
}
