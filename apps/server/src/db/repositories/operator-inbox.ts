/**
 * The operator inbox's reads and writes (issue: back office II): conversations of members with
 * fictional profiles, their locks, the operators' answers. Response times are in operator-times.ts.
 */
import { and, asc, desc, eq, exists, gte, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client.js';
import {
  conversationLocks,
  conversations,
  fictionalPersonas,
  messages,
  photos,
  profiles,
  sites,
  staff,
  users,
} from '../schema.js';
import type { ConversationRow } from './conversations.js';
import type { MessageRow } from './messages.js';
import type { DbOrTx } from './photos.js';
import type { ProfileRow } from './profiles.js';

/** A lock as stored, with the name the inbox shows for its holder. */
export interface LockRow {
  conversation_id: number;
  staff_id: number;
  staff_name: string;
  locked_at: Date;
  expires_at: Date;
}

/** An inbox conversation: the conversation, both sides, their public main-photo thumbnails and the site's name. */
export interface InboxConversationRow {
  conversation: ConversationRow;
  siteName: string;
  /** The site's cdn_prefix: where public photo names live. */
  siteCdnPrefix: string;
  member: ProfileRow;
  memberUser: { id: number; signup_date: Date; last_active_at: Date | null };
  memberThumb: string | null;
  fictional: ProfileRow;
  fictionalThumb: string | null;
}

/** An inbox row: the conversation and its sides, and the lock when one is in force. */
export interface InboxListRow extends InboxConversationRow {
  lock: LockRow | null;
}

const member = alias(profiles, 'member');
const fictional = alias(profiles, 'fictional');
const memberPhoto = alias(photos, 'member_photo');
const fictionalPhoto = alias(photos, 'fictional_photo');
const lockStaff = alias(staff, 'lock_staff');

/** The name staff see for a staff account: its name, else its e-mail address. */
export const staffDisplayName = (table: { name: AnyPgColumn; email: AnyPgColumn }) =>
  sql<string>`coalesce(nullif(${table.name}, ''), ${table.email})`;

/** A side of the conversation: profile `id` is one of its two profiles. */
function onSide(id: AnyPgColumn) {
  return or(eq(id, conversations.profile_a), eq(id, conversations.profile_b));
}

/** The public, approved main photo of a profile. */
function mainPhotoOf(
  photo: { id: AnyPgColumn; status: AnyPgColumn; is_private: AnyPgColumn },
  mainPhotoId: AnyPgColumn,
) {
  return and(eq(photo.id, mainPhotoId), eq(photo.status, 'approved'), eq(photo.is_private, false));
}

/** The select of inbox rows: the conversation with a member on one side and a fictional profile on the other. */
function selectInbox(db: DbOrTx, now: Date) {
  return db
    .select({
      conversation: conversations,
      siteName: sites.name,
      siteCdnPrefix: sites.cdn_prefix,
      member,
      memberUser: { id: users.id, signup_date: users.signup_date, last_active_at: users.last_active_at },
      memberThumb: memberPhoto.thumb_filename,
      fictional,
      fictionalThumb: fictionalPhoto.thumb_filename,
      lockStaffId: conversationLocks.staff_id,
      lockStaffName: staffDisplayName(lockStaff),
      lockedAt: conversationLocks.locked_at,
      lockExpiresAt: conversationLocks.expires_at,
    })
    .from(conversations)
    .innerJoin(sites, eq(sites.id, conversations.site_id))
    .innerJoin(fictional, and(onSide(fictional.id), eq(fictional.is_fictional, true)))
    .innerJoin(member, and(onSide(member.id), eq(member.is_fictional, false)))
    .innerJoin(users, eq(users.id, member.user_id))
    .leftJoin(memberPhoto, mainPhotoOf(memberPhoto, member.main_photo_id))
    .leftJoin(fictionalPhoto, mainPhotoOf(fictionalPhoto, fictional.main_photo_id))
    .leftJoin(
      conversationLocks,
      and(eq(conversationLocks.conversation_id, conversations.id), gte(conversationLocks.expires_at, now)),
    )
    .leftJoin(lockStaff, eq(lockStaff.id, conversationLocks.staff_id))
    .$dynamic();
}

type SelectedInbox = Awaited<ReturnType<ReturnType<typeof selectInbox>['execute']>>[number];

function toListRow(row: SelectedInbox): InboxListRow {
  const { lockStaffId, lockStaffName, lockedAt, lockExpiresAt, ...rest } = row;
  const lock =
    lockStaffId !== null && lockedAt !== null && lockExpiresAt !== null
      ? {
          conversation_id: row.conversation.id,
          staff_id: lockStaffId,
          staff_name: lockStaffName ?? '',
          locked_at: lockedAt,
          expires_at: lockExpiresAt,
        }
      : null;
  return { ...rest, lock };
}

/**
 * Inbox conversations on `siteIds` ('all': every site). `waiting`: a member message waits for an
 * answer, longest-waiting first; `answered`: nothing waits and an operator answered, newest activity
 * first. Each with the lock in force at `now`.
 */
export async function listInboxConversations(
  db: Db,
  input: { siteIds: readonly number[] | 'all'; tab: 'waiting' | 'answered'; now: Date; limit: number },
): Promise<InboxListRow[]> {
  const where: SQL[] = [];
  if (input.siteIds !== 'all') {
    if (input.siteIds.length === 0) return [];
    where.push(inArray(conversations.site_id, [...input.siteIds]));
  }
  const query = selectInbox(db, input.now);
  if (input.tab === 'waiting') {
    where.push(isNotNull(conversations.awaiting_reply_since));
    query.orderBy(asc(conversations.awaiting_reply_since), asc(conversations.id));
  } else {
    const answered = db
      .select({ one: sql`1` })
      .from(messages)
      .where(and(eq(messages.conversation_id, conversations.id), isNotNull(messages.staff_id)));
    where.push(isNull(conversations.awaiting_reply_since), exists(answered));
    query.orderBy(desc(conversations.last_message_at), desc(conversations.id));
  }
  const rows = await query.where(and(...where)).limit(input.limit);
  return rows.map(toListRow);
}

/** Conversation `id` when a member talks in it with a fictional profile (with its lock at `now`); else null. */
export async function findInboxConversation(db: DbOrTx, id: number, now: Date): Promise<InboxListRow | null> {
  const [row] = await selectInbox(db, now).where(eq(conversations.id, id));
  return row ? toListRow(row) : null;
}

/** The persona note of fictional profile `profileId` ('' when none was written). */
export async function findPersonaNote(db: DbOrTx, profileId: number): Promise<string> {
  const [row] = await db
    .select({ note: fictionalPersonas.persona_note })
    .from(fictionalPersonas)
    .where(eq(fictionalPersonas.profile_id, profileId));
  return row?.note ?? '';
}

/**
 * Takes or renews the lock of conversation `conversationId` for staff `staffId` until `now + seconds`,
 * in ONE conditional upsert: it wins when there is no lock, the lock expired before `now`, or the
 * account already holds it (then `locked_at` stays). Safe across instances: the primary key decides.
 * Returns the lock, or null when another account holds it.
 */
export async function takeLock(
  db: DbOrTx,
  input: { conversationId: number; staffId: number; now: Date; seconds: number },
): Promise<Omit<LockRow, 'staff_name'> | null> {
  const expires = new Date(input.now.getTime() + input.seconds * 1000);
  const [row] = await db
    .insert(conversationLocks)
    .values({
      conversation_id: input.conversationId,
      staff_id: input.staffId,
      locked_at: input.now,
      expires_at: expires,
    })
    .onConflictDoUpdate({
      target: conversationLocks.conversation_id,
      set: {
        staff_id: sql`excluded.staff_id`,
        locked_at: sql`case when ${conversationLocks.staff_id} = excluded.staff_id then ${conversationLocks.locked_at} else excluded.locked_at end`,
        expires_at: sql`excluded.expires_at`,
      },
      setWhere: sql`${conversationLocks.expires_at} < excluded.locked_at or ${conversationLocks.staff_id} = excluded.staff_id`,
    })
    .returning();
  return row ?? null;
}

/**
 * Renews the lock inside an answer's transaction, only while `staffId` holds it and it has not
 * expired at `now` (the row stays locked until the commit). Returns the lock, or null when not held.
 */
export async function renewHeldLock(
  tx: DbOrTx,
  input: { conversationId: number; staffId: number; now: Date; seconds: number },
): Promise<Omit<LockRow, 'staff_name'> | null> {
  const [row] = await tx
    .update(conversationLocks)
    .set({ expires_at: new Date(input.now.getTime() + input.seconds * 1000) })
    .where(
      and(
        eq(conversationLocks.conversation_id, input.conversationId),
        eq(conversationLocks.staff_id, input.staffId),
        gte(conversationLocks.expires_at, input.now),
      ),
    )
    .returning();
  return row ?? null;
}

/** The lock of a conversation in force at `now`, with its holder's name; null when none. */
export async function findLock(db: DbOrTx, conversationId: number, now: Date): Promise<LockRow | null> {
  const [row] = await db
    .select({
      conversation_id: conversationLocks.conversation_id,
      staff_id: conversationLocks.staff_id,
      staff_name: staffDisplayName(staff),
      locked_at: conversationLocks.locked_at,
      expires_at: conversationLocks.expires_at,
    })
    .from(conversationLocks)
    .innerJoin(staff, eq(staff.id, conversationLocks.staff_id))
    .where(and(eq(conversationLocks.conversation_id, conversationId), gte(conversationLocks.expires_at, now)));
  return row ?? null;
}

/** Removes the lock of a conversation when `staffId` holds it; answers whether one was removed. */
export async function releaseLock(db: DbOrTx, conversationId: number, staffId: number): Promise<boolean> {
  const rows = await db
    .delete(conversationLocks)
    .where(and(eq(conversationLocks.conversation_id, conversationId), eq(conversationLocks.staff_id, staffId)))
    .returning({ id: conversationLocks.conversation_id });
  return rows.length > 0;
}

/** The conversation row locked for the answer's transaction (its wait is read and cleared under the lock). */
export async function lockConversationRow(tx: DbOrTx, id: number): Promise<ConversationRow | null> {
  const [row] = await tx.select().from(conversations).where(eq(conversations.id, id)).for('update');
  return row ?? null;
}

/** What an operator's answer stores: the fictional profile sends, the operator is named, nothing is paid. */
export interface OperatorMessage {
  conversationId: number;
  fictionalProfileId: number;
  staffId: number;
  kind: 'text' | 'gift' | 'photo';
  body: string;
  giftId: number | null;
  photoFilename: string | null;
  photoThumbFilename: string | null;
  clientId: string;
  /** Seconds the member waited for this answer; null when nothing waited. */
  waitedSeconds: number | null;
  now: Date;
}

/**
 * Stores an operator's answer (credits_spent 0, staff_id set); null when the fictional profile
 * already stored a message under `clientId` (a retry: the unique (sender, client_id) index decides).
 */
export async function insertOperatorMessage(tx: DbOrTx, m: OperatorMessage): Promise<MessageRow | null> {
  const [row] = await tx
    .insert(messages)
    .values({
      conversation_id: m.conversationId,
      sender_profile_id: m.fictionalProfileId,
      kind: m.kind,
      body: m.body,
      gift_id: m.giftId,
      photo_filename: m.photoFilename,
      photo_thumb_filename: m.photoThumbFilename,
      credits_spent: 0,
      client_id: m.clientId,
      staff_id: m.staffId,
      waited_seconds: m.waitedSeconds,
      created_at: m.now,
    })
    .onConflictDoNothing({ target: [messages.sender_profile_id, messages.client_id] })
    .returning();
  return row ?? null;
}

/** After an answer: nothing waits any more in the conversation. */
export async function clearAwaitingReply(tx: DbOrTx, conversationId: number): Promise<void> {
  await tx.update(conversations).set({ awaiting_reply_since: null }).where(eq(conversations.id, conversationId));
}
