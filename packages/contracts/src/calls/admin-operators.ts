import { StaffOkSchema } from '../admin/access.js';
import { AdminMemberNoteResultSchema } from '../admin/members.js';
import {
  AdminInboxAnswerBodySchema,
  AdminInboxAnswerResultSchema,
  AdminInboxConversationSchema,
  AdminInboxIdBodySchema,
  AdminInboxNoteBodySchema,
  AdminInboxPhotoFieldsSchema,
  AdminInboxQuerySchema,
  AdminInboxSchema,
  AdminResponseTimesQuerySchema,
  AdminResponseTimesSchema,
} from '../admin/operators.js';
import { defineCall } from './define.js';

const tags = ['back office'] as const;

/**
 * Back office II. The operator inbox: conversations of members with fictional profiles, the lock,
 * answers, response times. Operators and admins use the inbox on their sites (another site's
 * conversation, or one without a fictional side, is 404); moderators and support get 403. A
 * conversation is locked to one operator while open (409 conflict with `data.locked_by` for the
 * others). Response times are for admins.
 */
export const adminOperatorCalls = {
  /** GET /api/admin/inbox.php?tab=&site_id=: waiting conversations, longest-waiting first, or recently answered ones. */
  inbox: defineCall({
    method: 'GET',
    path: '/api/admin/inbox.php',
    kind: 'json',
    staff: 'signed_in',
    query: AdminInboxQuerySchema,
    response: AdminInboxSchema,
    errors: [400, 403, 404],
    tags,
    summary:
      'Conversations with fictional profiles: waiting (longest-waiting first) or answered lately, with who holds the lock (operators, admins)',
  }),
  /** POST /api/admin/inbox-open.php {id}: takes the lock and answers the whole conversation. */
  open: defineCall({
    method: 'POST',
    path: '/api/admin/inbox-open.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminInboxIdBodySchema,
    response: AdminInboxConversationSchema,
    errors: [400, 403, 404, 409],
    tags,
    summary:
      'Open a conversation: take its lock (409 conflict while another operator holds it), the member, messages, notes, persona and gifts (audit-logged)',
  }),
  /** POST /api/admin/inbox-heartbeat.php {id}: renews the lock and answers the conversation again. */
  heartbeat: defineCall({
    method: 'POST',
    path: '/api/admin/inbox-heartbeat.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminInboxIdBodySchema,
    response: AdminInboxConversationSchema,
    errors: [400, 403, 404, 409],
    tags,
    summary: 'Keep an open conversation locked and refresh it (409 conflict when another operator took it)',
  }),
  /** POST /api/admin/inbox-release.php {id}: gives the lock back (nothing when another account holds it). */
  release: defineCall({
    method: 'POST',
    path: '/api/admin/inbox-release.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminInboxIdBodySchema,
    response: StaffOkSchema,
    errors: [400, 403, 404],
    tags,
    summary: "Release the conversation's lock when leaving it",
  }),
  /** POST /api/admin/inbox-answer.php {id, client_id, kind, text|gift}: an answer as the fictional profile. */
  answer: defineCall({
    method: 'POST',
    path: '/api/admin/inbox-answer.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminInboxAnswerBodySchema,
    response: AdminInboxAnswerResultSchema,
    errors: [400, 403, 404, 409],
    tags,
    summary:
      'Answer as the fictional profile: a text or a gift, free for the member, delivered live (needs the lock: 409 conflict otherwise)',
  }),
  /** POST /api/admin/inbox-photo.php (multipart: file, id, client_id): a photo as the fictional profile. */
  answerPhoto: defineCall({
    method: 'POST',
    path: '/api/admin/inbox-photo.php',
    kind: 'multipart',
    staff: 'signed_in',
    fields: AdminInboxPhotoFieldsSchema,
    response: AdminInboxAnswerResultSchema,
    errors: [400, 403, 404, 409, 413, 415],
    tags,
    summary: 'Answer with a photo as the fictional profile (re-encoded without metadata; needs the lock)',
  }),
  /** POST /api/admin/inbox-note.php {id, text}: a staff note on the conversation's member. */
  addNote: defineCall({
    method: 'POST',
    path: '/api/admin/inbox-note.php',
    kind: 'json',
    staff: 'signed_in',
    body: AdminInboxNoteBodySchema,
    response: AdminMemberNoteResultSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Add a staff note on the member of an inbox conversation (operators, admins)',
  }),
  /** GET /api/admin/response-times.php?site_id=&from=&to=: answers and waits per operator and conversation (admins). */
  responseTimes: defineCall({
    method: 'GET',
    path: '/api/admin/response-times.php',
    kind: 'json',
    staff: 'signed_in',
    query: AdminResponseTimesQuerySchema,
    response: AdminResponseTimesSchema,
    errors: [400, 403, 404],
    tags,
    summary:
      'Operator response times over a period and site: answers, first answers, median and 95th percentile of the wait, per operator and conversation (admins)',
  }),
};
