import type { Db } from '../db/client.js';
import { findProfileByUserId } from '../db/repositories/profiles.js';
import { presentMessage } from '../presenters/message.js';
import type { RealtimeBus } from '../realtime/bus.js';
import type { DomainEvents } from './domain-events.js';

/** Tells the member behind user `userId` their new balance (a `credits` realtime event). */
async function pushCredits(deps: { db: Db; bus: RealtimeBus }, userId: number, credits: number): Promise<void> {
  const own = await findProfileByUserId(deps.db, userId);
  if (own) await deps.bus.publish([own.profile.id], { type: 'credits', credits });
}

/**
 * Turns domain events into realtime pushes to members' sockets (docs/decisions/006-realtime.md):
 * a like to the liked member, a match to both, a block and removed chats reload chat lists, a sent
 * message to both sides (a gift message as ids only) and the balance to the sender, a read position to both, a payment's or
 * refund's balance to its member. Returns the function that unsubscribes all of them.
 */
export function subscribeRealtime(events: DomainEvents, deps: { db: Db; bus: RealtimeBus }): () => void {
  const { bus } = deps;
  const off = [
    events.on('like_given', (e) => bus.publish([e.liked], { type: 'like', profile: e.liker })),
    events.on('match_made', async (e) => {
      await bus.publish([e.liked], { type: 'match', profile: e.liker });
      await bus.publish([e.liker], { type: 'match', profile: e.liked });
    }),
    events.on('member_blocked', (e) => bus.publish([e.blocker, e.blocked], { type: 'chats' })),
    events.on('chats_removed', (e) => bus.publish([e.profile], { type: 'chats' })),
    events.on('message_sent', async (e) => {
      // A gift's name is read in each reader's language (docs/decisions/019-catalogue-texts.md), which
      // one payload for both sides cannot carry: a gift message goes as ids and each side fetches it.
      // A photo's recipient sees it blurred until the model has scored it (issue: explicit photos),
      // which one payload for both sides cannot say either: a photo also goes as ids. The recipient's
      // copy of a text carries the safety note's kinds (issue: safer conversations), the sender's
      // never: one payload for both unless the message has a warn signal.
      const ids = {
        type: 'message' as const,
        conversation: e.message.message.conversation_id,
        message_id: e.message.message.id,
      };
      const asIds = e.message.gift || e.message.message.kind === 'photo';
      const forRecipient = asIds ? undefined : presentMessage(e.message, undefined, e.recipient);
      const sends = [bus.publish([e.sender], { type: 'credits', credits: e.credits })];
      if (forRecipient?.safety_signals) {
        const forSender = presentMessage(e.message, undefined, e.sender);
        sends.push(bus.publish([e.recipient], { ...ids, message: forRecipient }));
        sends.push(bus.publish([e.sender], { ...ids, message: forSender }));
      } else {
        sends.push(bus.publish([e.recipient, e.sender], { ...ids, ...(forRecipient && { message: forRecipient }) }));
      }
      await Promise.all(sends);
    }),
    events.on('messages_read', (e) =>
      bus.publish([e.other, e.reader], {
        type: 'read',
        conversation: e.conversation,
        profile: e.reader,
        message: e.lastRead,
      }),
    ),
    events.on('payment_paid', (e) => pushCredits(deps, e.userId, e.credits)),
    events.on('payment_refunded', (e) => pushCredits(deps, e.userId, e.credits)),
    events.on('credits_adjusted', (e) => pushCredits(deps, e.userId, e.credits)),
  ];
  return () => {
    for (const unsubscribe of off) unsubscribe();
  };
}
