/**
 * Mollie, the production payment provider (DECISIONS.md), through @mollie/api-client. Mollie's method
 * names are mapped to those of SPEC.md 9; a method Mollie lacks (visa, maestro, ...) is not offered.
 */
import { PAYMENT_METHODS, type PaymentMethod, type PaymentStatus } from '@app/contracts';
import {
  createMollieClient,
  MandateMethod,
  type MollieClient,
  type PaymentMethod as MollieMethod,
  SequenceType,
} from '@mollie/api-client';
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
    if (input.directDebit) return this.createDirectDebit(input, input.directDebit);
    const payment = await this.client.payments.create({
      amount: { value: centsToDecimal(input.amountCents), currency: input.currency },
      description: input.description,
      redirectUrl: input.redirectUrl,
      webhookUrl: input.webhookUrl,
      method: methodToMollie(input.method) as MollieMethod,
      metadata: input.metadata,
    });
    return { id: payment.id, checkoutUrl: payment.getCheckoutUrl() ?? input.redirectUrl };
  }

  /**
   * A SEPA direct debit with our SMS-confirmed mandate: Mollie collects only with its own mandate
   * of a customer, so the customer (reused from the member's previous direct debit, else new) gets
   * a `directdebit` mandate for the account (reused when that customer has a valid one for the same
   * IBAN), then a `recurring` payment on it. No checkout: the payer goes straight to the result page.
   */
  private async createDirectDebit(
    input: CreatePaymentInput,
    account: NonNullable<CreatePaymentInput['directDebit']>,
  ): Promise<{ id: string; checkoutUrl: string }> {
    const iban = account.iban.replace(/\s/g, '').toUpperCase();
    const customerId =
      (await this.previousCustomer(account.previousPaymentId)) ??
      (await this.client.customers.create({ name: account.accountHolder, metadata: input.metadata })).id;
    const mandateId =
      (await this.validMandate(customerId, iban)) ??
      (
        await this.client.customerMandates.create({
          customerId,
          method: MandateMethod.directdebit,
          consumerName: account.accountHolder,
          consumerAccount: iban,
        })
      ).id;
    const payment = await this.client.payments.create({
      amount: { value: centsToDecimal(input.amountCents), currency: input.currency },
      description: input.description,
      redirectUrl: input.redirectUrl,
      webhookUrl: input.webhookUrl,
      method: methodToMollie('sdd') as MollieMethod,
      metadata: input.metadata,
      sequenceType: SequenceType.recurring,
      customerId,
      mandateId,
    });
    return { id: payment.id, checkoutUrl: input.redirectUrl };
  }

  /** The customer of an earlier payment at Mollie; null when there is none or it cannot be read. */
  private async previousCustomer(paymentId: string | undefined): Promise<string | null> {
    if (!paymentId) return null;
    try {
      return (await this.client.payments.get(paymentId)).customerId ?? null;
    } catch {
      return null;
    }
  }

  /** A valid or pending directdebit mandate of the customer for this IBAN (first page of 250), or null. */
  private async validMandate(customerId: string, iban: string): Promise<string | null> {
    const mandates = await this.client.customerMandates.page({ customerId, limit: 250 });
    const same = mandates.find(
      (m) =>
        m.method === MandateMethod.directdebit &&
        (m.status === 'valid' || m.status === 'pending') &&
        'consumerAccount' in m.details &&
        m.details.consumerAccount?.replace(/\s/g, '').toUpperCase() === iban,
    );
    return same?.id ?? null;
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
