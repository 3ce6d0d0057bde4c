import type { PaymentMethod, PaymentStatus } from '@app/contracts';
import type { PaymentRow } from '../../db/repositories/payments.js';
import type { AppDeps } from '../../deps.js';

/**
 * A payment's state at its provider as the back office shows it. `available` false when it could not
 * be read: `error` (the provider failed or does not know the id), `other_provider` (taken by another
 * provider than the site's active one), `not_created` (no provider id yet).
 */
export interface ProviderStateView {
  available: boolean;
  reason: 'error' | 'other_provider' | 'not_created' | null;
  providerPaymentId: string | null;
  status: PaymentStatus | null;
  method: PaymentMethod | null;
  amountCents: number | null;
}

/**
 * Reads `payment`'s current state at the site's provider (docs/decisions/007-money.md: the
 * provider's word is fetched, never assumed). Only reads: the payment is not synced here (the
 * webhook, the return page and the expiry job do that). A failing provider never throws; the
 * failure is logged and answered as unavailable, so the screen still shows our own state.
 */
export async function readProviderState(
  deps: Pick<AppDeps, 'payments' | 'log'>,
  payment: PaymentRow,
): Promise<ProviderStateView> {
  const unavailable = (reason: ProviderStateView['reason']): ProviderStateView => ({
    available: false,
    reason,
    providerPaymentId: payment.provider_payment_id,
    status: null,
    method: null,
    amountCents: null,
  });
  if (!payment.provider_payment_id) return unavailable('not_created');
  try {
    const provider = deps.payments.forSite(payment.site_id);
    if (provider.name !== payment.provider) return unavailable('other_provider');
    const remote = await provider.getPayment(payment.provider_payment_id);
    return {
      available: true,
      reason: null,
      providerPaymentId: payment.provider_payment_id,
      status: remote.status,
      method: remote.method,
      amountCents: remote.amountCents,
    };
  } catch (err) {
    deps.log(`payment ${payment.id}: provider state unavailable`, err);
    return unavailable('error');
  }
}

/**
 * Cents of `payment` that may still be refunded: what is left of a paid payment taken by the site's
 * active provider, else 0 (services/money/refund-payment.ts refuses the others).
 */
export function refundableCents(deps: Pick<AppDeps, 'payments'>, payment: PaymentRow): number {
  if (payment.status !== 'paid' || !payment.provider_payment_id) return 0;
  try {
    if (deps.payments.forSite(payment.site_id).name !== payment.provider) return 0;
  } catch {
    return 0;
  }
  return Math.max(0, payment.amount_cents - payment.refunded_cents);
}
