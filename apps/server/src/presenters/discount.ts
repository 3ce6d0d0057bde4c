import { type DiscountCode, PAYMENT_METHODS, type PaymentMethod } from '@app/contracts';
import type { MemberDiscount } from '../services/money/discounts.js';

/**
 * A code as one member sees it, as the wire shape DiscountCode of SPEC.md 3 (`expires` is the
 * member's own end for welcome/time bonus, ISO time or null; minimum_order_value in cents).
 */
export function presentDiscount({ row, expires, expired }: MemberDiscount): DiscountCode {
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
    expired,
    paymentmethods: row.paymentmethods.filter((m): m is PaymentMethod =>
      (PAYMENT_METHODS as readonly string[]).includes(m),
    ),
  };
}
