import {
  ALL_LOCALES,
  type LocaleCode,
  NOTIFICATION_DISABLE_REASONS,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from '@app/contracts';
import type {
  MemberNotificationRow,
  NotificationPreferenceColumns,
} from '../../db/repositories/notification-settings.js';

type DisableReason = (typeof NOTIFICATION_DISABLE_REASONS)[number];

function isLocale(code: string | null): code is LocaleCode {
  return (ALL_LOCALES as readonly string[]).includes(code ?? '');
}

function isDisableReason(reason: string): reason is DisableReason {
  return (NOTIFICATION_DISABLE_REASONS as readonly string[]).includes(reason);
}

/**
 * The settings of /notifications (NotificationSettingsSchema) from the stored row: mail and push per
 * kind, the mail language (null: the interface language), invisible mode, and why mail is off.
 * Unknown stored values (a language or reason no longer offered) are left out rather than failing.
 */
export function notificationSettingsOf(row: MemberNotificationRow): NotificationSettings {
  const p = row.preferences;
  return {
    mail: { message: p.mail_message, like: p.mail_like, match: p.mail_match, digest: p.mail_digest },
    push: { message: p.push_message, like: p.push_like, match: p.push_match },
    mail_language: isLocale(p.mail_language) ? p.mail_language : null,
    invisible: row.invisible,
    notifications_disabled: [...new Set(row.notifications_disabled.filter(isDisableReason))],
  };
}

/** The preference columns a PUT changes (only the fields it names). */
export function preferenceChanges(update: NotificationSettingsUpdate): Partial<NotificationPreferenceColumns> {
  const changes: Partial<NotificationPreferenceColumns> = {};
  const { mail, push } = update;
  if (mail?.message !== undefined) changes.mail_message = mail.message;
  if (mail?.like !== undefined) changes.mail_like = mail.like;
  if (mail?.match !== undefined) changes.mail_match = mail.match;
  if (mail?.digest !== undefined) changes.mail_digest = mail.digest;
  if (push?.message !== undefined) changes.push_message = push.message;
  if (push?.like !== undefined) changes.push_like = push.like;
  if (push?.match !== undefined) changes.push_match = push.match;
  if (update.mail_language !== undefined) changes.mail_language = update.mail_language;
  return changes;
}
