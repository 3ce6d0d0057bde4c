import {
  ComplaintBodySchema,
  ComplaintListSchema,
  ComplaintResultSchema,
  DirectDebitBodySchema,
  DirectDebitConfirmBodySchema,
  DirectDebitConfirmedSchema,
  DirectDebitPrefillSchema,
  DirectDebitStartedSchema,
  InvoiceSchema,
  PaymentQuerySchema,
  TransactionListSchema,
} from '../money.js';
import { defineCall } from './define.js';

const tags = ['money'] as const;

/**
 * Transactions, invoices, complaints and direct debit confirmed by SMS code (SPEC.md 2 /transactions,
 * /complaints, /directdebit, 3 Direct debit, 5, 8). Members only (403 authentication_required).
 */
export const billingCalls = {
  /** GET /api/transactions.php: the credit ledger and payments, newest first. */
  transactions: defineCall({
    method: 'GET',
    path: '/api/transactions.php',
    kind: 'json',
    response: TransactionListSchema,
    errors: [403],
    tags,
    summary: "The member's credit ledger and payments, newest first (SPEC.md 2 /transactions)",
  }),
  /** GET /api/invoice.php?payment_id=: the invoice of an own paid payment, VAT included; else 404. */
  invoice: defineCall({
    method: 'GET',
    path: '/api/invoice.php',
    kind: 'json',
    query: PaymentQuerySchema,
    response: InvoiceSchema,
    errors: [400, 403, 404],
    tags,
    summary: "The invoice of the member's own paid payment, VAT included (SPEC.md 2 /transactions/{id}); else 404",
  }),
  /** GET /api/complaints.php: the member's complaints, newest first. */
  complaints: defineCall({
    method: 'GET',
    path: '/api/complaints.php',
    kind: 'json',
    response: ComplaintListSchema,
    errors: [403],
    tags,
    summary: "The member's complaints, newest first (SPEC.md 2 /complaints)",
  }),
  /** POST /api/complaints.php: {id, refund_days}; mails a confirmation; 10 an hour per member. */
  fileComplaint: defineCall({
    method: 'POST',
    path: '/api/complaints.php',
    kind: 'json',
    body: ComplaintBodySchema,
    response: ComplaintResultSchema,
    errors: [400, 403, 404, 429],
    tags,
    summary:
      "File a complaint, optionally about one of the member's payments (400 validation_failed otherwise); mails a confirmation",
  }),
  /** GET /api/directdebit.php: the last confirmed mandate (IBAN and phone masked), or null. */
  directDebitPrefill: defineCall({
    method: 'GET',
    path: '/api/directdebit.php',
    kind: 'json',
    response: DirectDebitPrefillSchema,
    errors: [403],
    tags,
    summary: "The member's last confirmed mandate (IBAN and phone masked) to prefill the form",
  }),
  /** POST /api/directdebit.php: stores the mandate and sends the SMS code; {mandate, phone_hint, expires}. */
  startDirectDebit: defineCall({
    method: 'POST',
    path: '/api/directdebit.php',
    kind: 'json',
    body: DirectDebitBodySchema,
    response: DirectDebitStartedSchema,
    errors: [400, 403, 404, 429],
    tags,
    summary: 'Start a direct-debit mandate for a package; the SMS code goes to the phone (SPEC.md 3, 8)',
  }),
  /** POST /api/directdebit-confirm.php {mandate, otp}: the started payment; 400 "Code ongeldig". */
  confirmDirectDebit: defineCall({
    method: 'POST',
    path: '/api/directdebit-confirm.php',
    kind: 'json',
    body: DirectDebitConfirmBodySchema,
    response: DirectDebitConfirmedSchema,
    errors: [400, 403, 404, 410, 502],
    tags,
    summary: 'Confirm the mandate with the SMS code ("Code ongeldig" when wrong) and pay by direct debit',
  }),
};
