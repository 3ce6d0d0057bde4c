import {
  AdminComplaintDetailSchema,
  AdminComplaintPageSchema,
  AdminComplaintsQuerySchema,
  AdminComplaintUpdateBodySchema,
  AdminComplaintUpdateResultSchema,
  AdminIdQuerySchema,
  AdminPaymentDetailSchema,
  AdminPaymentPageSchema,
  AdminPaymentsQuerySchema,
  AdminRefundBodySchema,
  AdminRefundResultSchema,
} from '../admin/billing.js';
import { defineCall } from './define.js';

const tags = ['back office'] as const;

/**
 * Back-office complaints and payments (issue: back office I). Admins may do everything; moderators
 * and support read and answer complaints; support reads payments but never refunds; operators see
 * neither (403 forbidden). An object of a site outside the account's answers 404; lists hold only the
 * account's sites. Detail views and every change write an audit entry.
 */
export const adminBillingCalls = {
  /** GET /api/admin/complaints.php?status=&site_id=&page=: the complaint queue. */
  complaints: defineCall({
    method: 'GET',
    path: '/api/admin/complaints.php',
    kind: 'json',
    staff: 'signed_in',
    query: AdminComplaintsQuerySchema,
    response: AdminComplaintPageSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Complaints: new and in progress first (oldest first), then answered (newest first); 50 a page',
  }),
  /** GET /api/admin/complaint.php?id=: one complaint with its member, payment and earlier complaints. */
  complaint: defineCall({
    method: 'GET',
    path: '/api/admin/complaint.php',
    kind: 'json',
    staff: 'signed_in',
    query: AdminIdQuerySchema,
    response: AdminComplaintDetailSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'A complaint in full, its member, the linked payment and earlier complaints (audited: complaint.view)',
  }),
  /** PUT /api/admin/complaint.php {id, status?, answer?}: take up or answer; the answer is mailed. */
  updateComplaint: defineCall({
    method: 'PUT',
    path: '/api/admin/complaint.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminComplaintUpdateBodySchema,
    response: AdminComplaintUpdateResultSchema,
    errors: [400, 403, 404],
    tags,
    summary:
      "Set a complaint in progress, or answer it: status answered and the answer mailed in the member's language (audited: complaint.update)",
  }),
  /** GET /api/admin/payments.php?site_id=&status=&method=&from=&to=&member=&page=: payments, newest first. */
  payments: defineCall({
    method: 'GET',
    path: '/api/admin/payments.php',
    kind: 'json',
    staff: 'signed_in',
    query: AdminPaymentsQuerySchema,
    response: AdminPaymentPageSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Payments, newest first, filtered by site, state, method, period and member (id or e-mail); 50 a page',
  }),
  /** GET /api/admin/payment.php?id=: one payment with refunds, ledger rows and the provider's state. */
  payment: defineCall({
    method: 'GET',
    path: '/api/admin/payment.php',
    kind: 'json',
    staff: 'signed_in',
    query: AdminIdQuerySchema,
    response: AdminPaymentDetailSchema,
    errors: [400, 403, 404],
    tags,
    summary:
      "A payment: our row, member, package, discount, refunds, ledger rows and the provider's current state (audited: payment.view)",
  }),
  /** POST /api/admin/payment-refund.php {id, amount_cents?, reason}: refund through the provider (admins). */
  refundPayment: defineCall({
    method: 'POST',
    path: '/api/admin/payment-refund.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminRefundBodySchema,
    response: AdminRefundResultSchema,
    errors: [400, 403, 404, 502],
    tags,
    summary:
      'Refund a paid payment in full or in part through the provider; the credits are taken back in the ledger (admins only; audited: payment.refund)',
    description:
      '400 validation_failed when the payment is not paid, belongs to another provider, or `amount_cents` exceeds what is left (data.max); 502 payment_failed when the provider refuses.',
  }),
};
