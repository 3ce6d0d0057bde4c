import type { SignalReleaseBody } from '@app/contracts';
import { findMessagesWithGift } from '../../db/repositories/messages.js';
import {
  deliverHeldMessages,
  dropMessages,
  findSignalMember,
  lockHeldMessages,
  messagesOfSender,
  resetRiskScore,
  riskScoreOf,
} from '../../db/repositories/signals.js';
import { findUserById } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, memberResource, staffScope } from '../../policies/policies.js';
import { notEnoughCredits } from '../chat/chat-rules.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';

/** What a release did. */
export interface ReleaseOutcome {
  /** Message ids delivered now, oldest first. */
  released: number[];
  /** Message ids dropped instead (the recipient blocked or was blocked by the sender, or is gone), oldest first. */
  dropped: number[];
  /** Credits charged in all. */
  charged: number;
  /** The member's balance after. */
  credits: number;
  /** The member's score after (decayed to now; 0 after a reset). */
  riskScore: number;
}

/** Account statuses of a recipient that count as gone (as the send's). */
const UNREACHABLE = ['pending_deletion', 'banned', 'erased'];

/** 409 conflict: a named message is not held (released or dropped already), or nothing is held. */
const notHeld = () => new AppError('conflict', 409, { reason: 'not_held' });

/**
 * Releases held messages of a member (POST /api/admin/signal-release.php; issue: safer
 * conversations): `message_ids`, else every held one. ONE transaction: the messages are locked, the
 * member pays their stored price with one conditional debit (`credits >= total`) and a ledger row
 * per message (reference message:<id>, as the send writes it), they are delivered (held_at cleared,
 * the recipients' list entries and unread counters as a send makes them), `reset_score` sets the
 * score to 0, and `signals.release` is audited. After the commit each message goes out as
 * `message_sent` (sockets of both sides, push and mail to the recipient, the sender's balance).
 * All or nothing: a member who cannot pay for them all keeps them held. A message whose recipient
 * can no longer receive it from the sender (a block either way since, or the account gone or
 * banned) is dropped instead, never charged (`dropped`). Moderators and admins of
 * the member's site. Input: `{ actor, who, body }`. Returns a ReleaseOutcome (credits).
 * @throws AppError not_found (404) for an unknown account, one of another site, or a message id
 *   that is not the member's; conflict (409, data.reason not_held) when a named message is not held
 *   or nothing is; not_enough_credits (402, data {cost, credits}) when the balance does not cover them;
 *   forbidden (403) for roles that may not moderate members
 */
export async function releaseHeldMessages(
  deps: Pick<AppDeps, 'db' | 'clock' | 'events'>,
  input: { actor: Actor; who: AuditWho; body: SignalReleaseBody },
): Promise<ReleaseOutcome> {
  const { actor, who, body } = input;
  staffScope(actor, 'moderate', 'member');
  const now = deps.clock.now();
  const member = await findSignalMember(deps.db, body.user_id, now);
  if (!member) throw notFound();
  authorize(actor, 'moderate', memberResource({ site_id: member.siteId, id: member.userId }));
  const profileId = member.profileId;
  if (profileId === null) throw notHeld();
  const wanted = body.message_ids ? [...new Set(body.message_ids)] : undefined;
  if (wanted && (await messagesOfSender(deps.db, profileId, wanted)).length !== wanted.length) throw notFound();

  const done = await deps.db.transaction(async (tx) => {
    const locked = await lockHeldMessages(tx, profileId, wanted, UNREACHABLE);
    if (locked.length === 0 || (wanted && locked.length !== wanted.length)) throw notHeld();
    // A recipient who blocked the sender (or was blocked) or is gone since: dropped, never charged.
    const dropped = locked.filter((m) => m.undeliverable).map((m) => m.id);
    const held = locked.filter((m) => !m.undeliverable);
    const charged = held.reduce((sum, m) => sum + m.credits, 0);
    const paid =
      held.length > 0
        ? await deliverHeldMessages(tx, { userId: member.userId, messages: held, now })
        : { credits: (await findUserById(tx, member.userId))?.credits ?? member.credits };
    if (!paid) {
      const current = await findUserById(tx, member.userId);
      throw notEnoughCredits(charged, current?.credits ?? member.credits);
    }
    await dropMessages(tx, dropped, now);
    if (body.reset_score) await resetRiskScore(tx, member.userId, now);
    await recordAudit(tx, who, {
      action: 'signals.release',
      objectType: 'member',
      objectId: member.userId,
      siteId: member.siteId,
      memberUserId: member.userId,
      before: { held: locked.map((m) => m.id), credits: paid.credits + charged },
      after: {
        released: held.map((m) => m.id),
        dropped,
        charged,
        credits: paid.credits,
        reset_score: body.reset_score ?? false,
      },
    });
    return { held, dropped, charged, credits: paid.credits };
  });

  const delivered = await findMessagesWithGift(
    deps.db,
    done.held.map((m) => m.id),
  );
  const recipientOf = new Map(done.held.map((m) => [m.id, m.recipientId]));
  for (const message of delivered) {
    await deps.events.emit({
      type: 'message_sent',
      sender: profileId,
      recipient: recipientOf.get(message.message.id) ?? 0,
      message,
      credits: done.credits,
    });
  }
  return {
    released: done.held.map((m) => m.id),
    dropped: done.dropped,
    charged: done.charged,
    credits: done.credits,
    riskScore: await riskScoreOf(deps.db, member.userId, now),
  };
}
