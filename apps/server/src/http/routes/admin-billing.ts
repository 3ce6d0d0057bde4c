import { adminBillingCalls } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import {
  presentAdminComplaint,
  presentComplaintDetail,
  presentComplaintPage,
  presentPaymentDetail,
  presentPaymentPage,
  presentRefundResult,
} from '../../presenters/admin/billing.js';
import { listComplaintQueue } from '../../services/staff-billing/list-complaint-queue.js';
import { refundStaffPayment } from '../../services/staff-billing/refund-staff-payment.js';
import { searchPayments } from '../../services/staff-billing/search-payments.js';
import { updateStaffComplaint } from '../../services/staff-billing/update-staff-complaint.js';
import { viewStaffComplaint } from '../../services/staff-billing/view-staff-complaint.js';
import { viewStaffPayment } from '../../services/staff-billing/view-staff-payment.js';
import { requireStaff } from '../context.js';
import { registerCall } from '../register-call.js';

/** Back office I: the complaint queue and answers, payments with the provider's state, refunds. */
export const adminBillingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerCall(app, adminBillingCalls.complaints, async (req) => {
    const { actor } = requireStaff(req);
    const q = req.query;
    const result = await listComplaintQueue(deps, { actor, status: q.status, siteId: q.site_id, page: q.page });
    return presentComplaintPage(result, q.page);
  });

  registerCall(app, adminBillingCalls.complaint, async (req) => {
    const { actor, who } = requireStaff(req);
    return presentComplaintDetail(await viewStaffComplaint(deps, { actor, who, id: req.query.id }));
  });

  registerCall(app, adminBillingCalls.updateComplaint, async (req) => {
    const { actor, who } = requireStaff(req);
    const { id, answer } = req.body;
    const update = answer !== undefined ? { answer } : { status: 'in_progress' as const };
    const result = await updateStaffComplaint(deps, { actor, who, id, update });
    return { complaint: presentAdminComplaint(result.complaint), mailed: result.mailed };
  });

  registerCall(app, adminBillingCalls.payments, async (req) => {
    const { actor } = requireStaff(req);
    const q = req.query;
    const result = await searchPayments(deps, {
      actor,
      siteId: q.site_id,
      status: q.status,
      method: q.method,
      from: q.from,
      to: q.to,
      member: q.member,
      page: q.page,
    });
    return presentPaymentPage(result, q.page);
  });

  registerCall(app, adminBillingCalls.payment, async (req) => {
    const { actor, who } = requireStaff(req);
    return presentPaymentDetail(await viewStaffPayment(deps, { actor, who, id: req.query.id }));
  });

  registerCall(app, adminBillingCalls.refundPayment, async (req) => {
    const { actor, who } = requireStaff(req);
    const { result, payment } = await refundStaffPayment(deps, {
      actor,
      who,
      paymentId: req.body.id,
      cents: req.body.amount_cents,
      reason: req.body.reason,
    });
    return presentRefundResult(result, payment);
  });
};
