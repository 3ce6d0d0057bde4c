import {
  CARD_METHODS,
  type CreditPackage,
  type DiscountCode,
  discountedCents,
  type PaymentMethod,
} from '@app/contracts';
import { intlLocale } from '../../lib/i18n';

/**
 * The percentage `discount` takes off `pkg` paid with `method` (unknown method: any), or null when it
 * does not apply: inactive, expired, another currency, below its minimum order value (cents) or not
 * for this method (SPEC.md 3 Discount code, 5).
 */
export function discountPercentage(
  pkg: Pick<CreditPackage, 'price_cents' | 'currency'>,
  discount: DiscountCode | null | undefined,
  method?: PaymentMethod,
): number | null {
  if (discount?.status !== 'active' || discount.expired) return null;
  if (discount.currency && discount.currency !== pkg.currency) return null;
  if (discount.minimum_order_value !== null && pkg.price_cents < discount.minimum_order_value) return null;
  if (method && discount.paymentmethods.length > 0 && !discount.paymentmethods.includes(method)) return null;
  return discount.value_percentage;
}

/** Formats an amount of `cents` of `currency` in the member's language (e.g. "€ 19,95" in nl). */
export function formatMoney(cents: number, currency: string, lng: string, fractionDigits?: number): string {
  return new Intl.NumberFormat(intlLocale(lng), {
    style: 'currency',
    currency,
    minimumFractionDigits: fractionDigits ?? 2,
    maximumFractionDigits: fractionDigits ?? 2,
  }).format(cents / 100);
}

/** Price of one credit of a package after `percentage` off, in (fractional) cents. */
export function perCreditCents(pkg: Pick<CreditPackage, 'price_cents' | 'credits'>, percentage: number | null): number {
  return discountedCents(pkg.price_cents, percentage) / pkg.credits;
}

/** Whether `method` is a card method: a failed card payment offers retry or PayPal (SPEC.md 8). */
export function isCardMethod(method: string | undefined): boolean {
  return (CARD_METHODS as readonly string[]).includes(method ?? '');
}

/** Path that pays `packageId` with `method`: direct debit (sdd) has its own form at /directdebit (SPEC.md 2). */
export function payPath(packageId: number, method: PaymentMethod, code?: string | null): string {
  const query = new URLSearchParams();
  if (method === 'sdd') query.set('package', String(packageId));
  if (code) query.set('code', code);
  const qs = query.toString() ? `?${query.toString()}` : '';
  return method === 'sdd' ? `/directdebit${qs}` : `/credits/${packageId}/${method}${qs}`;
}
