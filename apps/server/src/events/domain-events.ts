import type { MessageWithGift } from '../db/repositories/messages.js';

/**
 * What happened in the product, told after the transaction that made it happen committed (seams
 * issue, domain events and a durable job queue). Ids are profile ids unless named otherwise.
 */
export type DomainEvent =
  | { type: 'member_signed_up'; siteId: number; userId: number }
  | { type: 'photo_uploaded'; profileId: number; photoId: number; isPrivate: boolean; status: string }
  /** A new like (liking twice tells nothing). */
  | { type: 'like_given'; liker: number; liked: number }
  /** A new like made the two a match; `liker` gave the like that made it. */
  | { type: 'match_made'; liker: number; liked: number }
  | { type: 'member_blocked'; blocker: number; blocked: number }
  /** A message stored and paid (the row with its gift); `credits` is the sender's balance after it. */
  | { type: 'message_sent'; sender: number; recipient: number; message: MessageWithGift; credits: number }
  /** `reader` read `conversation` up to message `lastRead`. */
  | { type: 'messages_read'; conversation: number; reader: number; other: number; lastRead: number }
  /** `profile` removed `conversations` from their chat list. */
  | { type: 'chats_removed'; profile: number; conversations: number[] }
  /** A payment moved to paid; `credits` is the member's (user `userId`) balance after the purchase. */
  | { type: 'payment_paid'; paymentId: number; userId: number; credits: number }
  /** Staff refunded `cents` of a payment; `credits` is the balance after `creditsTaken` were taken back. */
  | {
      type: 'payment_refunded';
      paymentId: number;
      userId: number;
      cents: number;
      creditsTaken: number;
      credits: number;
    }
  /** Staff changed a member's balance by `delta` credits (a ledger adjustment); `credits` is the balance after. */
  | { type: 'credits_adjusted'; userId: number; delta: number; credits: number };

/** The name of a kind of domain event. */
export type DomainEventType = DomainEvent['type'];

/** The event of type `T`. */
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** Reacts to one event; a throw is logged and does not reach the emitter or other subscribers. */
export type DomainEventHandler<T extends DomainEventType> = (event: DomainEventOf<T>) => Promise<void> | void;

/**
 * The in-process domain event bus. Emit only after commit. Subscribers must be quick (the emitter
 * waits for them): work that must not be lost is a job enqueued in the transaction instead
 * (docs/decisions/009-jobs.md).
 */
export interface DomainEvents {
  /** Runs every subscriber of `event.type` (at once, each failure logged); resolves when all are done. */
  emit(event: DomainEvent): Promise<void>;
  /** Subscribes `handler` to events of `type`; returns the unsubscribe function. */
  on<T extends DomainEventType>(type: T, handler: DomainEventHandler<T>): () => void;
}

/** Builds an event bus without subscribers; `log` receives subscriber failures. */
export function createDomainEvents(log: (msg: string, err?: unknown) => void = () => undefined): DomainEvents {
  const handlers = new Map<DomainEventType, Set<DomainEventHandler<DomainEventType>>>();
  return {
    async emit(event) {
      const subscribed = handlers.get(event.type);
      if (!subscribed || subscribed.size === 0) return;
      await Promise.all(
        [...subscribed].map(async (handler) => {
          try {
            await handler(event as never);
          } catch (err) {
            log(`subscriber of ${event.type} failed`, err);
          }
        }),
      );
    },
    on(type, handler) {
      let set = handlers.get(type);
      if (!set) {
        set = new Set();
        handlers.set(type, set);
      }
      const entry = handler as unknown as DomainEventHandler<DomainEventType>;
      set.add(entry);
      return () => set.delete(entry);
    },
  };
}
