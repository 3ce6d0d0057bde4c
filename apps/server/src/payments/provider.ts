/**
 * The payment-provider interface (DECISIONS.md "Members, money and honesty": payments go through a
 * provider interface; Mollie in production, the built-in test provider without a key). Amounts are
 * integer cents of `currency`; methods use the names of SPEC.md 9 (PaymentMethod).
 */
import type { PaymentMethod, PaymentStatus } from '@app/contracts';

/** What a payment is created with. `redirectUrl` is where the payer returns; the provider POSTs `id=<provider id>` to `webhookUrl`. */
export interface CreatePaymentInput {
  amountCents: number;
  currency: string;
  description: string;
  method: PaymentMethod;
  redirectUrl: string;
  webhookUrl: string;
  /** Kept by the provider and returned with the payment: our payment id among others. */
  metadata: Record<string, string | number>;
  /**
   * Direct debit (flow direct_debit, method sdd): the SMS-confirmed mandate's account, for providers
   * that collect with their own mandate (Mollie); the test provider ignores it. `previousPaymentId`
   * is the provider id of the member's last direct debit there, so the provider can reuse its
   * customer (and mandate, for the same IBAN) instead of making a new one each time.
   */
  directDebit?: { accountHolder: string; iban: string; previousPaymentId?: string };
}

/** A payment as the provider sees it. */
export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  /** The method used, when the provider knows it (null before the payer chose). */
  method: PaymentMethod | null;
  amountCents: number;
}

/** A payment provider. Every call may throw on network or provider errors. */
export interface PaymentProvider {
  /** Stored in payments.provider: 'test' or 'mollie'. */
  readonly name: string;
  /** Creates a payment; `checkoutUrl` is where the payer goes to pay. */
  createPayment(input: CreatePaymentInput): Promise<{ id: string; checkoutUrl: string }>;
  /** The payment's current state at the provider. */
  getPayment(id: string): Promise<ProviderPayment>;
  /** Refunds `amountCents` of a paid payment (whole or part). */
  createRefund(id: string, amountCents: number): Promise<{ id: string }>;
  /** Methods the provider offers for this amount, in SPEC.md 9 names; a method it lacks is not offered. */
  listMethods(amountCents: number, currency: string): Promise<PaymentMethod[]>;
  /**
   * Only for a provider that does not expire unfinished payments itself (the test provider): moves
   * its payment `id` to expired while it is open or pending. Mollie expires them on its own.
   */
  expire?(id: string): Promise<void>;
}

/** Cents as the decimal string providers use ("19.95"). */
export function centsToDecimal(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A decimal amount string ("19.95") as integer cents. */
export function decimalToCents(value: string): number {
  return Math.round(Number(value) * 100);
}
