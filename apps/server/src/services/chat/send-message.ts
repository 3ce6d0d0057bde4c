import type { Db } from '../../db/client.js';
import { findGift, type GiftRow } from '../../db/repositories/gifts.js';
import {
  findByClientId,
  isClientIdConflict,
  type MessageWithGift,
  type PaidSend,
  type PaidSendResult,
  storePaidMessage,
} from '../../db/repositories/messages.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import { findUserById, type UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { notFound, validationFailed } from '../../errors.js';
import { requireOwnProfile } from '../profile/own-profile.js';
import { analyseText, messageNeedsConfirmation, type TextSignals } from '../safety/message-signals.js';
import {
  blockedError,
  chatCosts,
  conversationLimit,
  conversationLimitReached,
  notEnoughCredits,
  recipientNotConfirmed,
} from './chat-rules.js';

/** What is sent: a text, a gift of the catalogue, or an already stored photo (chat-photo.ts). */
export type Outgoing =
  | { kind: 'text'; text: string }
  | { kind: 'gift'; giftId: number }
  | { kind: 'photo'; filename: string; thumbFilename: string };

/**
 * The result of a send, before presenting (`presentSendResult`): the stored message with its gift,
 * the sender's balance after it in credits, and whether this was a retry of a stored send
 * (`duplicate`: nothing was paid again).
 */
export interface SentMessage {
  message: MessageWithGift;
  /** The sender's balance in credits after the send (the current balance for a duplicate). */
  credits: number;
  duplicate: boolean;
}

/** What sending needs from the container. */
export type SendDeps = Pick<AppDeps, 'db' | 'clock' | 'bus' | 'events'>;

/** The input of `sendMessage`: who sends on which site, to which profile, the client's retry key and what. */
export interface SendMessageInput {
  site: SiteRow;
  user: UserRow;
  /** The recipient's profile id. */
  profileId: number;
  /** The client's id of this send: a retry with the same id is answered with the stored message. */
  clientId: string;
  outgoing: Outgoing;
  /**
   * The sender confirmed the text's risky parts (issue: safer conversations); without it a text with
   * a link, phone number, e-mail address or messenger handle is refused with 409 message_needs_confirmation.
   */
  confirmed?: boolean | undefined;
}

/** A message without text signals (gifts, photos, texts with none). */
const NO_SIGNALS: TextSignals = { stored: [], confirm: [], weight: 0 };
/** Account statuses that cannot receive messages (gone or banned: as good as absent). */
const UNREACHABLE = ['pending_deletion', 'banned', 'erased'];
/** Account status of a recipient who must confirm their email before anyone can write to them. */
const UNCONFIRMED = 'not_confirmed';
/** Runs of the send statement before giving up when the payer's row keeps changing under it. */
const MAX_ATTEMPTS = 20;
/** Members whose own profile id and country are remembered (a hint the send statement verifies). */
const SENDER_CACHE_SIZE = 10_000;

type Sender = { profileId: number; country: string };
const senderCaches = new WeakMap<Db, Map<number, Sender>>();

/**
 * The sender's profile id and country: remembered per member so a send needs no lookup first. It
 * is only a hint: the send statement refuses with profile_changed when it no longer holds.
 */
async function senderOf(db: Db, user: UserRow, isFresh: boolean): Promise<Sender> {
  let cache = senderCaches.get(db);
  if (!cache) {
    cache = new Map();
    senderCaches.set(db, cache);
  }
  const known = isFresh ? undefined : cache.get(user.id);
  if (known) return known;
  const { profile } = await requireOwnProfile(db, user);
  if (cache.size >= SENDER_CACHE_SIZE) cache.clear();
  const sender = { profileId: profile.id, country: profile.country };
  cache.set(user.id, sender);
  return sender;
}

/** The text of a message: trimmed, 1..site.message_length characters (SPEC.md 5). */
function checkText(site: SiteRow, text: string): string {
  const trimmed = text.trim();
  if (trimmed.length === 0) throw validationFailed({ field: 'text' });
  // Only count code points when the UTF-16 length could exceed the limit.
  if (trimmed.length > site.message_length && [...trimmed].length > site.message_length) {
    throw validationFailed({ field: 'text', max: site.message_length });
  }
  return trimmed;
}

/** The refusal of a send statement as the AppError the member sees. */
function refusal(result: PaidSendResult, cost: number) {
  switch (result.status) {
    case 'self':
      return validationFailed({ field: 'profile' });
    case 'not_found':
      return notFound();
    case 'blocked':
      return blockedError();
    case 'recipient_not_confirmed':
      return recipientNotConfirmed();
    case 'not_enough_credits':
      return notEnoughCredits(cost, result.credits);
    case 'conversation_limit':
      return conversationLimitReached();
    default:
      return new Error(`unexpected send status ${result.status}`);
  }
}

/**
 * Runs the send statement until it settles: again on a fresh snapshot when another send of the
 * member committed while this one waited for the balance (stale), and with the own profile looked
 * up again when it changed (profile_changed: the country sets the price).
 */
async function settle(
  db: Db,
  user: UserRow,
  hint: Sender,
  priceFor: (country: string) => number,
  send: Omit<PaidSend, 'country' | 'cost'>,
): Promise<{ result: PaidSendResult; sender: Sender; cost: number }> {
  let sender = hint;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const cost = priceFor(sender.country);
    const result = await storePaidMessage(db, { ...send, country: sender.country, cost });
    if (result.status === 'stale') continue;
    if (result.status !== 'profile_changed') return { result, sender, cost };
    sender = await senderOf(db, user, true);
    if (send.recipientProfileId === sender.profileId) throw validationFailed({ field: 'profile' });
  }
  throw new Error(`send did not settle after ${MAX_ATTEMPTS} attempts`);
}

/**
 * Sends a text, gift or photo from `user` to profile `profileId` (SPEC.md 2 chat, 3 credits, 4-6).
 * Costs: a text max(message_credits, minimum_message_costs of the sender's country), a photo
 * photo_credits, a gift its catalogue price. In ONE statement (storePaidMessage): the recipient
 * checks, the conditional debit, the free conversation limit, the conversation, the message and its
 * ledger row (reference message:<id>); a retry with the same `clientId` returns the stored message
 * without paying again. Events go out after the commit: the message to both sides, the new balance
 * to the sender. Fictional recipients are answered by staff later; nothing is answered automatically.
 * Input: `{ site, user, profileId, clientId, outgoing }` (SendMessageInput); costs in credits.
 * Safer conversations (docs/decisions/021-safer-conversations.md): a text's signals are detected
 * first; contact details need `confirmed`; the signals are stored on the message and their weight
 * raises the sender's decaying risk score in the same statement; above the site's hold threshold a
 * message to a member is stored held (not delivered, not charged, no event; `held_at` set).
 * Returns a SentMessage (the message row with its gift, the balance in credits, `duplicate`).
 * @throws AppError message_needs_confirmation (409, data MessageNeedsConfirmationData) for a text
 *   with a link, phone number, e-mail or messenger handle without `confirmed`; nothing stored
 * @throws AppError not_enough_credits (402, data {cost, credits}), premium_required (403, data.reason
 *   conversation_limit), blocked (403), recipient_not_confirmed (403), not_found (404), validation_failed (400)
 */
export async function sendMessage(deps: SendDeps, input: SendMessageInput): Promise<SentMessage> {
  const { db, clock } = deps;
  const { site, user, profileId, clientId, outgoing } = input;
  let sender = await senderOf(db, user, false);
  if (profileId === sender.profileId) throw validationFailed({ field: 'profile' });
  let gift: GiftRow | null = null;
  let body = '';
  let signals: TextSignals = NO_SIGNALS;
  if (outgoing.kind === 'text') {
    body = checkText(site, outgoing.text);
    // Pure CPU before the statement (docs/decisions/021-safer-conversations.md): the sender is asked
    // first about contact details; the findings and their weight go into the one send statement.
    signals = analyseText(body, [user.language, ...site.languages]);
    if (signals.confirm.length > 0 && !input.confirmed) throw messageNeedsConfirmation(signals.confirm);
  }
  if (outgoing.kind === 'gift') {
    gift = await findGift(db, site.id, outgoing.giftId);
    if (!gift) throw validationFailed({ field: 'gift' });
  }
  const priceFor = (country: string) => {
    if (gift) return gift.credits;
    const costs = chatCosts(site, country);
    return outgoing.kind === 'text' ? costs.message : costs.photo;
  };
  const limit = conversationLimit(user);
  const now = clock.now();
  let settled: Awaited<ReturnType<typeof settle>>;
  try {
    settled = await settle(db, user, sender, priceFor, {
      userId: user.id,
      siteId: site.id,
      recipientProfileId: profileId,
      unreachableStatuses: UNREACHABLE,
      unconfirmedStatus: UNCONFIRMED,
      conversationLimit: Number.isFinite(limit) ? limit : null,
      kind: outgoing.kind,
      body,
      photoFilename: outgoing.kind === 'photo' ? outgoing.filename : null,
      photoThumbFilename: outgoing.kind === 'photo' ? outgoing.thumbFilename : null,
      giftId: gift?.id ?? null,
      clientId,
      ledgerReason: outgoing.kind === 'text' ? 'message' : outgoing.kind,
      now,
      signals: signals.stored,
      riskWeight: signals.weight,
    });
  } catch (err) {
    // A retry of a stored send: the unique client_id refused it. No read before the statement:
    // the unique index is the check, so a normal send costs no extra query.
    if (!isClientIdConflict(err)) throw err;
    return duplicateOrThrow(db, user, sender.profileId, clientId, err);
  }
  const { result, cost } = settled;
  sender = settled.sender;
  if (result.status !== 'ok' || result.messageId === null || result.conversationId === null) {
    const error = refusal(result, cost);
    // A retry of a stored send that now fails a check of the payment the first attempt passed.
    if (result.status === 'not_enough_credits' || result.status === 'conversation_limit') {
      return duplicateOrThrow(db, user, sender.profileId, clientId, error);
    }
    throw error;
  }

  const message: MessageWithGift = {
    message: {
      id: result.messageId,
      conversation_id: result.conversationId,
      sender_profile_id: sender.profileId,
      kind: outgoing.kind,
      body,
      photo_filename: outgoing.kind === 'photo' ? outgoing.filename : null,
      photo_thumb_filename: outgoing.kind === 'photo' ? outgoing.thumbFilename : null,
      gift_id: gift?.id ?? null,
      credits_spent: cost,
      client_id: clientId,
      staff_id: null,
      waited_seconds: null,
      signals: signals.stored.length > 0 ? signals.stored : null,
      held_at: result.held ? now : null,
      dropped_at: null,
      created_at: now,
    },
    gift,
  };
  // A held message is not delivered: no event (socket, push, mail) until a moderator releases it;
  // nothing was charged, so the balance did not change either.
  if (result.held) return { message, credits: result.credits, duplicate: false };
  await deps.events.emit({
    type: 'message_sent',
    sender: sender.profileId,
    recipient: profileId,
    message,
    credits: result.credits,
  });
  return { message, credits: result.credits, duplicate: false };
}

/** The answer to a retried send (the stored message and the current balance; nothing is paid), else `err`. */
async function duplicateOrThrow(
  db: Db,
  user: UserRow,
  senderProfileId: number,
  clientId: string,
  err: unknown,
): Promise<SentMessage> {
  const earlier: MessageWithGift | null = await findByClientId(db, senderProfileId, clientId);
  if (!earlier) throw err;
  const fresh = await findUserById(db, user.id);
  return { message: earlier, credits: fresh?.credits ?? user.credits, duplicate: true };
}
