import type { PaymentMethod } from '@app/contracts';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { SiteRow } from '../db/repositories/sites.js';
import type { UserRow } from '../db/repositories/users.js';
import type { payments } from '../db/schema.js';
import type { RealtimeBus } from '../realtime/bus.js';

export type PaymentRow = typeof payments.$inferSelect;

/** What the payment services need. */
export interface PaymentDeps {
  db: Db;
  clock: Clock;
  config: Config;
  bus: RealtimeBus;
}

/** How a payment is started: the provider's checkout, a repeat order, or a confirmed direct-debit mandate. */
export interface StartPaymentInput {
  packageId: number;
  method: PaymentMethod;
  discountCode?: string;
  flow: 'checkout' | 'repeat' | 'direct_debit';
  /** Origin of the request (https://site.example) for the return and webhook URLs. */
  origin: string;
}

/**
 * Starts paying a credit package (SPEC.md 2 /credits/{id}/{paymentmethod}, 6 Payment states): applies
 * the discount (services/discounts.ts), stores the payment (status open), creates it at the provider
 * and returns where to send the payer.
 * @throws AppError not_found (package), payment_method_unavailable, discount_* errors
 */
export async function startPayment(
  _deps: PaymentDeps,
  _site: SiteRow,
  _user: UserRow,
  _input: StartPaymentInput,
): Promise<{ payment: PaymentRow; checkoutUrl: string }> {
  throw new Error('startPayment: filled in by the payments work (issue 7)');
}
