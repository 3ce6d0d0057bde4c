import { CREDIT_ADJUSTMENT_REASON } from '@app/contracts';
import { adjustCredits, type LedgerRow } from '../../db/repositories/credit-ledger.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { loadMemberFor } from './load-member.js';

/**
 * Adds `amount` credits to a member's balance, or takes them when negative, with the staff's
 * `reason` (issue: back office I; DECISIONS.md: credits are money). One transaction holds ONE
 * conditional UPDATE of the balance (never below zero), the ledger row (reason `adjustment`, the
 * staff's reason as its reference) and the audit entry `member.credits_adjust` with the balance
 * before and after. After the commit the new balance goes to the member's sockets. Admins only
 * (policies: 'ledger' has no rule for other roles). Answers the balance after, in credits, and the ledger row.
 * @throws AppError forbidden (403) for other roles; not_found (404) for an unknown member or one
 *   outside the actor's sites; conflict (409, data {reason: 'balance_below_zero', credits}) when the
 *   balance would drop below zero, or (data {reason: 'erased'}) for an erased account
 */
export async function adjustMemberCredits(
  { db, clock, events }: Pick<AppDeps, 'db' | 'clock' | 'events'>,
  input: { actor: Actor; who: AuditWho; userId: number; amount: number; reason: string },
): Promise<{ credits: number; entry: LedgerRow }> {
  const user = await loadMemberFor(db, { actor: input.actor, action: 'update', userId: input.userId, area: 'ledger' });
  if (user.erased_at) throw new AppError('conflict', 409, { reason: 'erased' });
  const reason = input.reason.trim();
  const entry = await db.transaction(async (tx) => {
    const row = await adjustCredits(tx, {
      userId: user.id,
      delta: input.amount,
      reason: CREDIT_ADJUSTMENT_REASON,
      reference: reason,
      now: clock.now(),
    });
    if (!row) throw new AppError('conflict', 409, { reason: 'balance_below_zero', credits: user.credits });
    await recordAudit(tx, input.who, {
      action: 'member.credits_adjust',
      objectType: 'member',
      objectId: user.id,
      siteId: user.site_id,
      memberUserId: user.id,
      before: { credits: row.balance_after - input.amount },
      after: { credits: row.balance_after, delta: input.amount, reason, ledger_id: row.id },
    });
    return row;
  });
  // After the commit: the member's open pages get the new balance (events/realtime-subscriber.ts).
  events.emit({ type: 'credits_adjusted', userId: user.id, delta: input.amount, credits: entry.balance_after });
  return { credits: entry.balance_after, entry };
}
