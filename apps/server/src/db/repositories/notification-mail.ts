import type { GenderFit, MailNotificationKind } from '@app/contracts';
import { and, count, desc, eq, gt, gte, inArray, lte, max, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  conversationMembers,
  likes,
  matches,
  messages,
  notification_batches,
  notification_settings,
  photos,
  profiles,
  push_subscriptions,
  sites,
  users,
} from '../schema.js';
import type { DbOrTx } from './photos.js';
import { oncePerDb } from './prepared.js';
import { ageRangeSql, genderFitSql, notBlockedSql, type ProfileRow, visibleProfilesSql } from './profiles.js';

/**
 * The account behind a notification mail with what decides whether it may go (issue: notifications):
 * status, erasure, suspension, notifications_disabled, the mail setting per kind (no
 * `notification_settings` row: all on), the mail language (null: the interface language) and the
 * last activity (real, so invisible members count too).
 */
export interface MailRecipient {
  userId: number;
  siteId: number;
  email: string;
  status: string;
  /** users.language, the interface language. */
  language: string;
  /** notification_settings.mail_language; null: the interface language. */
  mailLanguage: string | null;
  erasedAt: Date | null;
  suspendedUntil: Date | null;
  notificationsDisabled: string[];
  /** Mail of each kind on (true without a settings row). */
  mail: Record<MailNotificationKind, boolean>;
  profile: ProfileRow;
  /** The newest of users.last_active_at and profiles.last_active_at (null: never). */
  lastActiveAt: Date | null;
}

const recipientColumns = {
  userId: users.id,
  siteId: users.site_id,
  email: users.email,
  status: users.status,
  language: users.language,
  mailLanguage: notification_settings.mail_language,
  erasedAt: users.erased_at,
  suspendedUntil: users.suspended_until,
  notificationsDisabled: users.notifications_disabled,
  mailMessage: sql<boolean>`coalesce(${notification_settings.mail_message}, true)`,
  mailLike: sql<boolean>`coalesce(${notification_settings.mail_like}, true)`,
  mailMatch: sql<boolean>`coalesce(${notification_settings.mail_match}, true)`,
  mailDigest: sql<boolean>`coalesce(${notification_settings.mail_digest}, true)`,
  userActive: users.last_active_at,
  profile: profiles,
};

type RecipientRow = Awaited<ReturnType<typeof recipientQuery>>[number];

function toRecipient(r: RecipientRow): MailRecipient {
  const times = [r.userActive, r.profile.last_active_at].filter((d): d is Date => d instanceof Date);
  return {
    userId: r.userId,
    siteId: r.siteId,
    email: r.email,
    status: r.status,
    language: r.language,
    mailLanguage: r.mailLanguage,
    erasedAt: r.erasedAt,
    suspendedUntil: r.suspendedUntil,
    notificationsDisabled: r.notificationsDisabled,
    mail: { message: r.mailMessage, like: r.mailLike, match: r.mailMatch, digest: r.mailDigest },
    profile: r.profile,
    lastActiveAt: times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : null,
  };
}

function recipientQuery(db: DbOrTx) {
  return db
    .select(recipientColumns)
    .from(users)
    .innerJoin(profiles, eq(profiles.user_id, users.id))
    .leftJoin(notification_settings, eq(notification_settings.user_id, users.id));
}

/** The member behind user `userId`, or null (no account or no profile). */
export async function findMailRecipientByUser(db: DbOrTx, userId: number): Promise<MailRecipient | null> {
  const [row] = await recipientQuery(db).where(eq(users.id, userId));
  return row ? toRecipient(row) : null;
}

/**
 * What the notification subscribers need of an event's recipient, read once per event (issue:
 * throughput): the mail recipient, when a mail of the event's kind already waits, and whether a
 * device is subscribed to push.
 */
export interface NotificationTarget {
  recipient: MailRecipient;
  /** scheduled_at of the member's batch of that kind: a mail waits until then; null: none waits. */
  waitingUntil: Date | null;
  /** The member has at least one subscribed push device. */
  pushable: boolean;
}

/**
 * The member behind profile `profileId` with their `kind` batch's scheduled_at and whether they
 * can be pushed to, in one round trip (most events of a burst find a mail already waiting and need
 * nothing more). Null for a fictional profile (no member).
 */
export async function findNotificationTarget(
  db: DbOrTx,
  profileId: number,
  kind: MailNotificationKind,
): Promise<NotificationTarget | null> {
  const [row] = await notificationTargetQuery(db as Db).execute({ profileId, kind });
  return row ? { recipient: toRecipient(row), waitingUntil: row.waitingUntil, pushable: row.pushable } : null;
}

/** findNotificationTarget's statement, built once per database (issue 31: the chat send's hot path). */
const notificationTargetQuery = oncePerDb((db) =>
  db
    .select({
      ...recipientColumns,
      waitingUntil: notification_batches.scheduled_at,
      pushable: sql<boolean>`exists (select 1 from ${push_subscriptions} where ${push_subscriptions.user_id} = ${users.id})`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.user_id, users.id))
    .leftJoin(notification_settings, eq(notification_settings.user_id, users.id))
    .leftJoin(
      notification_batches,
      and(eq(notification_batches.user_id, users.id), eq(notification_batches.kind, sql.placeholder('kind'))),
    )
    .where(eq(profiles.id, sql.placeholder('profileId')))
    .prepare('find_notification_target'),
);

/** A profile as a notification mail shows it: name, birth date, city, fictional, approved public main photo. */
export interface MailProfileRow {
  id: number;
  name: string;
  date_of_birth: string;
  city: string | null;
  is_fictional: boolean;
  /** The card-size file of the approved, public main photo; null without one. */
  photo: string | null;
}

/** The profiles `ids` as mails show them, in the order of `ids`. */
export async function findMailProfiles(db: DbOrTx, ids: number[]): Promise<MailProfileRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: profiles.id,
      name: profiles.name,
      date_of_birth: profiles.date_of_birth,
      city: profiles.city,
      is_fictional: profiles.is_fictional,
      photo: photos.match_filename,
    })
    .from(profiles)
    .leftJoin(photos, publicMainPhoto())
    .where(inArray(profiles.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is MailProfileRow => r !== undefined);
}

function publicMainPhoto(): SQL {
  return and(eq(photos.id, profiles.main_photo_id), eq(photos.status, 'approved'), eq(photos.is_private, false)) as SQL;
}

/** What a message mail sums up: unread messages since the last mail, by sender, and the newest one. */
export interface UnreadMessages {
  count: number;
  /** Senders' profile ids, newest message first. */
  senders: number[];
  newest: { id: number; conversationId: number; sender: number; kind: string; body: string } | null;
}

/**
 * Messages to `profileId` that are still unread (after its read position, not cleared, unread
 * count above 0) and arrived after `since` (null: any time) and by `now`.
 */
export async function findUnreadMessages(
  db: DbOrTx,
  profileId: number,
  since: Date | null,
  now: Date,
): Promise<UnreadMessages> {
  const where = and(
    eq(conversationMembers.profile_id, profileId),
    gt(conversationMembers.num_unread_messages, 0),
    ne(messages.sender_profile_id, profileId),
    sql`${messages.id} > coalesce(${conversationMembers.last_read_message_id}, 0)`,
    sql`(${conversationMembers.cleared_at} is null or ${messages.created_at} > ${conversationMembers.cleared_at})`,
    since ? gt(messages.created_at, since) : undefined,
    lte(messages.created_at, now),
  );
  const newestId = max(messages.id);
  const bySender = await db
    .select({ sender: messages.sender_profile_id, n: count(), newest: newestId })
    .from(conversationMembers)
    .innerJoin(messages, eq(messages.conversation_id, conversationMembers.conversation_id))
    .where(where)
    .groupBy(messages.sender_profile_id)
    .orderBy(desc(newestId));
  const top = bySender[0]?.newest;
  if (top === undefined || top === null) return { count: 0, senders: [], newest: null };
  const [newest] = await db
    .select({
      id: messages.id,
      conversationId: messages.conversation_id,
      sender: messages.sender_profile_id,
      kind: messages.kind,
      body: messages.body,
    })
    .from(messages)
    .where(eq(messages.id, Number(top)));
  return {
    count: bySender.reduce((sum, r) => sum + r.n, 0),
    senders: bySender.map((r) => r.sender),
    newest: newest ?? null,
  };
}

/** Profiles named by a like or match mail: how many there are and the newest few. */
export interface NewProfiles {
  count: number;
  /** Profile ids, newest first (at most the `limit` asked for). */
  ids: number[];
}

/**
 * New likes of `profileId` (not seen yet, like_new) that arrived after `since` and by `now`, from
 * active profiles not blocked either way; likes the member returned are matches and left out.
 */
export async function findNewLikes(
  db: DbOrTx,
  profileId: number,
  since: Date | null,
  now: Date,
  limit: number,
): Promise<NewProfiles> {
  const where = and(
    eq(likes.liked_profile_id, profileId),
    eq(likes.is_new, true),
    since ? gt(likes.created_at, since) : undefined,
    lte(likes.created_at, now),
    eq(profiles.status, 'active'),
    notBlockedSql(profileId),
    sql`not exists (select 1 from ${likes} back where back.liker_profile_id = ${profileId}
      and back.liked_profile_id = ${likes.liker_profile_id})`,
  );
  const rows = await db
    .select({ id: likes.liker_profile_id, n: sql<number>`(count(*) over ())::int` })
    .from(likes)
    .innerJoin(profiles, eq(profiles.id, likes.liker_profile_id))
    .where(where)
    .orderBy(desc(likes.id))
    .limit(limit);
  return { count: rows[0]?.n ?? 0, ids: rows.map((r) => r.id) };
}

/**
 * Matches of `profileId` it has not seen yet (its seen_by side is false) made after `since` and by
 * `now`, with active profiles not blocked either way.
 */
export async function findNewMatches(
  db: DbOrTx,
  profileId: number,
  since: Date | null,
  now: Date,
  limit: number,
): Promise<NewProfiles> {
  const other = sql`case when ${matches.profile_a} = ${profileId} then ${matches.profile_b} else ${matches.profile_a} end`;
  const where = and(
    or(
      and(eq(matches.profile_a, profileId), eq(matches.seen_by_a, false)),
      and(eq(matches.profile_b, profileId), eq(matches.seen_by_b, false)),
    ),
    since ? gt(matches.created_at, since) : undefined,
    lte(matches.created_at, now),
    eq(profiles.status, 'active'),
    notBlockedSql(profileId),
  );
  const rows = await db
    .select({ id: profiles.id, n: sql<number>`(count(*) over ())::int` })
    .from(matches)
    .innerJoin(profiles, eq(profiles.id, other))
    .where(where)
    .orderBy(desc(matches.id))
    .limit(limit);
  return { count: rows[0]?.n ?? 0, ids: rows.map((r) => r.id) };
}

/**
 * Members who may get this week's digest, `limit` at a time by user id after `afterUserId`:
 * confirmed (so neither pending deletion nor banned), not erased or suspended, notification mail
 * not disabled, the digest on, an active profile, and no digest since `sentBefore`.
 */
export async function findDigestRecipients(
  db: DbOrTx,
  opts: { afterUserId: number; limit: number; now: Date; sentBefore: Date },
): Promise<MailRecipient[]> {
  const rows = await recipientQuery(db)
    .leftJoin(
      notification_batches,
      and(eq(notification_batches.user_id, users.id), eq(notification_batches.kind, 'digest')),
    )
    .where(
      and(
        gt(users.id, opts.afterUserId),
        eq(users.status, 'confirmed'),
        sql`${users.erased_at} is null`,
        sql`(${users.suspended_until} is null or ${users.suspended_until} <= ${opts.now.toISOString()}::timestamptz)`,
        sql`cardinality(${users.notifications_disabled}) = 0`,
        sql`coalesce(${notification_settings.mail_digest}, true)`,
        eq(profiles.status, 'active'),
        sql`(${notification_batches.last_sent_at} is null or ${notification_batches.last_sent_at} < ${opts.sentBefore.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(users.id)
    .limit(opts.limit);
  return rows.map(toRecipient);
}

/** Whom a digest may show: the member's default preferences (docs/matching.md). */
export interface DigestQuery {
  siteId: number;
  viewer: Pick<ProfileRow, 'id' | 'country'>;
  fit: readonly GenderFit[];
  minAge: number;
  maxAge: number;
  /** Profiles created from here on count as new. */
  since: Date;
  now: Date;
  limit: number;
}

/**
 * New profiles for a member's digest: created since `since`, visible to the member as in search
 * (active, not invisible, not blocked either way, not the member), fitting their default genders and
 * ages, with an approved public main photo, not liked by the member yet; same country first, newest
 * first. Returns profile ids.
 */
export async function findDigestProfiles(db: DbOrTx, q: DigestQuery): Promise<number[]> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(photos, publicMainPhoto())
    .where(
      and(
        ...visibleProfilesSql(q.siteId, q.viewer.id),
        genderFitSql(q.fit),
        ...ageRangeSql(q.now, q.minAge, q.maxAge),
        gte(profiles.created_at, q.since),
        lte(profiles.created_at, q.now),
        sql`not exists (select 1 from ${likes} l where l.liker_profile_id = ${q.viewer.id}
          and l.liked_profile_id = ${profiles.id})`,
      ),
    )
    .orderBy(sql`(${profiles.country} = ${q.viewer.country}) desc`, desc(profiles.created_at), desc(profiles.id))
    .limit(q.limit);
  return rows.map((r) => r.id);
}

/** The name of the site of user `userId` and the state of their notification mail, or null. */
export async function findUnsubscribeState(
  db: DbOrTx,
  userId: number,
): Promise<{ siteName: string; mail: Record<MailNotificationKind, boolean>; notificationsDisabled: string[] } | null> {
  const [row] = await db
    .select({
      siteName: sites.name,
      notificationsDisabled: users.notifications_disabled,
      message: sql<boolean>`coalesce(${notification_settings.mail_message}, true)`,
      like: sql<boolean>`coalesce(${notification_settings.mail_like}, true)`,
      match: sql<boolean>`coalesce(${notification_settings.mail_match}, true)`,
      digest: sql<boolean>`coalesce(${notification_settings.mail_digest}, true)`,
    })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.site_id))
    .leftJoin(notification_settings, eq(notification_settings.user_id, users.id))
    .where(and(eq(users.id, userId), sql`${users.erased_at} is null`));
  if (!row) return null;
  const { siteName, notificationsDisabled, ...mail } = row;
  return { siteName, notificationsDisabled, mail };
}

const MAIL_COLUMNS = {
  message: 'mail_message',
  like: 'mail_like',
  match: 'mail_match',
  digest: 'mail_digest',
} as const satisfies Record<MailNotificationKind, keyof typeof notification_settings.$inferInsert>;

/** Turns mail of `kind` on or off for `userId` in one upsert (the other settings keep their values). */
export async function setMailKind(tx: DbOrTx, userId: number, kind: MailNotificationKind, on: boolean): Promise<void> {
  const column = MAIL_COLUMNS[kind];
  await tx
    .insert(notification_settings)
    .values({ user_id: userId, [column]: on })
    .onConflictDoUpdate({ target: notification_settings.user_id, set: { [column]: on, updated_at: sql`now()` } });
}

/** Adds `reason` to users.notifications_disabled of `userId` unless it is there already. */
export async function addMailDisabledReason(tx: DbOrTx, userId: number, reason: string): Promise<void> {
  await tx
    .update(users)
    .set({ notifications_disabled: sql`array_append(${users.notifications_disabled}, ${reason}::text)` })
    .where(and(eq(users.id, userId), sql`not (${reason}::text = any(${users.notifications_disabled}))`));
}

/** Removes `reason` from users.notifications_disabled of `userId` (the other reasons stay). */
export async function removeMailDisabledReason(tx: DbOrTx, userId: number, reason: string): Promise<void> {
  await tx
    .update(users)
    .set({ notifications_disabled: sql`array_remove(${users.notifications_disabled}, ${reason}::text)` })
    .where(eq(users.id, userId));
}
