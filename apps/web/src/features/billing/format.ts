import type { Invoice, PaymentStatus } from '@app/contracts';
import { formatDate, i18next, intlLocale } from '../../lib/i18n';

/**
 * Formats integer `cents` of the ISO 4217 `currency` in the member's locale
 * (995, 'EUR', 'nl' → "€ 9,95"; 'en' → "€9.95").
 */
export function formatMoney(cents: number, currency: string, lng: string = i18next.language): string {
  return new Intl.NumberFormat(intlLocale(lng), { style: 'currency', currency }).format(cents / 100);
}

/** Formats a percentage given in percent (21 → "21%", 9.5 → "9,5%" in nl). */
export function formatPercentage(percent: number, lng: string = i18next.language): string {
  return new Intl.NumberFormat(intlLocale(lng), { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}

/** Formats an ISO 8601 time as date and time in the member's locale. */
export function formatDateTime(iso: string, lng: string = i18next.language): string {
  return formatDate(iso, lng, { dateStyle: 'medium', timeStyle: 'short' });
}

/** One amount line of an invoice: a catalogue key (billing:invoice.<key>) and signed cents. */
export interface InvoiceLine {
  key: 'line' | 'discount' | 'net' | 'vat' | 'total' | 'refunded';
  cents: number;
}

/**
 * The amount lines of an invoice (SPEC.md 2 /transactions/{id}), all in cents of the payment's currency:
 * the package line at its list price, the discount (negative, only when there is one), the net amount,
 * the VAT, the total paid (VAT included) and the refunded amount (negative, only when refunded).
 */
export function invoiceLines(invoice: Pick<Invoice, 'payment' | 'net_cents' | 'vat_cents' | 'refunded_cents'>) {
  const { payment } = invoice;
  const discount = payment.original_cents - payment.amount_cents;
  const lines: InvoiceLine[] = [{ key: 'line', cents: payment.original_cents }];
  if (discount > 0) lines.push({ key: 'discount', cents: -discount });
  lines.push({ key: 'net', cents: invoice.net_cents }, { key: 'vat', cents: invoice.vat_cents });
  lines.push({ key: 'total', cents: payment.amount_cents });
  if (invoice.refunded_cents > 0) lines.push({ key: 'refunded', cents: -invoice.refunded_cents });
  return lines;
}

/** Payment states as the member reads them (SPEC.md 4, 6): open and pending are "being processed". */
export type PaymentStateLabel = 'processing' | 'paid' | 'failed' | 'canceled';

/** Maps a provider status to its label; an expired payment reads as cancelled. */
export function paymentStateLabel(status: PaymentStatus): PaymentStateLabel {
  if (status === 'open' || status === 'pending') return 'processing';
  if (status === 'expired') return 'canceled';
  return status;
}

/** Bootstrap colour of a payment state badge. */
export function paymentStateColour(status: PaymentStatus): string {
  const label = paymentStateLabel(status);
  if (label === 'paid') return 'success';
  if (label === 'failed') return 'danger';
  if (label === 'processing') return 'warning';
  return 'secondary';
}
