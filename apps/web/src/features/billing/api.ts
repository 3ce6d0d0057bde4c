import {
  billingCalls,
  type COMPLAINT_TOPICS,
  type ComplaintBody,
  type DirectDebitBody,
  type DirectDebitPrefill,
  moneyCalls,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Query keys of the billing screens. */
export const billingKeys = {
  transactions: ['billing', 'transactions'] as const,
  invoice: (paymentId: number) => ['billing', 'invoice', paymentId] as const,
  complaints: ['billing', 'complaints'] as const,
  creditsOverview: ['billing', 'credits-overview'] as const,
  mandate: ['billing', 'direct-debit-mandate'] as const,
};

/** GET /api/transactions.php: ledger entries and payments of the member, newest first (SPEC.md 2 /transactions). */
export const transactionsQuery = queryOptions({
  queryKey: billingKeys.transactions,
  queryFn: ({ signal }) => call(billingCalls.transactions, { signal }),
});

/** GET /api/invoice.php?payment_id=N: the invoice of one of the member's paid payments; 404 not_found otherwise. */
export const invoiceQuery = (paymentId: number) =>
  queryOptions({
    queryKey: billingKeys.invoice(paymentId),
    queryFn: ({ signal }) => call(billingCalls.invoice, { query: { payment_id: paymentId }, signal }),
  });

/** GET /api/credits.php: packages (for the direct-debit package select) and refund_days. */
export const creditsOverviewQuery = queryOptions({
  queryKey: billingKeys.creditsOverview,
  queryFn: ({ signal }) => call(moneyCalls.credits, { signal }),
});

export type ComplaintTopic = (typeof COMPLAINT_TOPICS)[number];

/** GET /api/complaints.php: the member's complaints, newest first (ComplaintListSchema). */
export const complaintsQuery = queryOptions({
  queryKey: billingKeys.complaints,
  queryFn: async ({ signal }) => (await call(billingCalls.complaints, { signal })).complaints,
});

/** POST /api/complaints.php: files a complaint; answers its number and the refund period in days. */
export function fileComplaint(body: ComplaintBody) {
  return call(billingCalls.fileComplaint, { body });
}

/** The last confirmed mandate to prefill the form with (IBAN and phone come masked). */
export type MandatePrefill = NonNullable<DirectDebitPrefill['mandate']>;

/** GET /api/directdebit.php (DirectDebitPrefillSchema): the last mandate, or null; a failure only means no prefill. */
export const mandateQuery = queryOptions({
  queryKey: billingKeys.mandate,
  queryFn: async ({ signal }): Promise<MandatePrefill | null> => {
    try {
      return (await call(billingCalls.directDebitPrefill, { signal })).mandate;
    } catch {
      return null;
    }
  },
});

/** POST /api/directdebit.php: stores the mandate and sends the SMS code (SPEC.md 3 Direct debit). */
export function startDirectDebit(body: DirectDebitBody) {
  return call(billingCalls.startDirectDebit, { body });
}

/** POST /api/directdebit-confirm.php: confirms the mandate with the SMS code; answers the started payment. */
export function confirmDirectDebit(body: { mandate: number; otp: string }) {
  return call(billingCalls.confirmDirectDebit, { body });
}
