import { hasLike } from '../db/repositories/likes.js';
import { scheduleMailNotification } from '../services/notifications/mail-notification-schedule.js';
import type { DomainEvents } from './domain-events.js';
import { notificationTargetOf } from './notification-target.js';
import type { NotificationSubscriberDeps } from './push-subscriber.js';

/**
 * Turns message_sent, like_given and match_made into batched `notify_mail` jobs for the recipient
 * (issue: notifications; docs/decisions/013-notifications.md): the recipient of a message, the
 * member who was liked, and of a match the member who was liked (the liker saw the match at once).
 * A like that made a match is mailed as the match only. Profiles without a member (fictional) get
 * nothing. Returns the unsubscribe function.
 */
export function subscribeMailNotifications(events: DomainEvents, deps: NotificationSubscriberDeps): () => void {
  const off = [
    events.on('message_sent', async (e) => {
      const target = await notificationTargetOf(deps.db, e, e.recipient, 'message');
      await scheduleMailNotification(deps, { profileId: e.recipient, kind: 'message' }, target);
    }),
    events.on('like_given', async (e) => {
      // like_given comes first and match_made follows: a like returned is the match's mail.
      if (await hasLike(deps.db, e.liked, e.liker)) return;
      const target = await notificationTargetOf(deps.db, e, e.liked, 'like');
      await scheduleMailNotification(deps, { profileId: e.liked, kind: 'like' }, target);
    }),
    events.on('match_made', async (e) => {
      const target = await notificationTargetOf(deps.db, e, e.liked, 'match');
      await scheduleMailNotification(deps, { profileId: e.liked, kind: 'match' }, target);
    }),
  ];
  return () => {
    for (const unsubscribe of off) unsubscribe();
  };
}
