import { DEFAULT_LOCALE, type MailNotificationKind, SHIPPED_LOCALES } from '@app/contracts';
import type { MailRecipient } from '../../db/repositories/notification-mail.js';
import { ONLINE_WINDOW_SECONDS } from '../profile/presence.js';

/** Longest preview of a message in a notification mail, in characters (docs/decisions/013-notifications.md). */
export const MAIL_PREVIEW_LENGTH = 60;

/** Seconds a burst gathers before its first mail (the mail is never sooner than this after an event). */
export const MAIL_GATHER_SECONDS = 120;

/** A mail waiting longer than this (seconds) lost its job: the next event schedules a new one. */
export const MAIL_STALE_SECONDS = 24 * 3600;

/**
 * Whether `recipient` may get a notification mail of `kind` at `now` (issue: notifications): a
 * confirmed e-mail address (so not pending deletion and not banned), not erased or suspended, no
 * reason in notifications_disabled (bounce, complaint, unsubscribe from all) and that kind on.
 */
export function mayGetNotificationMail(recipient: MailRecipient, kind: MailNotificationKind, now: Date): boolean {
  if (recipient.status !== 'confirmed' || recipient.erasedAt) return false;
  if (recipient.suspendedUntil && recipient.suspendedUntil.getTime() > now.getTime()) return false;
  if (recipient.notificationsDisabled.length > 0) return false;
  return recipient.mail[kind];
}

/**
 * Whether the member is online at `now` (services/profile/presence.ts ONLINE_WINDOW_SECONDS on
 * their real last activity, so an invisible member counts as online too): no mail then, they see it
 * on the site.
 */
export function isRecipientOnline(recipient: Pick<MailRecipient, 'lastActiveAt'>, now: Date): boolean {
  if (!recipient.lastActiveAt) return false;
  return now.getTime() - recipient.lastActiveAt.getTime() < ONLINE_WINDOW_SECONDS * 1000;
}

/** The language of the member's mails: notification_settings.mail_language, else the interface language. */
export function mailLocale(recipient: Pick<MailRecipient, 'mailLanguage' | 'language'>): string {
  const shipped = SHIPPED_LOCALES as readonly string[];
  const wanted = recipient.mailLanguage ?? recipient.language;
  return shipped.includes(wanted) ? wanted : DEFAULT_LOCALE;
}

/**
 * The short preview of a message text for a mail: whitespace collapsed, at most MAIL_PREVIEW_LENGTH
 * characters (code points, so an emoji is never cut in half), cut at a word where one is near the
 * end and marked with "…". Never the whole of a longer message.
 */
export function mailPreview(body: string, max = MAIL_PREVIEW_LENGTH): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  const head = space >= max * 0.6 ? cut.slice(0, space) : cut;
  return `${head.trimEnd()}…`;
}
