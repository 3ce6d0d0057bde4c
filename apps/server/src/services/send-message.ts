import type { SendMessageResult } from '@app/contracts';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import {
  countOpenConversations,
  ensureConversation,
  findPairForSender,
  findRecipient,
  recordMessageActivity,
} from '../db/repositories/conversations.js';
import { debitCredits, recordDebit } from '../db/repositories/credit-ledger.js';
import { findGift, type GiftRow } from '../db/repositories/gifts.js';
import {
  findByClientId,
  insertMessage,
  isClientIdConflict,
  type MessageWithGift,
} from '../db/repositories/messages.js';
import type { ProfileRow } from '../db/repositories/profiles.js';
import type { SiteRow } from '../db/repositories/sites.js';
import { findUserById, type UserRow } from '../db/repositories/users.js';
import { AppError, notFound, validationFailed } from '../errors.js';
import type { RealtimeBus } from '../realtime/bus.js';
import { presentMessage } from './chat-presenter.js';
import {
  blockedError,
  chatCosts,
  conversationLimit,
  conversationLimitReached,
  notEnoughCredits,
  recipientNotConfirmed,
} from './chat-rules.js';
import { requireOwnProfile } from './own-profile.js';

/** What is sent: a text, a gift of the catalogue, or an already stored photo (chat-photo.ts). */
export type Outgoing =
  | { kind: 'text'; text: string }
  | { kind: 'gift'; giftId: number }
  | { kind: 'photo'; filename: string; thumbFilename: string };

export interface SendDeps {
  db: Db;
  clock: Clock;
  bus: RealtimeBus;
}

/** Account statuses that cannot receive messages (gone or banned: as good as absent). */
const UNREACHABLE = new Set(['pending_deletion', 'banned', 'erased']);

/**
 * The recipient profile of a send, checked (SPEC.md 4): exists on the site, is not the sender,
 * is not blocked either way, and, when a real member, has confirmed their email.
 * @throws AppError not_found (404), validation_failed (400), blocked (403), recipient_not_confirmed (403)
 */
export async function checkRecipient(db: Db, site: SiteRow, me: ProfileRow, profileId: number): Promise<ProfileRow> {
  if (profileId === me.id) throw validationFailed({ field: 'profile' });
  const found = await findRecipient(db, site.id, me.id, profileId);
  if (!found) throw notFound();
  if (found.accountStatus !== null && (found.isErased || UNREACHABLE.has(found.accountStatus))) throw notFound();
  if (found.isBlocked) throw blockedError();
  if (found.accountStatus === 'not_confirmed') throw recipientNotConfirmed();
  return found.profile;
}

/** The text of a message: trimmed, 1..site.message_length characters (SPEC.md 5). */
function checkText(site: SiteRow, text: string): string {
  const trimmed = text.trim();
  if (trimmed.length === 0) throw validationFailed({ field: 'text' });
  if ([...trimmed].length > site.message_length) throw validationFailed({ field: 'text', max: site.message_length });
  return trimmed;
}

/**
 * Sends a text, gift or photo from `user` to profile `profileId` (SPEC.md 2 chat, 3 credits, 4-6).
 * Costs: a text max(message_credits, minimum_message_costs of the sender's country), a photo
 * photo_credits, a gift its catalogue price. In ONE transaction: the conditional debit, the free
 * conversation limit, the conversation, the message and its ledger row (reference message:<id>);
 * a retry with the same `clientId` returns the stored message without paying again. Events go out
 * after the commit: the message to both sides, the new balance to the sender. Fictional recipients
 * are answered by staff later; nothing is ever answered automatically.
 * @throws AppError not_enough_credits (402, data {cost, credits}), premium_required (403, data.reason
 *   conversation_limit), blocked (403), recipient_not_confirmed (403), not_found (404), validation_failed (400)
 */
export async function sendMessage(
  deps: SendDeps,
  site: SiteRow,
  user: UserRow,
  profileId: number,
  clientId: string,
  outgoing: Outgoing,
): Promise<SendMessageResult & { duplicate: boolean }> {
  const { db, clock, bus } = deps;
  const me = (await requireOwnProfile(db, user)).profile;
  const recipient = await checkRecipient(db, site, me, profileId);
  let gift: GiftRow | null = null;
  let body = '';
  let cost: number;
  const costs = chatCosts(site, me.country);
  if (outgoing.kind === 'text') {
    body = checkText(site, outgoing.text);
    cost = costs.message;
  } else if (outgoing.kind === 'gift') {
    gift = await findGift(db, site.id, outgoing.giftId);
    if (!gift) throw validationFailed({ field: 'gift' });
    cost = gift.credits;
  } else {
    cost = costs.photo;
  }

  const now = clock.now();
  let stored: { message: MessageWithGift; credits: number };
  try {
    stored = await db.transaction(async (tx) => {
      // The debit comes first: its row lock serialises this member's sends, so the limit count below holds.
      const balance = await debitCredits(tx, user.id, cost);
      if (balance === null) throw notEnoughCredits(cost, user.credits);
      const pair = await findPairForSender(tx, me.id, recipient.id);
      if (!pair?.isOpen && (await countOpenConversations(tx, me.id)) >= conversationLimit(user)) {
        throw conversationLimitReached();
      }
      const conversation = pair?.conversation ?? (await ensureConversation(tx, site.id, me.id, recipient.id, now));
      const message = await insertMessage(tx, {
        conversation_id: conversation.id,
        sender_profile_id: me.id,
        kind: outgoing.kind,
        body,
        photo_filename: outgoing.kind === 'photo' ? outgoing.filename : null,
        photo_thumb_filename: outgoing.kind === 'photo' ? outgoing.thumbFilename : null,
        gift_id: gift?.id ?? null,
        credits_spent: cost,
        client_id: clientId,
        created_at: now,
      });
      await recordDebit(tx, {
        userId: user.id,
        cost,
        balanceAfter: balance,
        reason: outgoing.kind === 'text' ? 'message' : outgoing.kind,
        reference: `message:${message.id}`,
        now,
      });
      await recordMessageActivity(tx, conversation.id, recipient.id, now);
      return { message: { message, gift }, credits: balance };
    });
  } catch (err) {
    // A retry of a stored send (the unique client_id refused it, or it now fails a check that the
    // first attempt passed): answer with what was stored and paid then. No read before the
    // transaction: the unique index is the check, so a normal send costs no extra query.
    if (!isClientIdConflict(err) && !(err instanceof AppError)) throw err;
    const earlier = await findByClientId(db, me.id, clientId);
    if (!earlier) throw err;
    return duplicateResult(db, user, earlier);
  }

  const message = presentMessage(stored.message);
  await bus.publish([recipient.id, me.id], {
    type: 'message',
    conversation: message.conversation,
    message_id: message.id,
    message,
  });
  await bus.publish([me.id], { type: 'credits', credits: stored.credits });
  return { message, credits: stored.credits, conversation: message.conversation, duplicate: false };
}

/** The answer to a retried send: the stored message and the current balance; nothing is paid. */
async function duplicateResult(db: Db, user: UserRow, earlier: MessageWithGift) {
  const fresh = await findUserById(db, user.id);
  const message = presentMessage(earlier);
  return { message, credits: fresh?.credits ?? user.credits, conversation: message.conversation, duplicate: true };
}
