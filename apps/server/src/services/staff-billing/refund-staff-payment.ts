import { findStaffPayment, type StaffPaymentRow } from '../../db/repositories/admin-billing.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';
import type { PaymentDeps } from '../money/payment-deps.js';
import { type RefundResult, refundPayment } from '../money/refund-payment.js';
import type { AuditWho } from '../staff/audit.js';

/**
 * A refund from the back office (issue: back office I; POST /api/admin/payment-refund.php): admins
 * only, through the one refund use case (services/money/refund-payment.ts, the same rules as `npm run
 * payments -- refund`): the provider refund first, then `cents` (default: what is left) recorded,
 * the proportional credits taken back in the ledger and a `payment.refund` audit entry in one
 * transaction. Amounts in cents. Returns the refund and the payment after it with its member.
 * @throws AppError forbidden (403) for a role that may not refund (support, moderator, operator);
 *   not_found (404) for an unknown payment or one outside the actor's sites; validation_failed (400)
 *   when it is not paid, of another provider, or `cents` exceeds what is left (data.max);
 *   payment_failed (502) when the provider refuses
 */
export async function refundStaffPayment(
  deps: PaymentDeps,
  input: { actor: Actor; who: AuditWho; paymentId: number; cents?: number; reason: string },
): Promise<{ result: RefundResult; payment: StaffPaymentRow }> {
  staffScope(input.actor, 'refund', 'payment');
  const result = await refundPayment(deps, {
    paymentId: input.paymentId,
    reason: input.reason,
    actor: input.actor,
    who: input.who,
    ...(input.cents !== undefined ? { cents: input.cents } : {}),
  });
  const payment = await findStaffPayment(deps.db, input.paymentId);
  if (!payment) throw notFound();
  return { result, payment };
}
