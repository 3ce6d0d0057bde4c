import type { NotificationSettings, NotificationSettingsUpdate } from '@app/contracts';
import {
  clearNotificationsDisabled,
  findMemberNotificationSettings,
  hideProfilePresence,
  restoreProfilePresence,
  setUserInvisible,
  upsertNotificationPreferences,
} from '../../db/repositories/notification-settings.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { authenticationRequired, validationFailed } from '../../errors.js';
import { offlineMoment } from '../profile/presence.js';
import { notificationSettingsOf, preferenceChanges } from './notification-settings.js';

/**
 * Changes the logged-in member's notification settings (PUT /api/notification-settings.php; SPEC.md
 * 2 /notifications, 4 invisible mode): any subset of mail and push per kind, mail_language (null: the
 * interface language; otherwise one of the site's languages), invisible mode, and `mail_enabled: true`,
 * which empties notifications_disabled (mail back on after a bounce, complaint or unsubscribe). One
 * transaction: the upsert of notification_settings and the account columns. Turning invisible on
 * hides the member's online state at once; turning it off shows their real activity again.
 * Input: `{ user, site, update, now }`. Answers the new settings.
 * @throws AppError validation_failed (400, data.issues [{path: '/mail_language'}]) for a language
 *   the site does not offer; authentication_required (403) when the account no longer exists
 */
export async function updateNotificationSettings(
  { db }: Pick<AppDeps, 'db'>,
  input: { user: { id: number }; site: Pick<SiteRow, 'languages'>; update: NotificationSettingsUpdate; now: Date },
): Promise<NotificationSettings> {
  const { user, site, update, now } = input;
  const language = update.mail_language;
  if (language && !site.languages.includes(language)) {
    throw validationFailed({ issues: [{ path: '/mail_language', message: 'not a language of this site' }] });
  }
  const row = await db.transaction(async (tx) => {
    const before = await findMemberNotificationSettings(tx, user.id, true);
    if (!before) throw authenticationRequired();
    await upsertNotificationPreferences(tx, user.id, preferenceChanges(update));
    if (update.mail_enabled && before.notifications_disabled.length > 0) await clearNotificationsDisabled(tx, user.id);
    if (update.invisible !== undefined && update.invisible !== before.invisible) {
      await setUserInvisible(tx, user.id, update.invisible);
      if (update.invisible) await hideProfilePresence(tx, user.id, offlineMoment(now));
      else await restoreProfilePresence(tx, user.id);
    }
    return findMemberNotificationSettings(tx, user.id);
  });
  if (!row) throw authenticationRequired();
  return notificationSettingsOf(row);
}
