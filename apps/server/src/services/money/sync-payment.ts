import { FINAL_PAYMENT_STATUSES, type PaymentStatus } from '@app/contracts';
import { isUniqueViolation } from '../../db/errors.js';
import { findPayment, grantPurchase, moveOpenPayment, type PaymentRow } from '../../db/repositories/payments.js';
import type { PaymentDeps } from './payment-deps.js';

/** Whether a payment has reached a state it never leaves (paid, failed, canceled, expired). */
export function isFinalPayment(payment: Pick<PaymentRow, 'status'>): boolean {
  return (FINAL_PAYMENT_STATUSES as readonly string[]).includes(payment.status);
}

/**
 * Applies the provider's `status` to a payment (SPEC.md 1, 4, 6; DECISIONS.md: credited exactly
 * once). In ONE transaction: a conditional UPDATE moves the payment out of open/pending (only one
 * of any number of concurrent calls succeeds); only the move to paid grants: the package's credits
 * and paid_user in one UPDATE plus the `purchase` ledger row `payment:<id>` (a unique index backs it
 * up). failed, canceled and expired never grant. The new balance goes out as a `credits` realtime
 * event after the commit (domain event `payment_paid`). Returns the payment as stored afterwards.
 */
export async function applyPaymentStatus(
  deps: PaymentDeps,
  payment: PaymentRow,
  status: PaymentStatus,
): Promise<PaymentRow> {
  const { db, clock } = deps;
  if (status === payment.status || isFinalPayment(payment)) return payment;
  const now = clock.now();
  let outcome: { row: PaymentRow | null; credits: number | null };
  try {
    outcome = await db.transaction(async (tx) => {
      const row = await moveOpenPayment(tx, payment.id, status, now);
      if (row?.status !== 'paid') return { row, credits: null };
      const credits = await grantPurchase(tx, { userId: row.user_id, credits: row.credits, paymentId: row.id, now });
      return { row, credits };
    });
  } catch (err) {
    // Only reachable if the status guard were bypassed: the ledger refused a second grant.
    if (!isUniqueViolation(err)) throw err;
    outcome = { row: null, credits: null };
  }
  if (outcome.credits !== null) {
    await deps.events.emit({
      type: 'payment_paid',
      paymentId: payment.id,
      userId: payment.user_id,
      credits: outcome.credits,
    });
  }
  return outcome.row ?? (await findPayment(db, payment.id)) ?? payment;
}

/**
 * Fetches the payment's state from the provider and applies it (applyPaymentStatus). A final
 * payment, one without a provider id yet, or one of another provider than the active one is
 * returned as stored. Input: `{ payment }` (the stored row). @throws provider errors (network, unknown id)
 */
export async function syncPayment(deps: PaymentDeps, input: { payment: PaymentRow }): Promise<PaymentRow> {
  const { payment } = input;
  if (isFinalPayment(payment) || !payment.provider_payment_id) return payment;
  const provider = deps.payments.forSite(payment.site_id);
  if (provider.name !== payment.provider) return payment;
  const remote = await provider.getPayment(payment.provider_payment_id);
  return applyPaymentStatus(deps, payment, remote.status);
}
