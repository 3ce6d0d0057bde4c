import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { notification_settings, profiles, users } from '../schema.js';

/** The stored preference columns of `notification_settings` (all but the key and the time stamp). */
export interface NotificationPreferenceColumns {
  mail_message: boolean;
  mail_like: boolean;
  mail_match: boolean;
  mail_digest: boolean;
  push_message: boolean;
  push_like: boolean;
  push_match: boolean;
  mail_language: string | null;
}

/** What a member has not chosen yet: every mail and push on, mails in the interface language. */
export const DEFAULT_NOTIFICATION_PREFERENCES: Readonly<NotificationPreferenceColumns> = {
  mail_message: true,
  mail_like: true,
  mail_match: true,
  mail_digest: true,
  push_message: true,
  push_like: true,
  push_match: true,
  mail_language: null,
};

/** A member's preferences (defaults when no row) with the account columns they go with. */
export interface MemberNotificationRow {
  preferences: NotificationPreferenceColumns;
  /** users.invisible (SPEC.md 4 invisible mode). */
  invisible: boolean;
  /** users.notifications_disabled: why notification mail is off (bounce, complaint, unsubscribe); empty: on. */
  notifications_disabled: string[];
  /** users.language, the interface language (mails use it when mail_language is null). */
  language: string;
}

/**
 * The notification preferences of `userId`, with invisible mode, notifications_disabled and the
 * interface language; null when no such account. No `notification_settings` row means the defaults.
 * `lock` (inside a transaction) locks the account row, so concurrent changes apply one after another.
 */
export async function findMemberNotificationSettings(
  db: Db,
  userId: number,
  lock = false,
): Promise<MemberNotificationRow | null> {
  const query = db
    .select({
      settings: notification_settings,
      invisible: users.invisible,
      notifications_disabled: users.notifications_disabled,
      language: users.language,
    })
    .from(users)
    .leftJoin(notification_settings, eq(notification_settings.user_id, users.id))
    .where(eq(users.id, userId));
  const [row] = lock ? await query.for('update', { of: users }) : await query;
  if (!row) return null;
  const { settings, ...account } = row;
  return { ...account, preferences: settings ? pickPreferences(settings) : { ...DEFAULT_NOTIFICATION_PREFERENCES } };
}

function pickPreferences(row: typeof notification_settings.$inferSelect): NotificationPreferenceColumns {
  const { user_id: _user, updated_at: _at, ...preferences } = row;
  return preferences;
}

/**
 * Stores changed preference columns of `userId` in one upsert: a first change inserts the row (the
 * other columns keep their defaults, all on), a later one updates only the given columns. Nothing
 * happens for an empty `changes`.
 */
export async function upsertNotificationPreferences(
  db: Db,
  userId: number,
  changes: Partial<NotificationPreferenceColumns>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .insert(notification_settings)
    .values({ user_id: userId, ...changes })
    .onConflictDoUpdate({ target: notification_settings.user_id, set: { ...changes, updated_at: sql`now()` } });
}

/** Sets invisible mode of an account (SPEC.md 4). */
export async function setUserInvisible(db: Db, userId: number, invisible: boolean): Promise<void> {
  await db.update(users).set({ invisible }).where(eq(users.id, userId));
}

/** Turns notification mail back on: empties users.notifications_disabled (bounce, complaint, unsubscribe). */
export async function clearNotificationsDisabled(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ notifications_disabled: sql`'{}'::text[]` }).where(eq(users.id, userId));
}

/**
 * Invisible mode on: the member's public activity (profiles.last_active_at, what others see as
 * online) moves back to `offlineAt`, just outside the online window, and no longer follows their
 * requests (sessions.touchSession). Never moves it forward.
 */
export async function hideProfilePresence(db: Db, userId: number, offlineAt: Date): Promise<void> {
  await db
    .update(profiles)
    .set({ last_active_at: offlineAt })
    .where(and(eq(profiles.user_id, userId), gt(profiles.last_active_at, offlineAt)));
}

/** Invisible mode off: the public activity is the account's real last activity again. */
export async function restoreProfilePresence(db: Db, userId: number): Promise<void> {
  await db
    .update(profiles)
    .set({
      last_active_at: sql`coalesce((select u.last_active_at from ${users} u where u.id = ${userId}), ${profiles.last_active_at})`,
    })
    .where(eq(profiles.user_id, userId));
}
