/**
 * The built-in test payment provider (DECISIONS.md: the default when no MOLLIE_API_KEY is set). It
 * plays the provider's side with its own table (test_provider_payments) and its own checkout page
 * (http/routes/payments.ts, /test-provider/checkout/:id) where the payer picks the outcome; then it
 * calls the webhook like a real provider: an HTTP POST of `id=<provider id>`, form-encoded.
 */
import { randomBytes } from 'node:crypto';
import { type PaymentMethod, type PaymentStatus, platformCalls } from '@app/contracts';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import {
  findTestProviderPayment,
  insertTestProviderPayment,
  refundTestProviderPayment,
  settleTestProviderPayment,
  type TestProviderPaymentRow,
} from '../db/repositories/test-provider.js';
import type { CreatePaymentInput, PaymentProvider, ProviderPayment } from './provider.js';

/** Methods the test provider offers (a Mollie-like set; visa, sofort, giropay, ... are not offered). */
export const TEST_PROVIDER_METHODS: PaymentMethod[] = [
  'ideal',
  'creditcard',
  'paypal',
  'bancontact',
  'applepay',
  'eps',
  'blik',
  'sct',
];

/** Outcomes the checkout page offers; `open` is "stays pending" (the payer left without deciding). */
export const TEST_CHECKOUT_OUTCOMES = ['paid', 'failed', 'canceled', 'open'] as const;
export type TestCheckoutOutcome = (typeof TEST_CHECKOUT_OUTCOMES)[number];

/** Path of the provider's own checkout page for a payment. */
export const testCheckoutPath = (id: string) =>
  platformCalls.testCheckoutPage.path.replace(':id', encodeURIComponent(id));

/**
 * Calls a webhook like a real provider: HTTP POST `id=<id>` form-encoded, to the URL given at
 * creation. Resolves with the HTTP status; throws on network errors.
 */
export async function callWebhook(url: string, id: string): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ id }).toString(),
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  return res.status;
}

/** The test provider over the database; `log` receives failed webhook calls. */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test';

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: (msg: string, err: unknown) => void = () => undefined,
  ) {}

  async createPayment(input: CreatePaymentInput): Promise<{ id: string; checkoutUrl: string }> {
    const id = `tst_${randomBytes(8).toString('hex')}`;
    const isDirectDebit = input.method === 'sdd';
    const row = await insertTestProviderPayment(this.db, {
      id,
      amount_cents: input.amountCents,
      currency: input.currency,
      description: input.description,
      method: input.method,
      // Direct debit with a confirmed mandate has no checkout: it starts pending ...
      status: isDirectDebit ? 'pending' : 'open',
      redirect_url: input.redirectUrl,
      webhook_url: input.webhookUrl,
      created_at: this.clock.now(),
      updated_at: this.clock.now(),
    });
    if (isDirectDebit) {
      // ... and the bank settles it at once; the webhook follows, after the caller stored the id.
      await this.settle(id, 'paid');
      setImmediate(() => void this.notify(row));
      return { id, checkoutUrl: input.redirectUrl };
    }
    return { id, checkoutUrl: new URL(testCheckoutPath(id), input.redirectUrl).toString() };
  }

  async getPayment(id: string): Promise<ProviderPayment> {
    const row = await findTestProviderPayment(this.db, id);
    if (!row) throw new Error(`test provider: no payment ${id}`);
    return {
      id: row.id,
      status: row.status as PaymentStatus,
      method: row.method as PaymentMethod,
      amountCents: row.amount_cents,
    };
  }

  async createRefund(id: string, amountCents: number): Promise<{ id: string }> {
    if (!(await refundTestProviderPayment(this.db, id, amountCents, this.clock.now()))) {
      throw new Error(`test provider: payment ${id} is not paid or the refund exceeds it`);
    }
    return { id: `tstre_${randomBytes(8).toString('hex')}` };
  }

  async listMethods(): Promise<PaymentMethod[]> {
    return TEST_PROVIDER_METHODS;
  }

  /**
   * Expires an unfinished payment (the payer never came back), as a real provider does on its own:
   * open or pending → expired, once; a payment already decided is left alone. No webhook: the
   * caller (services/money/expire-payments.ts) syncs the payment itself.
   */
  async expire(id: string): Promise<void> {
    await settleTestProviderPayment(this.db, id, 'expired', ['open', 'pending'], this.clock.now());
  }

  /** A payment of this provider, for its checkout page; null when unknown. */
  find(id: string): Promise<TestProviderPaymentRow | null> {
    return findTestProviderPayment(this.db, id);
  }

  /**
   * The payer's choice on the checkout page: moves an open payment to `outcome` (open = stays
   * pending, nothing changes) and calls the webhook. Returns the payment, null when unknown.
   */
  async checkout(id: string, outcome: TestCheckoutOutcome): Promise<TestProviderPaymentRow | null> {
    const row = await findTestProviderPayment(this.db, id);
    if (!row) return null;
    if (outcome !== 'open') await this.settle(id, outcome);
    await this.notify(row);
    return row;
  }

  private settle(id: string, status: PaymentStatus) {
    return settleTestProviderPayment(this.db, id, status, ['open', 'pending'], this.clock.now());
  }

  /** Calls the payment's webhook; a failure is logged, the return page syncs the payment anyway. */
  private async notify(row: TestProviderPaymentRow): Promise<void> {
    try {
      const status = await callWebhook(row.webhook_url, row.id);
      if (status >= 400) this.log(`test provider: webhook answered ${status}`, null);
    } catch (err) {
      this.log('test provider: webhook call failed', err);
    }
  }
}
