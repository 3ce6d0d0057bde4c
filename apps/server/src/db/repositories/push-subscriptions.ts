import type { PushKind } from '@app/contracts';
import { and, count, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  conversationMembers,
  likes,
  matches,
  messages,
  notification_settings,
  photos,
  profiles,
  push_subscriptions,
  users,
} from '../schema.js';
import { notBlockedSql } from './profiles.js';

/** A stored push subscription: one browser of a member (SPEC.md 7 `POST /api/user.php?push=1`). */
export type PushSubscriptionRow = typeof push_subscriptions.$inferSelect;

/** The pair of profiles in the stored order of matches (profile_a < profile_b). */
function ordered(x: number, y: number): [number, number] {
  return x < y ? [x, y] : [y, x];
}

/** A block between profiles `x` and `y`, either way, as an SQL boolean. */
function blockedEitherWaySql(x: number, y: number) {
  return sql<boolean>`exists (select 1 from blocks b where
    (b.blocker_profile_id = ${x} and b.blocked_profile_id = ${y}) or
    (b.blocker_profile_id = ${y} and b.blocked_profile_id = ${x}))`;
}

/**
 * Attaches a browser's subscription to user `userId` in one transaction: an upsert on the endpoint
 * (a browser that subscribed for another member moves to this one and loses that member's last
 * success), then only the `keep` newest of the member's devices stay. The member's row is locked
 * first, so two attaches of one member at once still keep `keep`.
 */
export async function upsertPushSubscription(
  db: Db,
  s: { userId: number; endpoint: string; p256dh: string; auth: string; userAgent: string | null; now: Date },
  keep: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, s.userId)).for('update');
    await tx
      .insert(push_subscriptions)
      .values({
        user_id: s.userId,
        endpoint: s.endpoint,
        p256dh: s.p256dh,
        auth: s.auth,
        user_agent: s.userAgent,
        created_at: s.now,
      })
      .onConflictDoUpdate({
        target: push_subscriptions.endpoint,
        set: {
          user_id: s.userId,
          p256dh: s.p256dh,
          auth: s.auth,
          user_agent: s.userAgent,
          created_at: s.now,
          last_success_at: sql`case when ${push_subscriptions.user_id} = ${s.userId}
            then ${push_subscriptions.last_success_at} end`,
        },
      });
    const newest = tx
      .select({ id: push_subscriptions.id })
      .from(push_subscriptions)
      .where(eq(push_subscriptions.user_id, s.userId))
      .orderBy(desc(push_subscriptions.created_at), desc(push_subscriptions.id))
      .limit(keep);
    await tx
      .delete(push_subscriptions)
      .where(and(eq(push_subscriptions.user_id, s.userId), notInArray(push_subscriptions.id, newest)));
  });
}

/** Removes user `userId`'s subscription of `endpoint`; another member's row of that endpoint stays. Answers whether one went. */
export async function deleteOwnPushSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(push_subscriptions)
    .where(and(eq(push_subscriptions.user_id, userId), eq(push_subscriptions.endpoint, endpoint)))
    .returning({ id: push_subscriptions.id });
  return rows.length > 0;
}

/** Removes a subscription the push service no longer knows (404/410), by id. */
export async function deletePushSubscriptionById(db: Db, id: number): Promise<void> {
  await db.delete(push_subscriptions).where(eq(push_subscriptions.id, id));
}

/** Every device of user `userId`, oldest first. */
export async function listPushSubscriptionsOf(db: Db, userId: number): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(push_subscriptions)
    .where(eq(push_subscriptions.user_id, userId))
    .orderBy(push_subscriptions.created_at, push_subscriptions.id);
}

/** Stamps the subscriptions `ids` with the time a push service last took a push for them. */
export async function markPushDelivered(db: Db, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(push_subscriptions)
    .set({ last_success_at: now })
    .where(inArray(push_subscriptions.id, [...ids]));
}

/** The member a push is for, with what decides whether one goes out. */
export interface PushRecipient {
  userId: number;
  siteId: number;
  /** The member's language (users.language): the push's texts are in it. */
  language: string;
  status: string;
  isErased: boolean;
  suspendedUntil: Date | null;
  profileId: number;
  profileStatus: string;
  /** notification_settings.push_<kind>; no row means on. */
  wantsKind: boolean;
}

/** The push setting column of each kind. */
const PUSH_SETTING = {
  message: notification_settings.push_message,
  like: notification_settings.push_like,
  match: notification_settings.push_match,
} as const;

/** User `userId` with their profile and whether they want pushes of `kind`; null without account or profile. */
export async function findPushRecipient(db: Db, userId: number, kind: PushKind): Promise<PushRecipient | null> {
  const [row] = await db
    .select({
      userId: users.id,
      siteId: users.site_id,
      language: users.language,
      status: users.status,
      erasedAt: users.erased_at,
      suspendedUntil: users.suspended_until,
      profileId: profiles.id,
      profileStatus: profiles.status,
      wantsKind: sql<boolean>`coalesce(${PUSH_SETTING[kind]}, true)`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.user_id, users.id))
    .leftJoin(notification_settings, eq(notification_settings.user_id, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  const { erasedAt, ...rest } = row;
  return { ...rest, isErased: erasedAt !== null, wantsKind: Boolean(row.wantsKind) };
}

/** The other member of a push (sender, liker, match) as the recipient may see them. */
export interface PushOtherProfile {
  id: number;
  name: string;
  status: string;
  /** A fictional profile: its name carries the site's fictional_icon wherever a member sees it. */
  isFictional: boolean;
  /** The thumbnail file of the approved, public main photo (SPEC.md 3 main_image.thumb_filename); null without one. */
  thumbFilename: string | null;
  /** A block between the two, either way. */
  isBlocked: boolean;
}

/** Profile `otherId` as recipient profile `recipientId` sees it in a push; null when it is gone. */
export async function findPushOtherProfile(
  db: Db,
  recipientId: number,
  otherId: number,
): Promise<PushOtherProfile | null> {
  const [row] = await db
    .select({
      id: profiles.id,
      name: profiles.name,
      status: profiles.status,
      isFictional: profiles.is_fictional,
      thumbFilename: photos.thumb_filename,
      isBlocked: blockedEitherWaySql(recipientId, otherId),
    })
    .from(profiles)
    .leftJoin(
      photos,
      and(eq(photos.id, profiles.main_photo_id), eq(photos.status, 'approved'), eq(photos.is_private, false)),
    )
    .where(eq(profiles.id, otherId));
  return row ? { ...row, isBlocked: Boolean(row.isBlocked) } : null;
}

/** A message a push is about, as its recipient's side of the conversation stands now. */
export interface PushMessage {
  id: number;
  conversationId: number;
  senderProfileId: number;
  /** text, photo or gift. */
  kind: string;
  body: string;
  createdAt: Date;
  /** The recipient read it (read marker at or past it, or nothing unread). */
  isRead: boolean;
  /** The recipient removed the chat or its history since the message came. */
  isHidden: boolean;
  /** The sender wrote again since: that message's push covers this one. */
  hasNewer: boolean;
  /** The recipient's unread messages in this conversation. */
  unreadInConversation: number;
}

/** Message `messageId` of a conversation of recipient profile `recipientId`; null when deleted or not theirs. */
export async function findPushMessage(db: Db, messageId: number, recipientId: number): Promise<PushMessage | null> {
  const [row] = await db
    .select({
      id: messages.id,
      conversationId: messages.conversation_id,
      senderProfileId: messages.sender_profile_id,
      kind: messages.kind,
      body: messages.body,
      createdAt: messages.created_at,
      isRead: sql<boolean>`(${conversationMembers.num_unread_messages} = 0
        or coalesce(${conversationMembers.last_read_message_id} >= ${messages.id}, false))`,
      isHidden: sql<boolean>`coalesce(${conversationMembers.cleared_at} >= ${messages.created_at}, false)`,
      hasNewer: sql<boolean>`exists (select 1 from ${messages} n where n.conversation_id = ${messages.conversation_id}
        and n.sender_profile_id = ${messages.sender_profile_id} and n.id > ${messages.id})`,
      unreadInConversation: conversationMembers.num_unread_messages,
    })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversation_id, messages.conversation_id),
        eq(conversationMembers.profile_id, recipientId),
      ),
    )
    .where(eq(messages.id, messageId));
  if (!row || row.senderProfileId === recipientId) return null;
  return {
    ...row,
    isRead: Boolean(row.isRead),
    isHidden: Boolean(row.isHidden),
    hasNewer: Boolean(row.hasNewer),
  };
}

/** The like of `liker` for `liked` as it stands now; null when it was taken back. */
export interface PushLike {
  /** Not yet seen by the liked member (like_new). */
  isNew: boolean;
  /** member, swipe or auto (a fictional profile's like shown in the like modal at once). */
  source: string;
  /** The liked member likes back: a match, which has a push of its own. */
  isMatch: boolean;
  createdAt: Date;
}

/** The like of profile `liker` for profile `liked`, or null. */
export async function findPushLike(db: Db, liker: number, liked: number): Promise<PushLike | null> {
  const [a, b] = ordered(liker, liked);
  const [row] = await db
    .select({
      isNew: likes.is_new,
      source: likes.source,
      createdAt: likes.created_at,
      isMatch: sql<boolean>`exists (select 1 from ${matches} m where m.profile_a = ${a} and m.profile_b = ${b})`,
    })
    .from(likes)
    .where(and(eq(likes.liker_profile_id, liker), eq(likes.liked_profile_id, liked)));
  return row ? { ...row, isMatch: Boolean(row.isMatch) } : null;
}

/** The match of `recipientId` and `otherId` from the recipient's side: whether its dialog was shown, and when it was made; null when none. */
export async function findPushMatch(
  db: Db,
  recipientId: number,
  otherId: number,
): Promise<{ seen: boolean; createdAt: Date } | null> {
  const [a, b] = ordered(recipientId, otherId);
  const [row] = await db
    .select({ seenA: matches.seen_by_a, seenB: matches.seen_by_b, createdAt: matches.created_at })
    .from(matches)
    .where(and(eq(matches.profile_a, a), eq(matches.profile_b, b)));
  if (!row) return null;
  return { seen: recipientId === a ? row.seenA : row.seenB, createdAt: row.createdAt };
}

/**
 * The app badge of profile `profileId` (SPEC.md 4): unread messages of the chats in their list plus
 * new likes from visible likers (active, no block either way), as the client's counters count them.
 */
export async function pushBadgeCount(db: Db, profileId: number): Promise<number> {
  const [unread, newLikes] = await Promise.all([
    db
      .select({ n: sql<number>`coalesce(sum(${conversationMembers.num_unread_messages}), 0)::int` })
      .from(conversationMembers)
      .where(and(eq(conversationMembers.profile_id, profileId), isNull(conversationMembers.deleted_at))),
    db
      .select({ n: count() })
      .from(likes)
      .innerJoin(profiles, eq(profiles.id, likes.liker_profile_id))
      .where(
        and(
          eq(likes.liked_profile_id, profileId),
          eq(likes.is_new, true),
          eq(profiles.status, 'active'),
          notBlockedSql(profileId),
        ),
      ),
  ]);
  return Number(unread[0]?.n ?? 0) + Number(newLikes[0]?.n ?? 0);
}
