import { recordMessageActivity } from '../../db/repositories/conversations.js';
import { findGift, type GiftRow } from '../../db/repositories/gifts.js';
import { findByClientId, type MessageWithGift } from '../../db/repositories/messages.js';
import {
  clearAwaitingReply,
  findLock,
  type InboxListRow,
  insertOperatorMessage,
  type LockRow,
  lockConversationRow,
  renewHeldLock,
} from '../../db/repositories/operator-inbox.js';
import { findSiteById, type SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { notFound, validationFailed } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import {
  conversationLocked,
  loadInboxConversation,
  lockLost,
  OPERATOR_LOCK_SECONDS,
  secondsSince,
} from './inbox-rules.js';

/** What an operator sends as the fictional profile: a text, a gift of the site's catalogue, or a stored photo. */
export type OperatorOutgoing =
  | { kind: 'text'; text: string }
  | { kind: 'gift'; giftId: number }
  | { kind: 'photo'; filename: string; thumbFilename: string };

/** An answer, before presenting: the message with its gift, the renewed lock, whether it was a retry. */
export interface OperatorAnswer {
  row: InboxListRow;
  site: SiteRow;
  message: MessageWithGift;
  lock: LockRow | null;
  /** A retry of an answer stored before under the same client id: nothing was sent again. */
  duplicate: boolean;
}

/** What answering needs from the container. */
export type AnswerDeps = Pick<AppDeps, 'db' | 'clock' | 'events'>;

/** The input of an answer: who, which conversation, the client's retry key and what. */
export interface AnswerInput {
  actor: Actor;
  who: AuditWho;
  /** The conversation id. */
  id: number;
  clientId: string;
  outgoing: OperatorOutgoing;
}

/** A text answer: trimmed, 1..site.message_length characters (SPEC.md 5, as for members). */
function checkText(site: SiteRow, text: string): string {
  const trimmed = text.trim();
  if (trimmed.length === 0) throw validationFailed({ field: 'text' });
  if ([...trimmed].length > site.message_length) throw validationFailed({ field: 'text', max: site.message_length });
  return trimmed;
}

/** Thrown inside the transaction when a concurrent retry stored the same client id first. */
class StoredBefore extends Error {}

/**
 * Answers a member as the fictional profile of inbox conversation `id` (issue: back office II;
 * DECISIONS.md: fictional profiles are answered by staff). In ONE transaction: the lock must be held by
 * this account and not expired (renewed for OPERATOR_LOCK_SECONDS), the message is stored with the
 * fictional profile as sender, the operator as staff_id, credits_spent 0 and waited_seconds (seconds
 * since awaiting_reply_since, null when nothing waited), the wait is cleared, last_message_at bumped,
 * the member's unread count +1 and the chat back in their list, and `operator.answer` audited. No debit
 * and no ledger row anywhere: the member pays nothing. After the commit the same `message_sent` event
 * as a member's message goes out, so the member's socket gets it live. A retry with the same
 * `clientId` answers the stored message (`duplicate`).
 * @throws AppError conflict (409, conversation_locked with data.locked_by, or conversation_lock_lost)
 *   without the lock; validation_failed (400, data.field text or gift); forbidden (403) for moderators
 *   and support; not_found (404) for a conversation without a fictional side or on another site
 */
export async function answerAsFictional(deps: AnswerDeps, input: AnswerInput): Promise<OperatorAnswer> {
  const { db, clock } = deps;
  const row = await loadInboxConversation(db, input.actor, input.id, clock.now());
  const staffId = input.who.staffId;
  const site = await findSiteById(db, row.conversation.site_id);
  if (!site || staffId === null) throw notFound();
  const { outgoing } = input;
  const body = outgoing.kind === 'text' ? checkText(site, outgoing.text) : '';
  let gift: GiftRow | null = null;
  if (outgoing.kind === 'gift') {
    gift = await findGift(db, site.id, outgoing.giftId);
    if (!gift) throw validationFailed({ field: 'gift' });
  }
  const earlier = await storedAnswer(db, row, input.clientId);
  if (earlier)
    return { row, site, message: earlier, lock: await findLock(db, row.conversation.id, clock.now()), duplicate: true };

  const now = clock.now();
  const conversationId = row.conversation.id;
  let stored: MessageWithGift;
  try {
    stored = await db.transaction(async (tx) => {
      const held = await renewHeldLock(tx, { conversationId, staffId, now, seconds: OPERATOR_LOCK_SECONDS });
      if (!held) {
        const holder = await findLock(tx, conversationId, now);
        throw holder && holder.staff_id !== staffId ? conversationLocked(holder) : lockLost();
      }
      const conversation = await lockConversationRow(tx, conversationId);
      if (!conversation) throw notFound();
      const waitedSeconds = secondsSince(conversation.awaiting_reply_since, now);
      const message = await insertOperatorMessage(tx, {
        conversationId,
        fictionalProfileId: row.fictional.id,
        staffId,
        kind: outgoing.kind,
        body,
        giftId: gift?.id ?? null,
        photoFilename: outgoing.kind === 'photo' ? outgoing.filename : null,
        photoThumbFilename: outgoing.kind === 'photo' ? outgoing.thumbFilename : null,
        clientId: input.clientId,
        waitedSeconds,
        now,
      });
      if (!message) throw new StoredBefore();
      await clearAwaitingReply(tx, conversationId);
      await recordMessageActivity(tx, conversationId, row.member.id, now);
      await recordAudit(tx, input.who, {
        action: 'operator.answer',
        objectType: 'message',
        objectId: message.id,
        siteId: site.id,
        memberUserId: row.memberUser.id,
        after: { conversation_id: conversationId, kind: outgoing.kind, waited_seconds: waitedSeconds },
      });
      return { message, gift };
    });
  } catch (err) {
    if (!(err instanceof StoredBefore)) throw err;
    const again = await storedAnswer(db, row, input.clientId);
    if (!again) throw err;
    return { row, site, message: again, lock: await findLock(db, conversationId, clock.now()), duplicate: true };
  }
  await deps.events.emit({
    type: 'message_sent',
    sender: row.fictional.id,
    recipient: row.member.id,
    message: stored,
    credits: 0,
  });
  return { row, site, message: stored, lock: await findLock(db, conversationId, now), duplicate: false };
}

/**
 * The fictional profile's message stored under `clientId` in this conversation, or null.
 * @throws AppError validation_failed (400, data.field client_id) when it belongs to another conversation
 */
async function storedAnswer(
  db: AnswerDeps['db'],
  row: InboxListRow,
  clientId: string,
): Promise<MessageWithGift | null> {
  const earlier = await findByClientId(db, row.fictional.id, clientId);
  if (!earlier) return null;
  if (earlier.message.conversation_id !== row.conversation.id) throw validationFailed({ field: 'client_id' });
  return earlier;
}
