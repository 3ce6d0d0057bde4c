/**
 * Back-office complaints and payments (issue: back office I): the complaint queue, the answer mailed to
 * the member, payments with their state at the provider, and refunds. Amounts are integer cents of
 * `currency`; credits are whole credits. Paths live under /api/admin/.
 */
import { z } from 'zod';
import { COMPLAINT_STATUSES, COMPLAINT_TOPICS, PAYMENT_STATUSES, PaymentMethodSchema } from '../money.js';
import { text } from '../text.js';
import { OptionalDateField, OptionalIdField, PageQueryField } from './access.js';

/** Characters of a staff answer to a complaint. */
export const COMPLAINT_ANSWER_MAX = 5000;
/** Characters of a refund reason. */
export const REFUND_REASON_MAX = 500;
/** Rows per page of the back office's complaint and payment lists. */
export const BILLING_PAGE_SIZE = 50;

/** An id given in a query string (`?id=`). */
const IdQueryField = z.coerce.number().int().positive();

/** The member a complaint or payment belongs to, as staff see it. */
export const StaffMemberRefSchema = z.object({
  id: z.number().int(),
  email: text(),
  /** The profile name; empty when the member has no profile (any more). */
  name: text(),
});
export type StaffMemberRef = z.infer<typeof StaffMemberRefSchema>;

/** GET /api/admin/complaints.php: unanswered complaints first, oldest first; then answered ones, newest first. */
export const AdminComplaintsQuerySchema = z.object({
  status: z.enum(COMPLAINT_STATUSES).optional(),
  site_id: OptionalIdField,
  page: PageQueryField,
});

/** A complaint in the queue: the member, topic, the start of the text, the linked payment and the state. */
export const AdminComplaintSummarySchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  status: z.enum(COMPLAINT_STATUSES),
  topic: z.enum(COMPLAINT_TOPICS),
  /** The first 140 characters of the text. */
  excerpt: text(),
  payment_id: z.number().int().nullable(),
  member: StaffMemberRefSchema,
  created_at: text(),
  answered_at: text().nullable(),
});
export type AdminComplaintSummary = z.infer<typeof AdminComplaintSummarySchema>;

export const AdminComplaintPageSchema = z
  .object({ complaints: z.array(AdminComplaintSummarySchema), page: z.number().int(), more: z.boolean() })
  .meta({ id: 'AdminComplaintPage' });
export type AdminComplaintPage = z.infer<typeof AdminComplaintPageSchema>;

/** GET /api/admin/complaint.php?id=N. */
export const AdminIdQuerySchema = z.object({ id: IdQueryField });

/** A complaint in full. */
export const AdminComplaintSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  status: z.enum(COMPLAINT_STATUSES),
  topic: z.enum(COMPLAINT_TOPICS),
  text: text(),
  payment_id: z.number().int().nullable(),
  answer: text().nullable(),
  answered_at: text().nullable(),
  /** The e-mail of the staff account that answered; null before an answer. */
  answered_by: text().nullable(),
  created_at: text(),
});
export type AdminComplaint = z.infer<typeof AdminComplaintSchema>;

/** A payment as a line of a list (and inside a complaint). */
export const AdminPaymentSummarySchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  method: PaymentMethodSchema,
  credits: z.number().int().describe('credits'),
  amount_cents: z.number().int().describe('cents paid, after the discount'),
  currency: text(),
  refunded_cents: z.number().int().describe('cents refunded so far'),
  provider: text(),
  member: StaffMemberRefSchema,
  created_at: text(),
  paid_at: text().nullable(),
});
export type AdminPaymentSummary = z.infer<typeof AdminPaymentSummarySchema>;

/** A complaint as a line of another screen (a member's earlier complaints, a payment's complaints). */
export const AdminComplaintLineSchema = z.object({
  id: z.number().int(),
  status: z.enum(COMPLAINT_STATUSES),
  topic: z.enum(COMPLAINT_TOPICS),
  payment_id: z.number().int().nullable(),
  created_at: text(),
});
export type AdminComplaintLine = z.infer<typeof AdminComplaintLineSchema>;

/**
 * GET /api/admin/complaint.php: the complaint, its member (with the language the answer is mailed in),
 * the linked payment (null without one, or for a role that may not see payments) and the member's
 * other complaints, newest first.
 */
export const AdminComplaintDetailSchema = z
  .object({
    complaint: AdminComplaintSchema,
    member: StaffMemberRefSchema.extend({ language: text() }),
    payment: AdminPaymentSummarySchema.nullable(),
    earlier: z.array(AdminComplaintLineSchema),
  })
  .meta({ id: 'AdminComplaintDetail' });
export type AdminComplaintDetail = z.infer<typeof AdminComplaintDetailSchema>;

/**
 * PUT /api/admin/complaint.php: take a complaint up (`status: in_progress`) or answer it (`answer`,
 * which sets status answered and mails the member). `status: answered` needs an answer.
 */
export const AdminComplaintUpdateBodySchema = z
  .object({
    id: z.number().int().positive(),
    status: z.enum(['in_progress', 'answered']).optional(),
    answer: text().trim().min(1).max(COMPLAINT_ANSWER_MAX).optional(),
  })
  .refine((b) => b.status !== undefined || b.answer !== undefined, { message: 'status_or_answer' })
  .refine((b) => b.status !== 'answered' || b.answer !== undefined, { message: 'answer_required', path: ['answer'] })
  .refine((b) => b.status !== 'in_progress' || b.answer === undefined, {
    message: 'answer_sets_answered',
    path: ['status'],
  });
export type AdminComplaintUpdateBody = z.infer<typeof AdminComplaintUpdateBodySchema>;

/** PUT /api/admin/complaint.php: the complaint after the change, and whether a mail went to the member. */
export const AdminComplaintUpdateResultSchema = z
  .object({ complaint: AdminComplaintSchema, mailed: z.boolean() })
  .meta({ id: 'AdminComplaintUpdateResult' });

/**
 * GET /api/admin/payments.php: newest first. `member` is a user id (digits) or an e-mail address
 * (exact, any case); `from` and `to` bound created_at (a date alone: `to` includes that whole day, UTC).
 */
export const AdminPaymentsQuerySchema = z.object({
  site_id: OptionalIdField,
  status: z.enum(PAYMENT_STATUSES).optional(),
  method: PaymentMethodSchema.optional(),
  from: OptionalDateField,
  to: OptionalDateField,
  member: text().trim().min(1).max(254).optional(),
  page: PageQueryField,
});
export type AdminPaymentsQuery = z.infer<typeof AdminPaymentsQuerySchema>;

export const AdminPaymentPageSchema = z
  .object({ payments: z.array(AdminPaymentSummarySchema), page: z.number().int(), more: z.boolean() })
  .meta({ id: 'AdminPaymentPage' });
export type AdminPaymentPage = z.infer<typeof AdminPaymentPageSchema>;

/** One refund of a payment. */
export const AdminRefundSchema = z.object({
  id: z.number().int(),
  amount_cents: z.number().int().describe('cents'),
  credits_taken: z.number().int().describe('credits taken back (never below a zero balance)'),
  provider_refund_id: text().nullable(),
  reason: text().nullable(),
  created_at: text(),
});
export type AdminRefund = z.infer<typeof AdminRefundSchema>;

/** A credit-ledger row of a payment (its purchase and refunds). */
export const AdminLedgerRowSchema = z.object({
  id: z.number().int(),
  reason: text(),
  delta: z.number().int().describe('credits'),
  balance_after: z.number().int().describe('credits'),
  created_at: text(),
});

/**
 * The payment's state at the provider, read when the detail is opened. `available` false when the
 * provider could not be asked (`reason`: error, other_provider, not_created); then only our state shows.
 */
export const ProviderStateSchema = z.object({
  available: z.boolean(),
  reason: z.enum(['error', 'other_provider', 'not_created']).nullable(),
  provider_payment_id: text().nullable(),
  status: z.enum(PAYMENT_STATUSES).nullable(),
  method: PaymentMethodSchema.nullable(),
  amount_cents: z.number().int().nullable(),
});
export type ProviderState = z.infer<typeof ProviderStateSchema>;

/** GET /api/admin/payment.php: our row, the member, package, discount, refunds, ledger rows and the provider's state. */
export const AdminPaymentDetailSchema = z
  .object({
    payment: AdminPaymentSummarySchema.extend({
      original_cents: z.number().int().describe('cents before the discount'),
      flow: text(),
      updated_at: text(),
    }),
    member: StaffMemberRefSchema.extend({
      language: text(),
      credits: z.number().int().describe('the balance now'),
      paid_user: z.boolean(),
    }),
    package: z.object({ id: z.number().int(), credits: z.number().int(), price_cents: z.number().int() }),
    discount: z.object({ code: text(), kind: text(), percentage: z.number().int() }).nullable(),
    refunds: z.array(AdminRefundSchema),
    ledger: z.array(AdminLedgerRowSchema),
    complaints: z.array(AdminComplaintLineSchema),
    provider: ProviderStateSchema,
    /** Cents that may still be refunded (0 unless paid at the active provider). */
    refundable_cents: z.number().int(),
  })
  .meta({ id: 'AdminPaymentDetail' });
export type AdminPaymentDetail = z.infer<typeof AdminPaymentDetailSchema>;

/** POST /api/admin/payment-refund.php: refund `amount_cents` (default: what is left) through the provider. */
export const AdminRefundBodySchema = z.object({
  id: z.number().int().positive(),
  amount_cents: z.number().int().positive().optional(),
  reason: text().trim().min(1).max(REFUND_REASON_MAX),
});
export type AdminRefundBody = z.infer<typeof AdminRefundBodySchema>;

/** What a refund did: the refund, the payment after it, the credits taken back and the member's balance. */
export const AdminRefundResultSchema = z
  .object({
    refund: AdminRefundSchema,
    payment: AdminPaymentSummarySchema,
    credits_taken: z.number().int().describe('credits'),
    balance: z.number().int().describe('credits'),
  })
  .meta({ id: 'AdminRefundResult' });
export type AdminRefundResult = z.infer<typeof AdminRefundResultSchema>;
