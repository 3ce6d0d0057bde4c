/**
 * Mollie, the production payment provider (DECISIONS.md), through @mollie/api-client. Mollie's method
 * names are mapped to those of SPEC.md 9; a method Mollie lacks (visa, maestro, ...) is not offered.
 */
import { PAYMENT_METHODS, type PaymentMethod, type PaymentStatus } from '@app/contracts';
import { createMollieClient, type MollieClient, type PaymentMethod as MollieMethod } from '@mollie/api-client';
import {
  type CreatePaymentInput,
  centsToDecimal,
  decimalToCents,
  type PaymentProvider,
  type ProviderPayment,
} from './provider.js';

/** Mollie method names that differ from SPEC.md 9; every other name is the same on both sides. */
const FROM_MOLLIE: Record<string, PaymentMethod> = { directdebit: 'sdd', banktransfer: 'sct' };
const TO_MOLLIE: Partial<Record<PaymentMethod, string>> = { sdd: 'directdebit', sct: 'banktransfer' };
const SPEC_METHODS = new Set<string>(PAYMENT_METHODS);
/** Seconds the enabled methods are remembered (they change when staff switch them in Mollie's dashboard). */
const METHODS_CACHE_SECONDS = 300;

/** A Mollie method name in SPEC.md 9 terms; null when SPEC.md has no such method (klarna, twint, ...). */
export function methodFromMollie(name: string | null | undefined): PaymentMethod | null {
  if (!name) return null;
  const mapped = FROM_MOLLIE[name] ?? name;
  return SPEC_METHODS.has(mapped) ? (mapped as PaymentMethod) : null;
}

/** The Mollie name of a SPEC.md 9 method. */
export function methodToMollie(method: PaymentMethod): string {
  return TO_MOLLIE[method] ?? method;
}

/** Mollie's payment status in our terms: `authorized` (card reserved, not captured) is still pending. */
export function statusFromMollie(status: string): PaymentStatus {
  switch (status) {
    case 'paid':
    case 'failed':
    case 'canceled':
    case 'expired':
    case 'open':
    case 'pending':
      return status;
    case 'authorized':
      return 'pending';
    default:
      throw new Error(`Mollie: unknown payment status ${status}`);
  }
}

/** Mollie behind the PaymentProvider interface. `apiEndpoint` (https) replaces Mollie's API root, for tests. */
export class MolliePaymentProvider implements PaymentProvider {
  readonly name = 'mollie';
  private readonly client: MollieClient;
  private readonly methodsCache = new Map<string, { at: number; methods: PaymentMethod[] }>();

  constructor(apiKey: string, apiEndpoint?: string) {
    this.client = createMollieClient({ apiKey, ...(apiEndpoint ? { apiEndpoint } : {}) });
  }

  async createPayment(input: CreatePaymentInput): Promise<{ id: string; checkoutUrl: string }> {
    const payment = await this.client.payments.create({
      amount: { value: centsToDecimal(input.amountCents), currency: input.currency },
      description: input.description,
      redirectUrl: input.redirectUrl,
      webhookUrl: input.webhookUrl,
      method: methodToMollie(input.method) as MollieMethod,
      metadata: input.metadata,
      ...(input.consumer ? { consumerName: input.consumer.name, consumerAccount: input.consumer.iban } : {}),
    });
    // Direct debit has no checkout: the payer goes straight back to the result page.
    const checkoutUrl = payment.getCheckoutUrl() ?? input.redirectUrl;
    return { id: payment.id, checkoutUrl };
  }

  async getPayment(id: string): Promise<ProviderPayment> {
    const payment = await this.client.payments.get(id);
    return {
      id: payment.id,
      status: statusFromMollie(payment.status),
      method: methodFromMollie(payment.method),
      amountCents: decimalToCents(payment.amount.value),
    };
  }

  async createRefund(id: string, amountCents: number): Promise<{ id: string }> {
    const payment = await this.client.payments.get(id);
    const refund = await this.client.paymentRefunds.create({
      paymentId: id,
      amount: { value: centsToDecimal(amountCents), currency: payment.amount.currency },
    });
    return { id: refund.id };
  }

  /** Remembered for METHODS_CACHE_SECONDS per amount: every /credits view asks for them. */
  async listMethods(amountCents: number, currency: string): Promise<PaymentMethod[]> {
    const key = `${amountCents} ${currency}`;
    const cached = this.methodsCache.get(key);
    if (cached && Date.now() - cached.at < METHODS_CACHE_SECONDS * 1000) return cached.methods;
    const methods = await this.client.methods.list({
      amount: { value: centsToDecimal(amountCents), currency },
      includeWallets: 'applepay',
    });
    const mapped = methods.map((m) => methodFromMollie(m.id)).filter((m): m is PaymentMethod => m !== null);
    const unique = [...new Set(mapped)];
    if (this.methodsCache.size > 1000) this.methodsCache.clear();
    this.methodsCache.set(key, { at: Date.now(), methods: unique });
    return unique;
  }
}
