import {
  SignalMemberDetailSchema,
  SignalMemberQuerySchema,
  SignalQueuePageSchema,
  SignalQueueQuerySchema,
  SignalReleaseBodySchema,
  SignalReleaseResultSchema,
  SignalSettingsBodySchema,
  SignalSettingsListSchema,
  SignalSettingsSchema,
} from '../admin/signals.js';
import { defineCall } from './define.js';

const tags = ['back office'] as const;

/**
 * The Signals queue of the back office (issue: safer conversations): members whose messages carry
 * scam or abuse signals, by risk score, with the messages held for review. Moderators and admins of
 * the member's site (another site's member: 404); the threshold is set by admins. Warn and ban are
 * POST /api/admin/sanctions.php (reason scam); a ban drops the member's held messages uncharged.
 * Every action and every read of a member's messages is in the audit log.
 */
export const adminSignalCalls = {
  /** GET /api/admin/signals.php?site_id=&page=: members with held messages or a risk score, highest score first. */
  signalQueue: defineCall({
    method: 'GET',
    path: '/api/admin/signals.php',
    kind: 'json',
    staff: 'signed_in',
    query: SignalQueueQuerySchema,
    response: SignalQueuePageSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Members with scam signals: highest current risk score first, with their held-message counts',
  }),
  /** GET /api/admin/signal-member.php?user_id=&before=: one member's messages with signals or held (audited). */
  signalMember: defineCall({
    method: 'GET',
    path: '/api/admin/signal-member.php',
    kind: 'json',
    staff: 'signed_in',
    query: SignalMemberQuerySchema,
    response: SignalMemberDetailSchema,
    errors: [400, 403, 404],
    tags,
    summary: "A member's risk score and messages with signals or held: spans, recipient, state; newest first",
    description: "Recorded in the audit log as signals.view (staff read a member's messages).",
  }),
  /** POST /api/admin/signal-release.php {user_id, message_ids?, reset_score?}: deliver held messages, charged now. */
  releaseHeld: defineCall({
    method: 'POST',
    path: '/api/admin/signal-release.php',
    kind: 'json',
    staff: 'signed_in',
    body: SignalReleaseBodySchema,
    response: SignalReleaseResultSchema,
    errors: [400, 402, 403, 404, 409],
    tags,
    summary: 'Release held messages (one, some or all): charged and delivered in one transaction; audited',
    description:
      '402 not_enough_credits (data {cost, credits}) when the member cannot pay them all: nothing is released. ' +
      '409 conflict when a named message is not held (released or dropped already). reset_score sets the score to 0.',
  }),
  /** GET /api/admin/signal-settings.php: the hold threshold of each of the account's sites. */
  signalSettings: defineCall({
    method: 'GET',
    path: '/api/admin/signal-settings.php',
    kind: 'json',
    staff: 'signed_in',
    response: SignalSettingsListSchema,
    errors: [403],
    tags,
    summary: "The risk score above which each of the account's sites holds a member's messages for review",
  }),
  /** PUT /api/admin/signal-settings.php {site_id, risk_hold_threshold}: admins of the site; audited. */
  setSignalSettings: defineCall({
    method: 'PUT',
    path: '/api/admin/signal-settings.php',
    kind: 'json',
    staff: 'signed_in',
    body: SignalSettingsBodySchema,
    response: SignalSettingsSchema,
    errors: [400, 403, 404],
    tags,
    summary: "Set a site's hold threshold (admins of the site); recorded in the audit log",
  }),
};
