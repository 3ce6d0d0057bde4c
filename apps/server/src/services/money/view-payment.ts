import type { PaymentRow } from '../../db/repositories/payments.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import { findMemberPayment } from '../../db/repositories/transactions.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, paymentResource } from '../../policies/policies.js';

/**
 * GET /api/payment.php: one payment of the member (SPEC.md 8, the return page), looked up by its id
 * within the member's own payments on their own site; the policy (`actor` may view the payment) is
 * asked once it is loaded. Input: `{ actor, site, user, paymentId }`.
 * @throws AppError not_found (404) when the member has no such payment
 */
export async function viewPayment(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; site: SiteRow; user: UserRow; paymentId: number },
): Promise<PaymentRow> {
  const owner = { siteId: input.site.id, userId: input.user.id };
  const payment = await findMemberPayment(deps.db, owner, input.paymentId);
  if (!payment) throw notFound();
  authorize(input.actor, 'view', paymentResource(payment));
  return payment;
}
