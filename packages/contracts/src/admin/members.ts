/**
 * Back-office members (issue: back office I): search, the member's detail (account, profile, photos,
 * payments, credit ledger, reports, sanctions, staff notes), conversations read only, credit
 * adjustments, staff notes, the activation mail again and deletion. Paths live under /api/admin/.
 */
import { z } from 'zod';
import { text } from '../text.js';
import { OptionalIdField, PageQueryField } from './access.js';
import { SanctionSchema } from './moderation.js';

/** Members per page of the back-office search. */
export const ADMIN_MEMBER_PAGE_SIZE = 50;
/** Payments the member detail lists (newest first). */
export const ADMIN_MEMBER_PAYMENTS = 50;
/** Credit ledger rows the member detail lists (newest first). */
export const ADMIN_MEMBER_LEDGER_ROWS = 100;
/** Messages one conversation view answers at most (the newest, in time order). */
export const ADMIN_CONVERSATION_MESSAGES = 1000;
/** Largest credit adjustment either way, in credits. */
export const MAX_CREDIT_ADJUSTMENT = 100_000;
/** The ledger reason (`credit_ledger.reason`) of a staff adjustment; its reference holds the staff's reason. */
export const CREDIT_ADJUSTMENT_REASON = 'adjustment';

/** GET /api/admin/members.php: `q` an e-mail (or part), a profile name (or part), a user or profile id. */
export const AdminMemberSearchQuerySchema = z.object({
  q: text().trim().max(254).default(''),
  site_id: OptionalIdField,
  page: PageQueryField,
});

/** One member in the search results. */
export const AdminMemberRowSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  site_name: text(),
  email: text(),
  /** The profile's id and name; null when the member has no profile (erased). */
  profile_id: z.number().int().nullable(),
  name: text().nullable(),
  status: text(),
  profile_status: text().nullable(),
  paid_user: z.boolean(),
  credits: z.number().int(),
  signup_date: text(),
  last_active_at: text().nullable(),
});
export type AdminMemberRow = z.infer<typeof AdminMemberRowSchema>;

export const AdminMemberPageSchema = z
  .object({ members: z.array(AdminMemberRowSchema), page: z.number().int(), more: z.boolean() })
  .meta({ id: 'AdminMemberPage' });
export type AdminMemberPage = z.infer<typeof AdminMemberPageSchema>;

/** `?id=`: a member's user id. */
export const AdminMemberIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });

/** The account as staff see it (private: e-mail, language, credits, dates). */
export const AdminMemberAccountSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  site_name: text(),
  site_domain: text(),
  email: text(),
  status: text(),
  language: text(),
  credits: z.number().int(),
  paid_user: z.boolean(),
  invisible: z.boolean(),
  notifications_disabled: z.array(text()),
  signup_date: text(),
  confirmed_at: text().nullable(),
  last_active_at: text().nullable(),
  suspended_until: text().nullable(),
  deletion_requested_at: text().nullable(),
  erased_at: text().nullable(),
});
export type AdminMemberAccount = z.infer<typeof AdminMemberAccountSchema>;

/** The profile with every field a member sees, its status and the date of birth. */
export const AdminMemberProfileSchema = z.object({
  id: z.number().int(),
  name: text(),
  status: text(),
  gender: text(),
  sexuality: text(),
  date_of_birth: text(),
  age: z.number().int(),
  country: text(),
  region: text().nullable(),
  city: text().nullable(),
  hair_color: text().nullable(),
  eye_color: text().nullable(),
  body_type: text().nullable(),
  relationship_status: text().nullable(),
  tattoos: text().nullable(),
  reason: text().nullable(),
  interests: z.array(text()),
  description: text(),
  main_photo_id: z.number().int().nullable(),
  last_active_at: text().nullable(),
  created_at: text(),
});
export type AdminMemberProfile = z.infer<typeof AdminMemberProfileSchema>;

/**
 * A photo of the member, whatever its status. `thumb_url`/`url`: public photos under the site's
 * cdn_prefix; private ones through GET /api/admin/photo.php (staff only, audit-logged).
 */
export const AdminMemberPhotoSchema = z.object({
  id: z.number().int(),
  status: text(),
  reject_reason: text().nullable(),
  is_private: z.boolean(),
  is_main: z.boolean(),
  position: z.number().int(),
  thumb_url: text(),
  url: text(),
  created_at: text(),
});
export type AdminMemberPhoto = z.infer<typeof AdminMemberPhotoSchema>;

/** A payment of the member; amounts in cents. */
export const AdminMemberPaymentSchema = z.object({
  id: z.number().int(),
  status: text(),
  credits: z.number().int(),
  amount_cents: z.number().int(),
  refunded_cents: z.number().int(),
  currency: text(),
  method: text(),
  flow: text(),
  discount_percentage: z.number().int().nullable(),
  created_at: text(),
  paid_at: text().nullable(),
});
export type AdminMemberPayment = z.infer<typeof AdminMemberPaymentSchema>;

/** A credit ledger row: `delta` credits (negative: taken), the balance after it. */
export const AdminLedgerEntrySchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: text(),
  reference: text().nullable(),
  created_at: text(),
});
export type AdminLedgerEntry = z.infer<typeof AdminLedgerEntrySchema>;

/** A report against the member's profile (`against`) or made by the member (`by`). */
export const AdminMemberReportSchema = z.object({
  id: z.number().int(),
  direction: z.enum(['against', 'by']),
  reason: text(),
  text: text().nullable(),
  status: text(),
  outcome: text().nullable(),
  reporter_user_id: z.number().int().nullable(),
  reported_profile_id: z.number().int(),
  reported_name: text().nullable(),
  message_id: z.number().int().nullable(),
  created_at: text(),
  handled_at: text().nullable(),
});
export type AdminMemberReport = z.infer<typeof AdminMemberReportSchema>;

/** A staff note on the member. */
export const AdminMemberNoteSchema = z.object({
  id: z.number().int(),
  staff_name: text(),
  text: text(),
  created_at: text(),
});
export type AdminMemberNote = z.infer<typeof AdminMemberNoteSchema>;

/** GET /api/admin/member.php: everything staff see of one member. */
export const AdminMemberDetailSchema = z
  .object({
    account: AdminMemberAccountSchema,
    profile: AdminMemberProfileSchema.nullable(),
    photos: z.array(AdminMemberPhotoSchema),
    payments: z.array(AdminMemberPaymentSchema),
    ledger: z.array(AdminLedgerEntrySchema),
    reports: z.array(AdminMemberReportSchema),
    sanctions: z.array(SanctionSchema),
    notes: z.array(AdminMemberNoteSchema),
  })
  .meta({ id: 'AdminMemberDetail' });
export type AdminMemberDetail = z.infer<typeof AdminMemberDetailSchema>;

/** One of the member's conversations. */
export const AdminMemberConversationSchema = z.object({
  id: z.number().int(),
  partner_profile_id: z.number().int(),
  partner_user_id: z.number().int().nullable(),
  partner_name: text(),
  partner_fictional: z.boolean(),
  message_count: z.number().int(),
  last_message_at: text().nullable(),
  created_at: text(),
});
export type AdminMemberConversation = z.infer<typeof AdminMemberConversationSchema>;

export const AdminMemberConversationListSchema = z
  .object({ conversations: z.array(AdminMemberConversationSchema) })
  .meta({ id: 'AdminMemberConversationList' });
export type AdminMemberConversationList = z.infer<typeof AdminMemberConversationListSchema>;

/** `?id=&conversation_id=`: a conversation of member `id`. */
export const AdminMemberConversationQuerySchema = z.object({
  id: z.coerce.number().int().positive(),
  conversation_id: z.coerce.number().int().positive(),
});

/** A message as staff read it; `from_member` when the member sent it. */
export const AdminConversationMessageSchema = z.object({
  id: z.number().int(),
  sender_profile_id: z.number().int(),
  from_member: z.boolean(),
  kind: text(),
  body: text(),
  gift: z.object({ id: z.number().int(), name: text(), image: text(), credits: z.number().int() }).nullable(),
  photo_thumb_url: text().nullable(),
  photo_url: text().nullable(),
  credits_spent: z.number().int(),
  created_at: text(),
});
export type AdminConversationMessage = z.infer<typeof AdminConversationMessageSchema>;

/** GET /api/admin/member-conversation.php: the conversation, oldest message first. */
export const AdminMemberConversationViewSchema = z
  .object({
    conversation: AdminMemberConversationSchema,
    member_profile_id: z.number().int(),
    messages: z.array(AdminConversationMessageSchema),
    /** Older messages exist than the ADMIN_CONVERSATION_MESSAGES shown. */
    truncated: z.boolean(),
  })
  .meta({ id: 'AdminMemberConversationView' });
export type AdminMemberConversationView = z.infer<typeof AdminMemberConversationViewSchema>;

/** POST /api/admin/member-credits.php: add (positive) or take (negative) credits, with a reason. */
export const AdminCreditAdjustBodySchema = z.object({
  id: z.number().int().positive(),
  amount: z
    .number()
    .int()
    .min(-MAX_CREDIT_ADJUSTMENT)
    .max(MAX_CREDIT_ADJUSTMENT)
    .refine((n) => n !== 0, { message: 'not_zero' }),
  reason: text().trim().min(3).max(200),
});

export const AdminCreditAdjustResultSchema = z
  .object({ credits: z.number().int(), entry: AdminLedgerEntrySchema })
  .meta({ id: 'AdminCreditAdjustResult' });
export type AdminCreditAdjustResult = z.infer<typeof AdminCreditAdjustResultSchema>;

/** POST /api/admin/member-notes.php: a staff note on member `id`. */
export const AdminMemberNoteBodySchema = z.object({
  id: z.number().int().positive(),
  text: text().trim().min(1).max(2000),
});

export const AdminMemberNoteResultSchema = z
  .object({ note: AdminMemberNoteSchema })
  .meta({ id: 'AdminMemberNoteResult' });

/** `{id}`: a member's user id (activation mail, deletion). */
export const AdminMemberIdBodySchema = z.object({ id: z.number().int().positive() });
