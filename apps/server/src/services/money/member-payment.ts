import type { Db } from '../../db/client.js';
import type { PaymentRow } from '../../db/repositories/payments.js';
import { findMemberPayment } from '../../db/repositories/transactions.js';
import { notFound } from '../../errors.js';

/**
 * GET /api/payment.php: one payment of the member (SPEC.md 8, the return page), looked up by its id
 * within the member's own payments on their own site.
 * @throws AppError not_found (404) when the member has no such payment
 */
export async function memberPayment(
  db: Db,
  owner: { siteId: number; userId: number },
  id: number,
): Promise<PaymentRow> {
  const payment = await findMemberPayment(db, owner, id);
  if (!payment) throw notFound();
  return payment;
}
