import { findStaffPayment, type StaffPaymentDetailRow } from '../../db/repositories/admin-billing.js';
import { type ComplaintRow, listPaymentComplaints } from '../../db/repositories/complaints.js';
import { listPaymentLedgerRows, listPaymentRefunds, type PaymentRefundRow } from '../../db/repositories/payments.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, paymentResource, staffScope } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { type ProviderStateView, readProviderState, refundableCents } from './read-provider-state.js';

/** A payment as staff see it. */
export interface StaffPaymentView extends StaffPaymentDetailRow {
  refunds: PaymentRefundRow[];
  /** The member's ledger rows of this payment (purchase and refunds), oldest first. */
  ledger: Awaited<ReturnType<typeof listPaymentLedgerRows>>;
  /** Complaints that name this payment, newest first. */
  complaints: ComplaintRow[];
  provider: ProviderStateView;
  /** Cents that may still be refunded. */
  refundableCents: number;
}

/**
 * One payment for the back office (issue: back office I; GET /api/admin/payment.php): our row, the
 * member and balance, package, discount code, refunds, the ledger rows of the payment, complaints
 * about it, the provider's current state (unavailable rather than an error when the provider cannot
 * be asked) and the cents left to refund. Audited as `payment.view` before it is answered.
 * Input: `{ actor, who, id }`.
 * @throws AppError forbidden (403) for a role that may not view payments; not_found (404) for an
 *   unknown payment or one on a site outside the actor's
 */
export async function viewStaffPayment(
  deps: Pick<AppDeps, 'db' | 'payments' | 'log'>,
  input: { actor: Actor; who: AuditWho; id: number },
): Promise<StaffPaymentView> {
  const { db } = deps;
  staffScope(input.actor, 'view', 'payment');
  const found = await findStaffPayment(db, input.id);
  if (!found) throw notFound();
  const { payment } = found;
  authorize(input.actor, 'view', paymentResource(payment));
  const refunds = await listPaymentRefunds(db, payment.id);
  const ledger = await listPaymentLedgerRows(db, payment);
  const complaints = await listPaymentComplaints(db, payment.id);
  await recordAudit(db, input.who, {
    action: 'payment.view',
    objectType: 'payment',
    objectId: payment.id,
    siteId: payment.site_id,
    memberUserId: payment.user_id,
  });
  const provider = await readProviderState(deps, payment);
  return { ...found, refunds, ledger, complaints, provider, refundableCents: refundableCents(deps, payment) };
}
