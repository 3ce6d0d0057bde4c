import { z } from 'zod';
import {
  CreatePaymentBodySchema,
  CreatePaymentResultSchema,
  CreditsOverviewSchema,
  DiscountCodeSchema,
  DiscountQuerySchema,
  PaymentQuerySchema,
  PaymentSchema,
  TimeBonusResultSchema,
} from '../money.js';
import { defineCall } from './define.js';

const tags = ['money'] as const;

/**
 * The shop (SPEC.md 2 /credits, 3, 5, 6, 8, 9; docs/decisions/007-money.md): credit packages, starting
 * and polling a payment, the providers' webhook, discount codes and the time bonus. Amounts in cents,
 * balances in credits.
 */
export const moneyCalls = {
  /** GET /api/credits.php: packages, methods, discount, last order, costs in credits and refund_days. */
  credits: defineCall({
    method: 'GET',
    path: '/api/credits.php',
    kind: 'json',
    response: CreditsOverviewSchema,
    tags,
    summary: 'Packages, payment methods, the active discount, last order, costs and refund_days (SPEC.md 2 /credits)',
    description: 'Visitors get the packages and methods; discount and last_order are null for them.',
  }),
  /** POST /api/payment.php: the payment and the provider's checkout URL; 30 an hour per member. */
  startPayment: defineCall({
    method: 'POST',
    path: '/api/payment.php',
    kind: 'json',
    body: CreatePaymentBodySchema,
    response: CreatePaymentResultSchema,
    errors: [400, 403, 404, 409, 410, 502],
    tags,
    summary: 'Start paying a package; answers the provider checkout URL (SPEC.md 2 /credits/{id}/{paymentmethod})',
    description:
      '403 authentication_required for visitors; 404 not_found for a package of another site or inactive; ' +
      '400 payment_method_unavailable; repeat: 403 premium_required, 404 no_previous_order; discount_* errors.',
  }),
  /** GET /api/payment.php?payment_id=: one own payment, its state fetched from the provider when not final. */
  payment: defineCall({
    method: 'GET',
    path: '/api/payment.php',
    kind: 'json',
    query: PaymentQuerySchema,
    response: PaymentSchema,
    errors: [403, 404],
    tags,
    summary: 'One payment of the member; when not final its state is fetched from the provider first (return page)',
  }),
  /** POST /api/payment-webhook.php id=<provider id> (form or JSON): no client header; 503 so the provider retries. */
  paymentWebhook: defineCall({
    method: 'POST',
    path: '/api/payment-webhook.php',
    kind: 'form',
    body: z.unknown().describe('id=<provider payment id>, form-encoded or JSON'),
    response: z.object({ ok: z.literal(true) }),
    errors: [503],
    clientHeader: false,
    tags,
    summary: 'Called by the payment provider with id=<provider payment id>',
    description:
      'No client header needed. The state is fetched back from the provider; unknown ids are ignored (200). ' +
      'When the state could not be fetched or stored (provider or database unreachable) it answers 503, so ' +
      'the provider calls again later instead of considering the notification delivered.',
  }),
  /**
   * GET /api/discountcode.php?code=&package=&method= | welcome=true (SPEC.md 7): a DiscountCode; 404
   * discount_not_found, 409/410 used or expired, discount_* for minimum order, country, method.
   */
  discountCode: defineCall({
    method: 'GET',
    path: '/api/discountcode.php',
    kind: 'json',
    query: DiscountQuerySchema,
    response: DiscountCodeSchema,
    errors: [400, 403, 404, 409, 410],
    tags,
    summary:
      'A discount code (SPEC.md 7): `code` checks a typed code (for `package` and `method` when given), ' +
      '`welcome=true` answers the welcome code, neither answers the active discount; 404 discount_not_found when none',
  }),
  /** GET /api/time-bonus.php: {time_bonus} with seconds_left, or null (SPEC.md 4, 5, 9). */
  timeBonus: defineCall({
    method: 'GET',
    path: '/api/time-bonus.php',
    kind: 'json',
    response: TimeBonusResultSchema,
    tags,
    summary: 'The time bonus (SPEC.md 4, 5, 9) with seconds_left; null for visitors, paid members and once it is gone',
  }),
};
