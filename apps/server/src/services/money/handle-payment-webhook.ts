import { findPaymentByProviderId, type PaymentRow } from '../../db/repositories/payments.js';
import type { PaymentDeps } from './payment-deps.js';
import { syncPayment } from './sync-payment.js';

/**
 * The payment webhook (POST /api/payment-webhook.php): the provider says payment `providerId`
 * changed; we never trust the call itself, only the state fetched back from the provider. Unknown
 * ids are ignored. Input: `{ siteId, providerId }` (the site the call came to, the provider's payment id).
 * Returns the payment after the sync, or null when unknown.
 * @throws provider errors (network, unknown id)
 */
export async function handlePaymentWebhook(
  deps: PaymentDeps,
  input: { siteId: number; providerId: string },
): Promise<PaymentRow | null> {
  const provider = deps.payments.forSite(input.siteId);
  const payment = await findPaymentByProviderId(deps.db, provider.name, input.providerId);
  if (!payment) return null;
  return syncPayment(deps, { payment });
}
