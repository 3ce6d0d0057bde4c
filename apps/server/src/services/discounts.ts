import type { PaymentMethod } from '@app/contracts';
import type { Db } from '../db/client.js';
import type { SiteRow } from '../db/repositories/sites.js';
import type { UserRow } from '../db/repositories/users.js';

/** A discount applied to a payment: the code row's id and its percentage. */
export interface AppliedDiscount {
  id: number;
  code: string;
  kind: 'code' | 'welcome' | 'time_bonus';
  value_percentage: number;
}

/**
 * The discount a new payment gets (SPEC.md 3 Discount code, 5 time bonus, 9): the typed `code` when
 * given (checked: exists and active on the site, not expired, the member's country, payment method,
 * minimum order value in cents of the package currency, not used before by this member / at all for
 * validity once), else the member's active discount (time bonus within 14400 s of signup if unused,
 * else the welcome code within WELCOME_DISCOUNT_DAYS of signup for a member who never paid), else null.
 * Paid members get no welcome or time bonus.
 * @throws AppError discount_not_found (404), discount_used (409), discount_expired (410),
 *   discount_minimum_order (400, data {amount}), discount_country (400), discount_method (400)
 */
export async function resolveDiscountForPayment(
  _db: Db,
  _site: SiteRow,
  _user: UserRow,
  _input: {
    code: string | undefined;
    package: { price_cents: number; currency: string };
    method: PaymentMethod;
    now: Date;
  },
): Promise<AppliedDiscount | null> {
  // Filled in by the discounts work (issue 7); no discount until then.
  return null;
}

/** Price after `percentage` off, in cents, rounded to the nearest cent (never below 1). */
export function discountedCents(priceCents: number, percentage: number | null): number {
  if (!percentage) return priceCents;
  return Math.max(1, Math.round((priceCents * (100 - percentage)) / 100));
}
