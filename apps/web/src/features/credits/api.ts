import {
  type CreatePaymentBody,
  type CreatePaymentResult,
  type DiscountCode,
  FINAL_PAYMENT_STATUSES,
  moneyCalls,
  type Payment,
  type PaymentMethod,
  type PaymentStatus,
} from '@app/contracts';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Query keys of the shop (the user query lives in lib/query-client). */
export const creditKeys = {
  overview: ['credits'] as const,
  payment: (id: number) => ['payment', id] as const,
};

/**
 * GET /api/credits.php: packages, methods, the active discount (time bonus, else welcome code),
 * the last order, costs in credits and refund_days (SPEC.md 2 /credits, /pricing, /premium).
 */
export const creditsOverviewQuery = queryOptions({
  queryKey: creditKeys.overview,
  queryFn: ({ signal }) => call(moneyCalls.credits, { signal }),
  staleTime: 60_000,
});

/** GET /api/payment.php?payment_id=N: one payment of the member, its state checked with the provider. */
export function fetchPayment(paymentId: number, signal?: AbortSignal): Promise<Payment> {
  return call(moneyCalls.payment, { query: { payment_id: paymentId }, signal });
}

/** POST /api/payment.php: starts a payment; never retried (the api client retries only idempotent calls). */
export function createPayment(body: CreatePaymentBody): Promise<CreatePaymentResult> {
  return call(moneyCalls.startPayment, { body });
}

/**
 * GET /api/discountcode.php?code=&package=&method= (SPEC.md 5, 7): a typed code checked for the
 * chosen package (minimum order value) and method. Throws ApiError discount_not_found, discount_used,
 * discount_expired, discount_first_purchase, discount_minimum_order, discount_country or discount_method with
 * a translated message.
 */
export function checkDiscountCode(
  code: string,
  packageId: number | undefined,
  method: PaymentMethod | undefined,
): Promise<DiscountCode> {
  return call(moneyCalls.discountCode, { query: { code, package: packageId, method } });
}

/** Whether a payment state is final (paid, failed, canceled, expired); open and pending are "being processed". */
export function isFinalStatus(status: PaymentStatus): boolean {
  return (FINAL_PAYMENT_STATUSES as readonly string[]).includes(status);
}

/** Starts a payment (POST /api/payment.php) and sends the payer to the provider's checkout page. */
export function useStartPayment() {
  return useMutation({
    mutationFn: createPayment,
    onSuccess: (result) => window.location.assign(result.checkout_url),
  });
}
