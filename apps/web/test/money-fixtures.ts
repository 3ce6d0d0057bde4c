import type { DiscountCode } from '@app/contracts';

/** The time bonus as GET /api/credits.php answers it (SPEC.md 9: TIMEBONUS25, 25%), with overrides. */
export function timeBonusDiscount(overrides: Partial<DiscountCode> = {}): DiscountCode {
  return {
    code: 'TIMEBONUS25',
    kind: 'time_bonus',
    country: null,
    user_id: null,
    expires: null,
    value_percentage: 25,
    percentage: 25,
    currency: null,
    minimum_order_value: null,
    status: 'active',
    validity: 'once_per_user',
    expired: false,
    paymentmethods: [],
    ...overrides,
  };
}
