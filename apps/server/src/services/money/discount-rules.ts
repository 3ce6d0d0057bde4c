import { type PaymentMethod, TIME_BONUS_SECONDS, WELCOME_DISCOUNT_DAYS } from '@app/contracts';
import type { Db } from '../../db/client.js';
import {
  countPaidWithCode,
  type DiscountCodeRow,
  findMemberCountry,
  hasPaidPayment,
} from '../../db/repositories/discount-codes.js';
import type { UserRow } from '../../db/repositories/users.js';
import { AppError } from '../../errors.js';

/** What a code is checked against; `package` and `method` only when known (SPEC.md 3 Discount code). */
export interface DiscountCheck {
  row: DiscountCodeRow;
  user: UserRow;
  now: Date;
  package?: { price_cents: number; currency: string } | undefined;
  method?: PaymentMethod | undefined;
}

/**
 * End of the member's own window for a welcome code (signup_date + WELCOME_DISCOUNT_DAYS) or the time
 * bonus (signup_date + TIME_BONUS_SECONDS, SPEC.md 4); null for other codes. Valid while now < end.
 */
export function memberWindowEnd(row: Pick<DiscountCodeRow, 'kind'>, user: Pick<UserRow, 'signup_date'>): Date | null {
  const signup = user.signup_date.getTime();
  if (row.kind === 'welcome') return new Date(signup + WELCOME_DISCOUNT_DAYS * 86_400_000);
  if (row.kind === 'time_bonus') return new Date(signup + TIME_BONUS_SECONDS * 1000);
  return null;
}

/** The expiry the member sees: the earlier of the code's own `expires` and the member's window end. */
export function effectiveExpiry(row: DiscountCodeRow, user: Pick<UserRow, 'signup_date'>): Date | null {
  const window = memberWindowEnd(row, user);
  if (!row.expires) return window;
  if (!window) return row.expires;
  return row.expires < window ? row.expires : window;
}

/** Formats cents as money in the member's language, e.g. "€ 19,95" (nl) for the error message. */
export function formatMoney(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/**
 * Checks one code for one member (SPEC.md 3, 5, 9), in this order: active and on offer to this member
 * (user_id), not past its `expires`, not used (once_per_user: a paid payment of this member with it;
 * once: any paid payment with it), welcome and time bonus only for members who never paid and within
 * their window (a member who paid before gets discount_first_purchase), the member's country, the payment method, the package currency, the minimum order
 * value (cents). Returns the error instead of throwing so automatic discounts can be skipped quietly.
 * @returns null when the code applies, else the AppError to throw: discount_not_found (404),
 *   discount_expired (410), discount_used (409), discount_first_purchase (409: a welcome or time-bonus
 *   code asked for by a member who paid before), discount_country / discount_method (400),
 *   discount_minimum_order (400, data {amount} formatted in the member's language)
 */
export async function discountError(db: Db, check: DiscountCheck): Promise<AppError | null> {
  const { row, user, now } = check;
  if (row.status !== 'active' || (row.user_id !== null && row.user_id !== user.id)) {
    return new AppError('discount_not_found', 404);
  }
  if (row.expires && row.expires < now) return new AppError('discount_expired', 410);
  if (await isUsed(db, row, user.id)) return new AppError('discount_used', 409);
  const windowEnd = memberWindowEnd(row, user);
  // Welcome and time bonus are for a first purchase: a member who bought before is told so.
  if (windowEnd && (user.paid_user || (await hasPaidPayment(db, user.id)))) {
    return new AppError('discount_first_purchase', 409);
  }
  if (windowEnd && now >= windowEnd) return new AppError('discount_expired', 410);
  if (row.country && row.country.toUpperCase() !== (await findMemberCountry(db, user.id))?.toUpperCase()) {
    return new AppError('discount_country', 400);
  }
  if (check.method && row.paymentmethods.length > 0 && !row.paymentmethods.includes(check.method)) {
    return new AppError('discount_method', 400);
  }
  if (!check.package) return null;
  if (row.currency && row.currency.toUpperCase() !== check.package.currency.toUpperCase()) {
    return new AppError('discount_not_found', 404);
  }
  if (row.minimum_order_value !== null && row.minimum_order_value > check.package.price_cents) {
    const amount = formatMoney(row.minimum_order_value, row.currency ?? check.package.currency, user.language);
    return new AppError('discount_minimum_order', 400, { amount });
  }
  return null;
}

/** Whether the code's validity is used up for this member. */
async function isUsed(db: Db, row: DiscountCodeRow, userId: number): Promise<boolean> {
  if (row.validity === 'unlimited') return false;
  return (await countPaidWithCode(db, row.id, row.validity === 'once' ? null : userId)) > 0;
}
