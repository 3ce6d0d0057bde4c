/**
 * Wire shapes of the back office: the operator inbox (issue: back office II). Conversations of
 * members with fictional profiles, the longest-waiting member message first; the operator lock; answers
 * written as the fictional profile; response times. Operators never see e-mail addresses or payments,
 * so none of these shapes holds one.
 */
import { z } from 'zod';
import { CLIENT_ID_MAX } from '../chat-constants.js';
import { text } from '../text.js';
import { OptionalDateField, OptionalIdField } from './access.js';
import { AdminConversationMessageSchema, AdminMemberNoteSchema } from './members.js';

/** Seconds an operator lock lasts after it was taken, renewed by a heartbeat or an answer. */
export const OPERATOR_LOCK_SECONDS = 180;
/** Seconds between the open conversation's heartbeats (renews the lock, refreshes the view). */
export const OPERATOR_HEARTBEAT_SECONDS = 30;
/** Seconds between refreshes of the inbox list. */
export const INBOX_REFRESH_SECONDS = 10;
/** Rows the inbox list answers at most per tab. */
export const INBOX_LIMIT = 200;
/** Messages the operator's conversation view answers at most (the newest, in time order). */
export const INBOX_CONVERSATION_MESSAGES = 500;
/** Days the response times cover when no period is asked for. */
export const RESPONSE_TIME_DEFAULT_DAYS = 30;
/** Conversations the response-time table lists at most (slowest first answer first). */
export const RESPONSE_TIME_CONVERSATIONS = 200;

/** The inbox's tabs: conversations waiting for an answer, and those answered lately. */
export const INBOX_TABS = ['waiting', 'answered'] as const;
export type InboxTab = (typeof INBOX_TABS)[number];

/** GET /api/admin/inbox.php: one tab, on one site or all the account's sites. */
export const AdminInboxQuerySchema = z.object({
  tab: z.enum(INBOX_TABS).default('waiting'),
  site_id: OptionalIdField,
});

/** Who holds a conversation's lock, until when; `mine` when it is the asking account. */
export const InboxLockSchema = z.object({
  staff_id: z.number().int(),
  staff_name: text(),
  locked_at: text(),
  expires_at: text(),
  mine: z.boolean(),
});
export type InboxLock = z.infer<typeof InboxLockSchema>;

/** The member of an inbox conversation as operators see them: no e-mail, no payments. */
export const InboxMemberSchema = z.object({
  user_id: z.number().int(),
  profile_id: z.number().int(),
  name: text(),
  age: z.number().int(),
  gender: text(),
  city: text().nullable(),
  country: text(),
  /** The main photo's card size (public, under the site's cdn_prefix), or null. */
  thumb_url: text().nullable(),
});
export type InboxMember = z.infer<typeof InboxMemberSchema>;

/** The fictional profile of an inbox conversation. */
export const InboxFictionalSchema = z.object({
  profile_id: z.number().int(),
  name: text(),
  age: z.number().int(),
  city: text().nullable(),
  thumb_url: text().nullable(),
});
export type InboxFictional = z.infer<typeof InboxFictionalSchema>;

/** One conversation of the inbox list. */
export const AdminInboxRowSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  site_name: text(),
  member: InboxMemberSchema,
  fictional: InboxFictionalSchema,
  /** When the oldest unanswered member message was sent; null when nothing waits. */
  awaiting_reply_since: text().nullable(),
  /** Seconds the member has waited so far; null when nothing waits. */
  waiting_seconds: z.number().int().nullable(),
  last_message_at: text().nullable(),
  /** The newest message: its kind, the first characters of a text and whether the member sent it. */
  last_message: z.object({ kind: text(), preview: text(), from_member: z.boolean(), created_at: text() }).nullable(),
  lock: InboxLockSchema.nullable(),
});
export type AdminInboxRow = z.infer<typeof AdminInboxRowSchema>;

/** GET /api/admin/inbox.php: waiting ones longest-waiting first; answered ones newest answer first. */
export const AdminInboxSchema = z
  .object({ tab: z.enum(INBOX_TABS), conversations: z.array(AdminInboxRowSchema), now: text() })
  .meta({ id: 'AdminInbox' });
export type AdminInbox = z.infer<typeof AdminInboxSchema>;

/** `{id}`: an inbox conversation's id. */
export const AdminInboxIdBodySchema = z.object({ id: z.number().int().positive() });

/** The member in the conversation view: their profile as members see it, without e-mail or payments. */
export const InboxMemberDetailSchema = InboxMemberSchema.extend({
  region: text().nullable(),
  description: text(),
  interests: z.array(text()),
  relationship_status: text().nullable(),
  reason: text().nullable(),
  signup_date: text(),
  last_active_at: text().nullable(),
});

/** The fictional profile in the conversation view, with the persona note operators write by. */
export const InboxFictionalDetailSchema = InboxFictionalSchema.extend({
  gender: text(),
  description: text(),
  persona_note: text(),
});

/** A gift of the site's catalogue, `image` a full URL. */
export const InboxGiftSchema = z.object({
  id: z.number().int(),
  name: text(),
  image: text(),
  credits: z.number().int(),
});

/** POST /api/admin/inbox-open.php and inbox-heartbeat.php: the conversation with everything an answer needs. */
export const AdminInboxConversationSchema = z
  .object({
    id: z.number().int(),
    site_id: z.number().int(),
    site_name: text(),
    /** The site's message_length: most characters of a text answer. */
    message_length: z.number().int(),
    awaiting_reply_since: text().nullable(),
    waiting_seconds: z.number().int().nullable(),
    lock: InboxLockSchema,
    member: InboxMemberDetailSchema,
    fictional: InboxFictionalDetailSchema,
    /** Oldest first; `from_member` on the member's messages. */
    messages: z.array(AdminConversationMessageSchema),
    truncated: z.boolean(),
    /** Staff notes on the member, newest first. */
    notes: z.array(AdminMemberNoteSchema),
    gifts: z.array(InboxGiftSchema),
    now: text(),
  })
  .meta({ id: 'AdminInboxConversation' });
export type AdminInboxConversation = z.infer<typeof AdminInboxConversationSchema>;

/** POST /api/admin/inbox-answer.php: a text or a gift from the fictional profile; `client_id` makes a retry idempotent. */
export const AdminInboxAnswerBodySchema = z.object({
  id: z.number().int().positive(),
  client_id: text().min(8).max(CLIENT_ID_MAX),
  kind: z.enum(['text', 'gift']).default('text'),
  text: text().max(20_000).optional().describe("kind text: 1..the site's message_length characters"),
  gift: z.number().int().positive().optional().describe("kind gift: a gift id of the site's catalogue"),
});
export type AdminInboxAnswerBody = z.input<typeof AdminInboxAnswerBodySchema>;

/** Multipart fields of POST /api/admin/inbox-photo.php besides `file`. */
export const AdminInboxPhotoFieldsSchema = z.object({
  id: z.coerce.number().int().positive(),
  client_id: text().min(8).max(CLIENT_ID_MAX),
});

/** The answer of an answer: the stored message, the renewed lock; `duplicate` for a retry of a stored one. */
export const AdminInboxAnswerResultSchema = z
  .object({ message: AdminConversationMessageSchema, lock: InboxLockSchema.nullable(), duplicate: z.boolean() })
  .meta({ id: 'AdminInboxAnswerResult' });
export type AdminInboxAnswerResult = z.infer<typeof AdminInboxAnswerResultSchema>;

/** POST /api/admin/inbox-note.php: a staff note on the member of conversation `id`. */
export const AdminInboxNoteBodySchema = z.object({
  id: z.number().int().positive(),
  text: text().trim().min(1).max(2000),
});

/** GET /api/admin/response-times.php: a period (dates, UTC; `to` includes that day) and a site. */
export const AdminResponseTimesQuerySchema = z.object({
  site_id: OptionalIdField,
  from: OptionalDateField,
  to: OptionalDateField,
});

/** One operator's answers in the period; seconds the members waited for them. */
export const OperatorResponseTimeSchema = z.object({
  staff_id: z.number().int(),
  staff_name: text(),
  answers: z.number().int(),
  /** Conversations this operator answered first in the period. */
  first_answers: z.number().int(),
  median_seconds: z.number().nullable(),
  p95_seconds: z.number().nullable(),
});

/** One conversation's answers in the period. */
export const ConversationResponseTimeSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  member_name: text(),
  fictional_name: text(),
  answers: z.number().int(),
  /** Seconds the member waited for the conversation's first operator answer (null: it fell before the period). */
  first_answer_seconds: z.number().int().nullable(),
  median_seconds: z.number().nullable(),
  p95_seconds: z.number().nullable(),
});

export const AdminResponseTimesSchema = z
  .object({
    from: text(),
    to: text(),
    totals: z.object({
      answers: z.number().int(),
      median_seconds: z.number().nullable(),
      p95_seconds: z.number().nullable(),
    }),
    operators: z.array(OperatorResponseTimeSchema),
    conversations: z.array(ConversationResponseTimeSchema),
  })
  .meta({ id: 'AdminResponseTimes' });
export type AdminResponseTimes = z.infer<typeof AdminResponseTimesSchema>;
