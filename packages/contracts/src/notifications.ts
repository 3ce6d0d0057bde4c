import { z } from 'zod';
import { NOTIFICATION_DISABLE_REASONS, PUSH_KINDS } from './enums.js';
import { ALL_LOCALES } from './locales.js';
import { text } from './text.js';

/** Kinds of notification mail; `digest` is the weekly mail of new members who suit the member. */
export const MAIL_NOTIFICATION_KINDS = ['message', 'like', 'match', 'digest'] as const;
export type MailNotificationKind = (typeof MAIL_NOTIFICATION_KINDS)[number];

/** What an unsubscribe link turns off: one kind of mail, or `all` notification mails. */
export const UNSUBSCRIBE_KINDS = [...MAIL_NOTIFICATION_KINDS, 'all'] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

/** Longest accepted push endpoint URL (push services use well under 1,000 characters). */
export const PUSH_ENDPOINT_MAX = 2048;

/** A PushSubscription as the browser's `subscription.toJSON()` gives it (SPEC.md 7 `{subscription}`). */
export const PushSubscriptionSchema = z
  .object({
    endpoint: z.url({ protocol: /^https?$/ }).max(PUSH_ENDPOINT_MAX),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      /** The browser's P-256 public key, base64url (65 bytes → 87 characters). */
      p256dh: text()
        .regex(/^[A-Za-z0-9_-]+={0,2}$/)
        .min(80)
        .max(100),
      /** The auth secret, base64url (16 bytes → 22 characters). */
      auth: text()
        .regex(/^[A-Za-z0-9_-]+={0,2}$/)
        .min(16)
        .max(32),
    }),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

/** `POST /api/user.php?push=1` body. */
export const PushSubscribeBodySchema = z.object({ subscription: PushSubscriptionSchema });
/** `?push=1`: the flag that tells this call apart from the login's POST /api/user.php. */
export const PushFlagQuerySchema = z.object({ push: z.literal('1') });
/** `DELETE /api/push.php` body: the endpoint of this browser's subscription. */
export const PushUnsubscribeBodySchema = z.object({ endpoint: text().max(PUSH_ENDPOINT_MAX) });

/** Mail and push per kind (true: the member gets it). */
export const NotificationKindsSchema = z.object({
  mail: z.object({ message: z.boolean(), like: z.boolean(), match: z.boolean(), digest: z.boolean() }),
  push: z.object({ message: z.boolean(), like: z.boolean(), match: z.boolean() }),
});

/**
 * The member's notification settings (/notifications): per kind, the language of mails (null: the
 * interface language), invisible mode, and why mail is off (bounce, complaint, unsubscribe; empty: on).
 */
export const NotificationSettingsSchema = NotificationKindsSchema.extend({
  mail_language: z.enum(ALL_LOCALES).nullable(),
  invisible: z.boolean(),
  notifications_disabled: z.array(z.enum(NOTIFICATION_DISABLE_REASONS)),
}).meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/**
 * `PUT /api/notification-settings.php`: any subset; `mail_enabled: true` turns mail back on after
 * a bounce, complaint or unsubscribe (clears notifications_disabled).
 */
export const NotificationSettingsUpdateSchema = z
  .object({
    mail: NotificationKindsSchema.shape.mail.partial().optional(),
    push: NotificationKindsSchema.shape.push.partial().optional(),
    mail_language: z.enum(ALL_LOCALES).nullable().optional(),
    invisible: z.boolean().optional(),
    mail_enabled: z.literal(true).optional(),
  })
  .strict();
export type NotificationSettingsUpdate = z.infer<typeof NotificationSettingsUpdateSchema>;

/** The signed unsubscribe link's query: user id, kind and the HMAC token (base64url). */
export const UnsubscribeQuerySchema = z.object({
  u: z.coerce.number().int().positive().max(2_147_483_647),
  k: z.enum(UNSUBSCRIBE_KINDS),
  t: text()
    .regex(/^[A-Za-z0-9_-]+$/)
    .max(128),
});
/** What the unsubscribe page shows: the kind and whether that mail is now off. */
export const UnsubscribeStateSchema = z.object({
  kind: z.enum(UNSUBSCRIBE_KINDS),
  site_name: text(),
  unsubscribed: z.boolean(),
});
export type UnsubscribeState = z.infer<typeof UnsubscribeStateSchema>;

/**
 * The mail provider's feedback webhook (bounces and spam complaints): the generic JSON form
 * `{type: 'bounce'|'complaint', email}` (or an array of them), or a provider's own shape.
 */
export const MailFeedbackResultSchema = z.object({ ok: z.literal(true), disabled: z.number().int() });

/**
 * What a push message carries (JSON, encrypted for the device), read by the service worker: the
 * notification's title and body in the member's language, the sender's photo as icon (absolute
 * URL, or null), the path it opens, the tag that groups it (one notification per conversation:
 * `conversation-<id>`; `likes`; `match-<profile>`), and the app badge (unread messages plus new
 * likes, SPEC.md 4). The service worker posts `{ type: 'push', payload }` to every open window.
 */
export const PushPayloadSchema = z.object({
  type: z.enum(PUSH_KINDS),
  title: text(),
  body: text(),
  icon: text().nullable(),
  url: text(),
  tag: text(),
  badge: z.number().int().nonnegative(),
  conversation: z.number().int().optional(),
  profile: z.number().int(),
  /** ISO 8601 time of the event. */
  sent_at: text(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

/** The message the service worker posts to open windows when a push arrives (they refresh, SPEC.md 4). */
export interface PushWindowMessage {
  type: 'push';
  payload: PushPayload;
}
