import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { JobPayloads } from '../jobs/kinds.js';
import type { JobQueue } from '../jobs/queue.js';
import type { DomainEvents } from './domain-events.js';
import { notificationTargetOf } from './notification-target.js';

/** What the push subscriber needs. */
export interface NotificationSubscriberDeps {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  config: Config;
  log: (msg: string, err?: unknown) => void;
}

/** Attempts of a push job: about two minutes of retries (2 + 4 + ... + 64 s); a late push is worth little. */
const PUSH_MAX_ATTEMPTS = 7;

/**
 * Enqueues the `notify_push` job of `job` for the member behind profile `recipient`, due after
 * NOTIFY_PUSH_DELAY_SECONDS (so a message read at once sends none). A fictional profile has no
 * member, and a member without a subscribed device has nowhere to push to: nothing. `uniqueKey`
 * makes one event one push however often it is told. The recipient is read once for the event's
 * mail and push subscribers together (notificationTargetOf), so a message to a member without push
 * costs no query of its own.
 */
async function enqueuePush(
  deps: NotificationSubscriberDeps,
  event: object,
  recipient: number,
  job: Omit<JobPayloads['notify_push'], 'user_id'>,
  uniqueKey: string,
): Promise<void> {
  const target = await notificationTargetOf(deps.db, event, recipient, job.kind);
  if (!target?.pushable) return;
  const userId = target.recipient.userId;
  const runAt = new Date(deps.clock.now().getTime() + deps.config.notifications.pushDelaySeconds * 1000);
  await deps.jobs.enqueue(
    deps.db,
    'notify_push',
    { user_id: userId, ...job },
    { runAt, uniqueKey, maxAttempts: PUSH_MAX_ATTEMPTS },
  );
}

/**
 * Turns message_sent, like_given and match_made into `notify_push` jobs for the recipient
 * (issue: notifications; docs/decisions/013-notifications.md): a message to its recipient (one job
 * per message), a like to the liked member, a match to the member who was liked (the liker sees
 * the match dialog at once). A like that makes a match pushes only the match: the like's job finds
 * the match when it runs and sends nothing. Like and match jobs are keyed per pair, so liking,
 * unliking and liking again does not push twice. Returns the unsubscribe function.
 */
export function subscribePushNotifications(events: DomainEvents, deps: NotificationSubscriberDeps): () => void {
  const off = [
    events.on('message_sent', (e) => {
      const { message } = e.message;
      return enqueuePush(
        deps,
        e,
        e.recipient,
        { kind: 'message', profile: e.sender, conversation: message.conversation_id, message: message.id },
        `push:message:${message.id}`,
      );
    }),
    events.on('like_given', (e) =>
      enqueuePush(deps, e, e.liked, { kind: 'like', profile: e.liker }, `push:like:${e.liker}:${e.liked}`),
    ),
    events.on('match_made', (e) =>
      enqueuePush(deps, e, e.liked, { kind: 'match', profile: e.liker }, `push:match:${e.liker}:${e.liked}`),
    ),
  ];
  return () => {
    for (const unsubscribe of off) unsubscribe();
  };
}
