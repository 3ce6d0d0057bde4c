import { z } from 'zod';
import {
  MailFeedbackResultSchema,
  NotificationSettingsSchema,
  NotificationSettingsUpdateSchema,
  PushFlagQuerySchema,
  PushSubscribeBodySchema,
  PushUnsubscribeBodySchema,
  UnsubscribeQuerySchema,
  UnsubscribeStateSchema,
} from '../notifications.js';
import { OkSchema } from '../user.js';
import { defineCall } from './define.js';

const tags = ['notifications'] as const;

/**
 * Notifications (issue: notifications and the installable app; SPEC.md 2 /notifications, 4 push
 * states, 7 `POST /api/user.php?push=1`): push subscriptions, notification settings, the one-click
 * unsubscribe of notification mails (RFC 8058) and the mail provider's feedback webhook.
 */
export const notificationCalls = {
  /** POST /api/user.php?push=1 {subscription}: attaches this browser's push subscription to the member. */
  subscribePush: defineCall({
    method: 'POST',
    path: '/api/user.php',
    queryFlag: 'push',
    kind: 'json',
    query: PushFlagQuerySchema,
    body: PushSubscribeBodySchema,
    response: OkSchema,
    errors: [400, 403],
    tags,
    summary: "Attach the browser's push subscription (SPEC.md 7); a member may have several devices",
    description: '400 push_endpoint_refused when the endpoint is not a known push service.',
  }),
  /** DELETE /api/push.php {endpoint}: removes this browser's subscription (the member turned push off). */
  unsubscribePush: defineCall({
    method: 'DELETE',
    path: '/api/push.php',
    kind: 'json',
    body: PushUnsubscribeBodySchema,
    response: OkSchema,
    errors: [403],
    tags,
    summary: "Remove this browser's push subscription",
  }),
  /** GET /api/notification-settings.php: mail and push per kind, mail language, invisible mode, mail state. */
  notificationSettings: defineCall({
    method: 'GET',
    path: '/api/notification-settings.php',
    kind: 'json',
    response: NotificationSettingsSchema,
    errors: [403],
    tags,
    summary: 'The notification settings of the logged-in member (/notifications)',
  }),
  /** PUT /api/notification-settings.php: changes any of them; answers the new settings. */
  updateNotificationSettings: defineCall({
    method: 'PUT',
    path: '/api/notification-settings.php',
    kind: 'json',
    body: NotificationSettingsUpdateSchema,
    response: NotificationSettingsSchema,
    errors: [400, 403],
    tags,
    summary: 'Change notification settings, invisible mode or the mail language; mail_enabled turns mail back on',
  }),
  /** GET /api/unsubscribe.php?u=&k=&t=: what the signed link would turn off (no login). 404 for a bad token. */
  unsubscribeState: defineCall({
    method: 'GET',
    path: '/api/unsubscribe.php',
    kind: 'json',
    query: UnsubscribeQuerySchema,
    response: UnsubscribeStateSchema,
    errors: [400, 404],
    tags,
    summary: 'The state of a signed unsubscribe link (no login needed)',
  }),
  /**
   * POST /api/unsubscribe.php?u=&k=&t=: one-click unsubscribe (RFC 8058 `List-Unsubscribe=One-Click`
   * form body from mail clients, or JSON from the page); no login, no client header.
   */
  unsubscribe: defineCall({
    method: 'POST',
    path: '/api/unsubscribe.php',
    kind: 'form',
    query: UnsubscribeQuerySchema,
    body: z.unknown().describe('List-Unsubscribe=One-Click (form) or {resubscribe?: true} (JSON)'),
    response: UnsubscribeStateSchema,
    errors: [400, 404],
    clientHeader: false,
    tags,
    summary: 'One-click unsubscribe from a notification mail (RFC 8058); no login needed',
  }),
  /**
   * POST /api/mail-webhook.php: bounces and spam complaints from the mail provider (Bearer
   * MAIL_WEBHOOK_SECRET or ?token=); disables mail of the addresses. 401 without the secret.
   */
  mailWebhook: defineCall({
    method: 'POST',
    path: '/api/mail-webhook.php',
    kind: 'json',
    body: z.unknown().describe('{type, email} (or a list), or a provider event batch'),
    response: MailFeedbackResultSchema,
    errors: [400, 401, 503],
    clientHeader: false,
    tags,
    summary: "Bounces and spam complaints from the mail provider; they disable the address's notification mail",
  }),
};
