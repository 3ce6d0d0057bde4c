import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { JobQueue } from '../jobs/queue.js';
import type { DomainEvents } from './domain-events.js';

/** What the push subscriber needs. */
export interface NotificationSubscriberDeps {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  config: Config;
  log: (msg: string, err?: unknown) => void;
}

/**
 * Turns message_sent, like_given and match_made into `notify_push` jobs for the recipient
 * (issue: notifications). Returns the unsubscribe function.
 */
export function subscribePushNotifications(_events: DomainEvents, _deps: NotificationSubscriberDeps): () => void {
  return () => undefined;
}
