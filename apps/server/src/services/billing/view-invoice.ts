import { INVOICE_VAT_PERCENTAGE } from '@app/contracts';
import { findProfileByUserId } from '../../db/repositories/profiles.js';
import { type CompanyRow, findCompany, type SiteRow } from '../../db/repositories/sites.js';
import { findMemberPayment, type MemberPaymentRow } from '../../db/repositories/transactions.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, invoiceResource } from '../../policies/policies.js';

/** Invoices are dated and numbered in the company's time zone (a Dutch company). */
const INVOICE_TIME_ZONE = 'Europe/Amsterdam';

/** Splits a VAT-inclusive amount in cents into net and VAT (cents; net rounded, VAT the rest). */
export function splitVat(grossCents: number, vatPercentage: number): { net_cents: number; vat_cents: number } {
  const net = Math.round((grossCents * 100) / (100 + vatPercentage));
  return { net_cents: net, vat_cents: grossCents - net };
}

/** Invoice number `<site id>-<year paid>-<payment id, 6 digits>`, e.g. "3-2025-000042": unique per site and payment. */
export function invoiceNumber(siteId: number, paymentId: number, paidAt: Date): string {
  const year = new Intl.DateTimeFormat('en', { timeZone: INVOICE_TIME_ZONE, year: 'numeric' }).format(paidAt);
  return `${siteId}-${year}-${String(paymentId).padStart(6, '0')}`;
}

/** An invoice before presenting (`presentInvoice`); amounts in cents. */
export interface InvoiceView {
  /** `<site id>-<year paid>-<payment id>` (invoiceNumber). */
  number: string;
  /** The paid payment (refunded_cents included). */
  payment: MemberPaymentRow;
  paidAt: Date;
  vatPercentage: number;
  /** The amount paid split into net and VAT, in cents. */
  vat: { net_cents: number; vat_cents: number };
  company: CompanyRow;
  siteName: string;
  customer: { email: string; name: string };
}

/**
 * The invoice of the member's own paid payment (SPEC.md 2 /transactions/{id}; GET /api/invoice.php):
 * number, date paid, the payment, VAT (INVOICE_VAT_PERCENTAGE, prices include it) split into net and
 * VAT cents of the amount paid, cents refunded, the site's company, the customer's email and profile name.
 * Input: `{ actor, site, user, paymentId }`; the policy (`actor` may view the invoice) is asked once
 * the payment is loaded. Returns an InvoiceView (rows; the route presents it with `presentInvoice`).
 * @throws AppError not_found (404) for another member's, unknown or unpaid payment
 */
export async function viewInvoice(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; site: SiteRow; user: UserRow; paymentId: number },
): Promise<InvoiceView> {
  const { db } = deps;
  const { site, user, paymentId } = input;
  const payment = await findMemberPayment(db, { siteId: site.id, userId: user.id }, paymentId);
  if (!payment || payment.status !== 'paid' || !payment.paid_at) throw notFound();
  authorize(input.actor, 'view', invoiceResource(payment));
  const [company, own] = await Promise.all([findCompany(db, site.company_id), findProfileByUserId(db, user.id)]);
  if (!company) throw notFound();
  return {
    number: invoiceNumber(site.id, payment.id, payment.paid_at),
    payment,
    paidAt: payment.paid_at,
    vatPercentage: INVOICE_VAT_PERCENTAGE,
    vat: splitVat(payment.amount_cents, INVOICE_VAT_PERCENTAGE),
    company,
    siteName: site.name,
    customer: { email: user.email, name: own?.profile.name ?? '' },
  };
}
