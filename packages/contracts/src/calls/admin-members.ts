import { StaffOkSchema } from '../admin/access.js';
import {
  AdminCreditAdjustBodySchema,
  AdminCreditAdjustResultSchema,
  AdminMemberConversationListSchema,
  AdminMemberConversationQuerySchema,
  AdminMemberConversationViewSchema,
  AdminMemberDetailSchema,
  AdminMemberIdBodySchema,
  AdminMemberIdQuerySchema,
  AdminMemberNoteBodySchema,
  AdminMemberNoteResultSchema,
  AdminMemberPageSchema,
  AdminMemberSearchQuerySchema,
} from '../admin/members.js';
import { defineCall } from './define.js';

const tags = ['back office'] as const;

/**
 * Back-office members (issue: back office I): search, detail, conversations (read only), credit
 * adjustments, staff notes, the activation mail and deletion. Admins may do everything; moderators
 * view, read conversations, write notes, send the activation mail and delete; support views, writes
 * notes and sends the activation mail; operators none. Reads of private data and every change are
 * written to the audit log. Sanctions are `adminModerationCalls`.
 */
export const adminMemberCalls = {
  /** GET /api/admin/members.php?q=&site_id=&page=: members by e-mail, name or id, on the account's sites. */
  search: defineCall({
    method: 'GET',
    path: '/api/admin/members.php',
    kind: 'json',
    staff: 'signed_in',
    query: AdminMemberSearchQuerySchema,
    response: AdminMemberPageSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Search members by e-mail, profile name, user or profile id and site (admins, moderators, support)',
  }),
  /** GET /api/admin/member.php?id=: the member's account, profile, photos, money, reports, sanctions, notes. */
  detail: defineCall({
    method: 'GET',
    path: '/api/admin/member.php',
    kind: 'json',
    staff: 'signed_in',
    query: AdminMemberIdQuerySchema,
    response: AdminMemberDetailSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'One member with private photos, payments, credit ledger, reports, sanctions and notes (audit-logged)',
  }),
  /** GET /api/admin/member-conversations.php?id=: the member's conversations (moderators, admins). */
  conversations: defineCall({
    method: 'GET',
    path: '/api/admin/member-conversations.php',
    kind: 'json',
    staff: 'signed_in',
    query: AdminMemberIdQuerySchema,
    response: AdminMemberConversationListSchema,
    errors: [400, 403, 404],
    tags,
    summary: "The member's conversations with partner, message count and last message (moderators, admins)",
  }),
  /** GET /api/admin/member-conversation.php?id=&conversation_id=: one conversation, read only (moderators, admins). */
  conversation: defineCall({
    method: 'GET',
    path: '/api/admin/member-conversation.php',
    kind: 'json',
    staff: 'signed_in',
    query: AdminMemberConversationQuerySchema,
    response: AdminMemberConversationViewSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Read one conversation of the member (moderators, admins; audit-logged)',
  }),
  /** POST /api/admin/member-credits.php {id, amount, reason}: a credit adjustment as a ledger entry (admins). */
  adjustCredits: defineCall({
    method: 'POST',
    path: '/api/admin/member-credits.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminCreditAdjustBodySchema,
    response: AdminCreditAdjustResultSchema,
    errors: [400, 403, 404, 409],
    tags,
    summary: 'Add or take credits with a reason: one ledger entry (admins only; 409 conflict below zero)',
  }),
  /** POST /api/admin/member-notes.php {id, text}: a staff note on the member. */
  addNote: defineCall({
    method: 'POST',
    path: '/api/admin/member-notes.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminMemberNoteBodySchema,
    response: AdminMemberNoteResultSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Add a staff note to a member (admins, moderators, support)',
  }),
  /** POST /api/admin/member-activation.php {id}: the activation mail again (not_confirmed members). */
  resendActivation: defineCall({
    method: 'POST',
    path: '/api/admin/member-activation.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminMemberIdBodySchema,
    response: StaffOkSchema,
    errors: [400, 403, 404, 409, 429],
    tags,
    summary:
      'Send the activation mail again (409 conflict when the member is not not_confirmed; 429 over the daily limit)',
  }),
  /** POST /api/admin/member-delete.php {id}: delete the account as the member would (moderators, admins). */
  deleteMember: defineCall({
    method: 'POST',
    path: '/api/admin/member-delete.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminMemberIdBodySchema,
    response: StaffOkSchema,
    errors: [400, 403, 404, 409],
    tags,
    summary:
      "Delete a member's account: pending deletion, sessions end, reactivation link mailed, erased after 14 days (moderators, admins)",
  }),
};
