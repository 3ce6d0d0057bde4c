import { type DiscountCode, PAYMENT_METHODS, type PaymentMethod } from '@app/contracts';
import type { DiscountCodeRow } from '../db/repositories/discount-codes.js';
import type { UserRow } from '../db/repositories/users.js';
import { effectiveExpiry } from '../services/money/discount-rules.js';

/** A code row as the wire shape of SPEC.md 3 (`expires` is the member's own end for welcome/time bonus). */
export function presentDiscount(row: DiscountCodeRow, user: UserRow, now: Date): DiscountCode {
  const expires = effectiveExpiry(row, user);
  return {
    code: row.code,
    kind: row.kind as DiscountCode['kind'],
    country: row.country,
    user_id: row.user_id,
    expires: expires?.toISOString() ?? null,
    value_percentage: row.value_percentage,
    percentage: row.value_percentage,
    currency: row.currency,
    minimum_order_value: row.minimum_order_value,
    status: row.status === 'active' ? 'active' : 'inactive',
    validity: row.validity as DiscountCode['validity'],
    expired: expires !== null && expires <= now,
    paymentmethods: row.paymentmethods.filter((m): m is PaymentMethod =>
      (PAYMENT_METHODS as readonly string[]).includes(m),
    ),
  };
}
