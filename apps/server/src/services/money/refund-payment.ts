import {
  addRefundedCents,
  findPayment,
  type PaymentRefundRow,
  type PaymentRow,
  recordRefund,
  takeBackCredits,
} from '../../db/repositories/payments.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, paymentResource } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import type { PaymentDeps } from './payment-deps.js';

/** What a refund did: the refund row, the credits taken back and the member's balance after. */
export interface RefundResult {
  refund: PaymentRefundRow;
  payment: PaymentRow;
  creditsTaken: number;
  balance: number;
}

/**
 * Credits that belong to `refundedCents` of a payment of `credits` for `amountCents`, rounded; the
 * credits of one refund are the difference of this before and after it, so partial refunds add up
 * to exactly the package's credits.
 */
export function creditsForCents(credits: number, amountCents: number, refundedCents: number): number {
  return Math.round((credits * refundedCents) / amountCents);
}

/**
 * Staff refund of a paid payment (DECISIONS.md back office: payments and refunds; SPEC.md 9 refund
 * period): `cents` (default: what is left) go back through the provider first; then in ONE
 * transaction the refund is recorded (payment_refunds, payments.refunded_cents by a conditional
 * UPDATE), the proportional credits are taken back but never below zero (one statement takes
 * least(balance, wanted)), and a `refund` ledger row `payment:<id>` carries the real delta. The new
 * balance goes out as a `credits` realtime event (domain event `payment_refunded`). Amounts in cents.
 * Input: `{ paymentId, cents?, reason?, actor?, who? }`: with `actor` (the back office) the policy must
 * allow `refund` on the loaded payment; with `who` (back office or COMMAND_LINE) a `payment.refund`
 * audit entry with before/after is written in the refund's transaction.
 * @throws AppError not_found (404, also for a payment `actor` may not refund), validation_failed (400:
 *   not paid, nothing left, or too much: data `{field: 'cents', max}`), payment_failed (502: the
 *   provider refused)
 */
export async function refundPayment(
  deps: PaymentDeps,
  input: { paymentId: number; cents?: number; reason?: string; actor?: Actor; who?: AuditWho },
): Promise<RefundResult> {
  const { db, clock } = deps;
  const { paymentId, actor, who, ...opts } = input;
  const payment = await findPayment(db, paymentId);
  if (!payment) throw notFound();
  if (actor) authorize(actor, 'refund', paymentResource(payment));
  const left = payment.amount_cents - payment.refunded_cents;
  const cents = opts.cents ?? left;
  if (payment.status !== 'paid') throw validationFailed({ field: 'payment', reason: 'not_paid' });
  if (!Number.isInteger(cents) || cents <= 0 || cents > left) {
    throw validationFailed({ field: 'cents', max: left });
  }
  const provider = deps.payments.forSite(payment.site_id);
  if (provider.name !== payment.provider || !payment.provider_payment_id) {
    throw validationFailed({ field: 'payment', reason: 'other_provider' });
  }
  let providerRefund: { id: string };
  try {
    providerRefund = await provider.createRefund(payment.provider_payment_id, cents);
  } catch (err) {
    throw Object.assign(new AppError('payment_failed', 502), { cause: err });
  }

  const now = clock.now();
  const result = await db.transaction(async (tx) => {
    const refunded = await addRefundedCents(tx, payment.id, cents, now);
    // A concurrent refund took the rest first; the provider refused nothing, so staff must check.
    if (!refunded)
      throw validationFailed({ field: 'cents', reason: 'concurrent_refund', provider_refund: providerRefund.id });
    const wanted =
      creditsForCents(payment.credits, payment.amount_cents, refunded.after) -
      creditsForCents(payment.credits, payment.amount_cents, refunded.before);
    const { taken, credits } = await takeBackCredits(tx, payment.user_id, wanted);
    const refund = await recordRefund(tx, {
      paymentId: payment.id,
      userId: payment.user_id,
      amountCents: cents,
      taken,
      balanceAfter: credits,
      providerRefundId: providerRefund.id,
      reason: opts.reason ?? null,
      now,
    });
    if (who) {
      await recordAudit(tx, who, {
        action: 'payment.refund',
        objectType: 'payment',
        objectId: payment.id,
        siteId: payment.site_id,
        memberUserId: payment.user_id,
        before: { status: payment.status, refunded_cents: refunded.before, credits: credits + taken },
        after: {
          status: payment.status,
          refunded_cents: refunded.after,
          credits,
          refund_id: refund.id,
          amount_cents: cents,
          credits_taken: taken,
          provider_refund_id: providerRefund.id,
          reason: refund.reason,
        },
      });
    }
    return { refund, creditsTaken: taken, balance: credits };
  });
  await deps.events.emit({
    type: 'payment_refunded',
    paymentId: payment.id,
    userId: payment.user_id,
    cents,
    creditsTaken: result.creditsTaken,
    credits: result.balance,
  });
  return { ...result, payment: (await findPayment(db, payment.id)) ?? payment };
}
