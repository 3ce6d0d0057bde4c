import type { NotificationSettings } from '@app/contracts';
import { findMemberNotificationSettings } from '../../db/repositories/notification-settings.js';
import type { AppDeps } from '../../deps.js';
import { authenticationRequired } from '../../errors.js';
import { notificationSettingsOf } from './notification-settings.js';

/**
 * The logged-in member's notification settings (GET /api/notification-settings.php; SPEC.md 2
 * /notifications): mail per kind (message, like, match, digest), push per kind (message, like,
 * match), mail_language, invisible mode and notifications_disabled. No stored row means all on.
 * Input: `{ user }`, the session's account.
 * @throws AppError authentication_required (403) when the account no longer exists
 */
export async function viewNotificationSettings(
  { db }: Pick<AppDeps, 'db'>,
  { user }: { user: { id: number } },
): Promise<NotificationSettings> {
  const row = await findMemberNotificationSettings(db, user.id);
  if (!row) throw authenticationRequired();
  return notificationSettingsOf(row);
}
