import {
  type AdminComplaintUpdateBody,
  type AdminPaymentsQuery,
  type AdminRefundBody,
  adminBillingCalls,
  type ComplaintStatus,
  type StaffRoleName,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** What the complaint queue asks for. */
export interface ComplaintQueueParams {
  status?: ComplaintStatus | undefined;
  site_id?: number | undefined;
  page: number;
}

/** What the payment list asks for (the filters of GET /api/admin/payments.php). */
export type PaymentListParams = { [K in keyof AdminPaymentsQuery]?: AdminPaymentsQuery[K] | undefined } & {
  page: number;
};

/** Query keys of the complaints and payments area (invalidate `billingKeys.all` after a change). */
export const billingKeys = {
  all: ['admin', 'billing'] as const,
  complaints: (params: ComplaintQueueParams) => ['admin', 'billing', 'complaints', params] as const,
  complaint: (id: number) => ['admin', 'billing', 'complaint', id] as const,
  payments: (params: PaymentListParams) => ['admin', 'billing', 'payments', params] as const,
  payment: (id: number) => ['admin', 'billing', 'payment', id] as const,
};

/** One page of the complaint queue: unanswered oldest first, then answered newest first. */
export const complaintQueueQuery = (params: ComplaintQueueParams) =>
  queryOptions({
    queryKey: billingKeys.complaints(params),
    queryFn: () => call(adminBillingCalls.complaints, { query: params }),
  });

/** One complaint (each read is audit-logged, so it is kept for a while). */
export const complaintQuery = (id: number) =>
  queryOptions({
    queryKey: billingKeys.complaint(id),
    queryFn: () => call(adminBillingCalls.complaint, { query: { id } }),
    staleTime: 300_000,
  });

/** One page of payments, newest first. */
export const paymentListQuery = (params: PaymentListParams) =>
  queryOptions({
    queryKey: billingKeys.payments(params),
    queryFn: () => call(adminBillingCalls.payments, { query: params }),
  });

/** One payment with the provider's state (each read is audit-logged and asks the provider). */
export const paymentQuery = (id: number) =>
  queryOptions({
    queryKey: billingKeys.payment(id),
    queryFn: () => call(adminBillingCalls.payment, { query: { id } }),
    staleTime: 300_000,
  });

/** PUT /api/admin/complaint.php: take a complaint up or answer it (the answer is mailed to the member). */
export function updateComplaint(body: AdminComplaintUpdateBody) {
  return call(adminBillingCalls.updateComplaint, { body });
}

/** POST /api/admin/payment-refund.php: refund cents of a paid payment through the provider (admins). */
export function refundPayment(body: AdminRefundBody) {
  return call(adminBillingCalls.refundPayment, { body });
}

/** What a role may do here (the server decides; this only hides what the role cannot use). */
export function billingPermissions(role: StaffRoleName) {
  return { payments: role === 'admin' || role === 'support', refund: role === 'admin' };
}
