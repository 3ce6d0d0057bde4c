import type {
  AdminComplaint,
  AdminComplaintDetail,
  AdminComplaintLine,
  AdminComplaintPage,
  AdminPaymentDetail,
  AdminPaymentPage,
  AdminPaymentSummary,
  AdminRefund,
  AdminRefundResult,
  COMPLAINT_TOPICS,
  ComplaintStatus,
  PaymentMethod,
  PaymentStatus,
  StaffMemberRef,
} from '@app/contracts';
import type {
  MemberRef,
  Paged,
  StaffComplaintDetailRow,
  StaffComplaintRow,
  StaffPaymentRow,
} from '../../db/repositories/admin-billing.js';
import type { ComplaintRow } from '../../db/repositories/complaints.js';
import type { PaymentRefundRow } from '../../db/repositories/payments.js';
import type { RefundResult } from '../../services/money/refund-payment.js';
import type { StaffComplaintView } from '../../services/staff-billing/view-staff-complaint.js';
import type { StaffPaymentView } from '../../services/staff-billing/view-staff-payment.js';

/** Characters of a complaint's text shown in the queue. */
const EXCERPT_LENGTH = 140;
type Topic = (typeof COMPLAINT_TOPICS)[number];

/** The start of a complaint's text on one line, cut at a character (not inside a surrogate pair). */
export function excerpt(text: string, length = EXCERPT_LENGTH): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= length ? chars.join('') : `${chars.slice(0, length - 1).join('')}…`;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function presentMember(member: MemberRef): StaffMemberRef {
  return { id: member.id, email: member.email, name: member.name ?? '' };
}

/** A complaint as a line of another screen. */
function presentComplaintLine(row: ComplaintRow): AdminComplaintLine {
  return {
    id: row.id,
    status: row.status as ComplaintStatus,
    topic: row.topic as Topic,
    payment_id: row.payment_id,
    created_at: row.created_at.toISOString(),
  };
}

/** The complaint queue's page (GET /api/admin/complaints.php). */
export function presentComplaintPage(result: Paged<StaffComplaintRow>, page: number): AdminComplaintPage {
  return {
    page,
    more: result.more,
    complaints: result.rows.map(({ complaint, member }) => ({
      id: complaint.id,
      site_id: complaint.site_id,
      status: complaint.status as ComplaintStatus,
      topic: complaint.topic as Topic,
      excerpt: excerpt(complaint.text),
      payment_id: complaint.payment_id,
      member: presentMember(member),
      created_at: complaint.created_at.toISOString(),
      answered_at: iso(complaint.answered_at),
    })),
  };
}

/** A complaint in full, with the e-mail of the staff who answered. */
export function presentAdminComplaint(row: StaffComplaintDetailRow): AdminComplaint {
  const { complaint } = row;
  return {
    id: complaint.id,
    site_id: complaint.site_id,
    status: complaint.status as ComplaintStatus,
    topic: complaint.topic as Topic,
    text: complaint.text,
    payment_id: complaint.payment_id,
    answer: complaint.answer,
    answered_at: iso(complaint.answered_at),
    answered_by: complaint.answered_at ? (row.answeredBy ?? 'command line') : null,
    created_at: complaint.created_at.toISOString(),
  };
}

/** A payment as a list line (amounts in cents, credits in credits). */
export function presentPaymentSummary({ payment, member }: StaffPaymentRow): AdminPaymentSummary {
  return {
    id: payment.id,
    site_id: payment.site_id,
    status: payment.status as PaymentStatus,
    method: payment.method as PaymentMethod,
    credits: payment.credits,
    amount_cents: payment.amount_cents,
    currency: payment.currency,
    refunded_cents: payment.refunded_cents,
    provider: payment.provider,
    member: presentMember(member),
    created_at: payment.created_at.toISOString(),
    paid_at: iso(payment.paid_at),
  };
}

/** GET /api/admin/complaint.php. */
export function presentComplaintDetail(view: StaffComplaintView): AdminComplaintDetail {
  return {
    complaint: presentAdminComplaint(view),
    member: { ...presentMember(view.member), language: view.member.language },
    payment: view.payment ? presentPaymentSummary(view.payment) : null,
    earlier: view.earlier.map(presentComplaintLine),
  };
}

/** GET /api/admin/payments.php. */
export function presentPaymentPage(result: Paged<StaffPaymentRow>, page: number): AdminPaymentPage {
  return { page, more: result.more, payments: result.rows.map(presentPaymentSummary) };
}

function presentRefund(row: PaymentRefundRow): AdminRefund {
  return {
    id: row.id,
    amount_cents: row.amount_cents,
    credits_taken: row.credits_taken,
    provider_refund_id: row.provider_refund_id,
    reason: row.reason,
    created_at: row.created_at.toISOString(),
  };
}

/** GET /api/admin/payment.php: our row, member, package, discount, refunds, ledger, complaints, provider state. */
export function presentPaymentDetail(view: StaffPaymentView): AdminPaymentDetail {
  const { payment, member, provider } = view;
  return {
    payment: {
      ...presentPaymentSummary(view),
      original_cents: payment.original_cents,
      flow: payment.flow,
      updated_at: payment.updated_at.toISOString(),
    },
    member: {
      ...presentMember(member),
      language: member.language,
      credits: member.credits,
      paid_user: member.paid_user,
    },
    package: view.package,
    discount:
      view.discount && payment.discount_percentage !== null
        ? { code: view.discount.code, kind: view.discount.kind, percentage: payment.discount_percentage }
        : null,
    refunds: view.refunds.map(presentRefund),
    ledger: view.ledger.map((row) => ({
      id: row.id,
      reason: row.reason,
      delta: row.delta,
      balance_after: row.balance_after,
      created_at: row.created_at.toISOString(),
    })),
    complaints: view.complaints.map(presentComplaintLine),
    provider: {
      available: provider.available,
      reason: provider.reason,
      provider_payment_id: provider.providerPaymentId,
      status: provider.status,
      method: provider.method,
      amount_cents: provider.amountCents,
    },
    refundable_cents: view.refundableCents,
  };
}

/** POST /api/admin/payment-refund.php: the refund, the payment after it, credits taken and the balance. */
export function presentRefundResult(result: RefundResult, payment: StaffPaymentRow): AdminRefundResult {
  return {
    refund: presentRefund(result.refund),
    payment: presentPaymentSummary(payment),
    credits_taken: result.creditsTaken,
    balance: result.balance,
  };
}
