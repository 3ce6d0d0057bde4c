import { findStalePayments } from '../../db/repositories/payments.js';
import type { PaymentProvider } from '../../payments/provider.js';
import type { PaymentDeps } from './payment-deps.js';
import { applyPaymentStatus, isFinalPayment, syncPayment } from './sync-payment.js';

/** Hours a checkout or repeat-order payment may stay open or pending before it is expired or re-synced. */
export const CHECKOUT_OPEN_HOURS = 24;
/** Days a direct debit may stay pending: SEPA collection takes a few banking days, a return up to about a week. */
export const DIRECT_DEBIT_OPEN_DAYS = 10;
/** Payments read per batch; the job pages on until none is left. */
const BATCH = 100;

/**
 * Finishes payments that never finished (the payer closed the tab; docs/decisions/007-money.md):
 * for every open or pending payment of the active provider older than CHECKOUT_OPEN_HOURS (direct
 * debit: DIRECT_DEBIT_OPEN_DAYS) at `clock.now()`, a provider that does not expire payments itself
 * (the test provider) is told to expire it first; then the payment is synced from the provider like
 * a webhook (syncPayment), so the exactly-once rules hold: expired never grants, and a payment the
 * provider reports paid after all is credited once. Mollie expires its own payments and reports
 * it. A payment that never got a provider id (the process stopped while creating it) is expired
 * here. A failure of one payment is passed to `input.log` (default `deps.log`) and does not stop
 * the others. Input: `{ log? }`. Returns how many payments left open/pending.
 */
export async function expireStalePayments(
  deps: PaymentDeps,
  input: { log?: (msg: string, err: unknown) => void } = {},
): Promise<number> {
  const log = input.log ?? deps.log;
  let finished = 0;
  for (const provider of deps.payments.all()) finished += await expireForProvider(deps, provider, log);
  return finished;
}

async function expireForProvider(
  deps: PaymentDeps,
  provider: PaymentProvider,
  log: (msg: string, err: unknown) => void,
): Promise<number> {
  const now = deps.clock.now().getTime();
  const checkoutBefore = new Date(now - CHECKOUT_OPEN_HOURS * 3600_000);
  const directDebitBefore = new Date(now - DIRECT_DEBIT_OPEN_DAYS * 86_400_000);
  let finished = 0;
  let afterId = 0;
  for (;;) {
    const stale = await findStalePayments(deps.db, {
      provider: provider.name,
      checkoutBefore,
      directDebitBefore,
      afterId,
      limit: BATCH,
    });
    for (const payment of stale) {
      afterId = payment.id;
      try {
        const providerId = payment.provider_payment_id;
        if (providerId && provider.expire) await provider.expire(providerId);
        const after = providerId
          ? await syncPayment(deps, { payment })
          : await applyPaymentStatus(deps, payment, 'expired');
        if (isFinalPayment(after)) finished += 1;
      } catch (err) {
        log(`payment ${payment.id}: expiry sync failed`, err);
      }
    }
    if (stale.length < BATCH) return finished;
  }
}
