import { and, count, desc, eq, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client.js';
import { blocks, conversationMembers, conversations, messages, photos, profiles, users } from '../schema.js';
import type { MessageRow } from './messages.js';
import type { DbOrTx } from './photos.js';
import { oncePerDb } from './prepared.js';
import type { PhotoRow, ProfileRow } from './profiles.js';

export type ConversationRow = typeof conversations.$inferSelect;
export type ConversationMemberRow = typeof conversationMembers.$inferSelect;

/** The two profiles of a pair in the stored order (profile_a < profile_b). */
function ordered(a: number, b: number): [number, number] {
  return a < b ? [a, b] : [b, a];
}

/** The other profile of a conversation. */
export function otherProfileId(conversation: Pick<ConversationRow, 'profile_a' | 'profile_b'>, me: number): number {
  return conversation.profile_a === me ? conversation.profile_b : conversation.profile_a;
}

/** The conversation between two profiles, or null. */
export async function findConversationByPair(db: DbOrTx, a: number, b: number): Promise<ConversationRow | null> {
  const [lo, hi] = ordered(a, b);
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.profile_a, lo), eq(conversations.profile_b, hi)));
  return row ?? null;
}

/** A conversation `profileId` takes part in, with that side's membership row; null otherwise. */
export async function findMembership(
  db: DbOrTx,
  conversationId: number,
  profileId: number,
): Promise<{ conversation: ConversationRow; member: ConversationMemberRow } | null> {
  const [row] = await db
    .select({ conversation: conversations, member: conversationMembers })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversation_id))
    .where(and(eq(conversationMembers.conversation_id, conversationId), eq(conversationMembers.profile_id, profileId)));
  return row ?? null;
}

/** Both membership rows of a conversation. */
export async function listMemberships(db: DbOrTx, conversationId: number): Promise<ConversationMemberRow[]> {
  return db.select().from(conversationMembers).where(eq(conversationMembers.conversation_id, conversationId));
}

/**
 * The conversation between two profiles, created with both membership rows when missing (safe
 * under concurrency: the pair is unique). Call inside the transaction of the first message.
 */
export async function ensureConversation(
  tx: DbOrTx,
  siteId: number,
  a: number,
  b: number,
  now: Date,
): Promise<ConversationRow> {
  const [lo, hi] = ordered(a, b);
  const [created] = await tx
    .insert(conversations)
    .values({ site_id: siteId, profile_a: lo, profile_b: hi, created_at: now })
    .onConflictDoNothing()
    .returning();
  const row = created ?? (await findConversationByPair(tx, lo, hi));
  if (!row) throw new Error('conversation vanished');
  if (created) {
    await tx
      .insert(conversationMembers)
      .values([
        { conversation_id: row.id, profile_id: lo },
        { conversation_id: row.id, profile_id: hi },
      ])
      .onConflictDoNothing();
  }
  return row;
}

/**
 * The conversation between `me` and `other` with whether it is in `me`'s list (not deleted by that
 * side), in one query; null when the pair never talked.
 */
export async function findPairForSender(
  db: DbOrTx,
  me: number,
  other: number,
): Promise<{ conversation: ConversationRow; isOpen: boolean } | null> {
  const [lo, hi] = ordered(me, other);
  const [row] = await db
    .select({ conversation: conversations, deletedAt: conversationMembers.deleted_at })
    .from(conversations)
    .leftJoin(
      conversationMembers,
      and(eq(conversationMembers.conversation_id, conversations.id), eq(conversationMembers.profile_id, me)),
    )
    .where(and(eq(conversations.profile_a, lo), eq(conversations.profile_b, hi)));
  return row ? { conversation: row.conversation, isOpen: row.deletedAt === null } : null;
}

/** Conversations in `profileId`'s list (not deleted by that side): the free limit counts these. */
export async function countOpenConversations(db: DbOrTx, profileId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.profile_id, profileId), isNull(conversationMembers.deleted_at)));
  return row?.n ?? 0;
}

/**
 * After a message, in one statement: the conversation's activity time, one more unread for the
 * recipient, and the chat back in both sides' lists.
 */
export async function recordMessageActivity(
  tx: DbOrTx,
  conversationId: number,
  recipientProfileId: number,
  now: Date,
): Promise<void> {
  await tx.execute(sql`with touched as (
      update ${conversations} set last_message_at = ${now.toISOString()}::timestamptz where id = ${conversationId}
    )
    update ${conversationMembers}
    set deleted_at = null,
        num_unread_messages = num_unread_messages + (case when profile_id = ${recipientProfileId} then 1 else 0 end)
    where conversation_id = ${conversationId}`);
}

/**
 * Sets `profileId`'s unread count in the conversation to 0 and its read position to the newest
 * message. Returns that message id (null when there are none) and whether anything changed.
 */
export async function markConversationRead(
  db: DbOrTx,
  conversationId: number,
  profileId: number,
): Promise<{ lastRead: number | null; changed: boolean }> {
  const newest = sql<
    number | null
  >`(select max(${messages.id}) from ${messages} where ${messages.conversation_id} = ${conversationId}
      and (${messages.held_at} is null or ${messages.sender_profile_id} = ${profileId}))`;
  const rows = await db
    .update(conversationMembers)
    .set({ num_unread_messages: 0, last_read_message_id: newest })
    .where(
      and(
        eq(conversationMembers.conversation_id, conversationId),
        eq(conversationMembers.profile_id, profileId),
        or(
          sql`${conversationMembers.num_unread_messages} > 0`,
          sql`${conversationMembers.last_read_message_id} is distinct from ${newest}`,
        ),
      ),
    )
    .returning({ lastRead: conversationMembers.last_read_message_id });
  if (rows[0]) return { lastRead: rows[0].lastRead === null ? null : Number(rows[0].lastRead), changed: true };
  const [member] = await db
    .select({ lastRead: conversationMembers.last_read_message_id })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversation_id, conversationId), eq(conversationMembers.profile_id, profileId)));
  return { lastRead: member?.lastRead ?? null, changed: false };
}

/**
 * Removes conversations from `profileId`'s list and hides their history for that side (SPEC.md 4
 * deleting a chat): unread 0, cleared and deleted at `now`. Returns the conversation ids removed.
 */
export async function removeConversations(
  db: DbOrTx,
  profileId: number,
  conversationIds: number[],
  now: Date,
): Promise<number[]> {
  if (conversationIds.length === 0) return [];
  const rows = await db
    .update(conversationMembers)
    .set({ deleted_at: now, cleared_at: now, num_unread_messages: 0 })
    .where(
      and(
        eq(conversationMembers.profile_id, profileId),
        inArray(conversationMembers.conversation_id, conversationIds),
        isNull(conversationMembers.deleted_at),
      ),
    )
    .returning({ id: conversationMembers.conversation_id });
  return rows.map((r) => r.id);
}

/** A row of the chat list: the conversation, this side's membership, the other profile, its main photo and the newest message. */
export interface ChatListRow {
  conversation: ConversationRow;
  member: ConversationMemberRow;
  other: ProfileRow;
  main: PhotoRow | null;
  /** The newest message of the conversation, whoever sent it; null before the first. */
  last: MessageRow | null;
}

/**
 * The chat list's one statement (issue 31): the member's open conversations, newest activity first,
 * each with the other profile, its approved main photo and the newest message (an index probe per
 * conversation on messages' (conversation_id, id)).
 */
const listChatsQuery = oncePerDb((db) => {
  const me = sql`${sql.placeholder('profileId')}::int`;
  const other = alias(profiles, 'other');
  const otherId = sql`case when ${conversations.profile_a} = ${me} then ${conversations.profile_b} else ${conversations.profile_a} end`;
  const last = db
    .select()
    .from(messages)
    // The other side's held messages are not delivered: never this side's last message.
    .where(
      and(
        eq(messages.conversation_id, conversations.id),
        or(isNull(messages.held_at), eq(messages.sender_profile_id, me)),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(1)
    .as('last');
  // The subquery's columns as one nested object (null when the conversation has no message yet).
  const lastFields = Object.fromEntries(
    Object.keys(getTableColumns(messages)).map((key) => [key, last[key as keyof typeof last]]),
  ) as unknown as typeof messages._.columns;
  return db
    .select({ conversation: conversations, member: conversationMembers, other, main: photos, last: lastFields })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversation_id))
    .innerJoin(other, eq(other.id, otherId))
    .leftJoin(photos, and(eq(photos.id, other.main_photo_id), eq(photos.status, 'approved')))
    .leftJoinLateral(last, sql`true`)
    .where(and(eq(conversationMembers.profile_id, me), isNull(conversationMembers.deleted_at)))
    .orderBy(desc(sql`coalesce(${conversations.last_message_at}, ${conversations.created_at})`), desc(conversations.id))
    .limit(sql.placeholder('limit'))
    .prepare('list_chats');
});

/** `profileId`'s chats with their newest message, newest activity first (SPEC.md 7 GET /api/chats.php). */
export async function listChats(db: Db, profileId: number, limit = 200): Promise<ChatListRow[]> {
  return listChatsQuery(db).execute({ profileId, limit });
}

/** Ids of `profileId`'s open conversations with `otherProfileId` (one at most: the pair is unique). */
export async function conversationIdsWith(db: DbOrTx, profileId: number, otherProfileId: number): Promise<number[]> {
  const row = await findConversationByPair(db, profileId, otherProfileId);
  return row ? [row.id] : [];
}

/** A recipient of a send: the profile, its account's status (null for fictional profiles) and blocks either way. */
export interface RecipientCheck {
  profile: ProfileRow;
  accountStatus: string | null;
  isErased: boolean;
  isBlocked: boolean;
}

/** Everything a send checks about its recipient, in one query; null when the site has no such profile. */
export async function findRecipient(
  db: DbOrTx,
  siteId: number,
  me: number,
  profileId: number,
): Promise<RecipientCheck | null> {
  const [row] = await db
    .select({
      profile: profiles,
      accountStatus: users.status,
      erasedAt: users.erased_at,
      isBlocked: sql<boolean>`exists (select 1 from ${blocks} where
        (${blocks.blocker_profile_id} = ${me} and ${blocks.blocked_profile_id} = ${profileId}) or
        (${blocks.blocker_profile_id} = ${profileId} and ${blocks.blocked_profile_id} = ${me}))`,
    })
    .from(profiles)
    .leftJoin(users, eq(users.id, profiles.user_id))
    .where(and(eq(profiles.site_id, siteId), eq(profiles.id, profileId)));
  if (!row) return null;
  return {
    profile: row.profile,
    accountStatus: row.profile.user_id === null ? null : row.accountStatus,
    isErased: row.erasedAt !== null,
    isBlocked: Boolean(row.isBlocked),
  };
}
