/** The back office's reads and writes about members (issue: back office I, members area). */
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client.js';
import {
  conversationMembers,
  conversations,
  gifts,
  memberSanctions,
  messages,
  profiles,
  reports,
  sites,
  staff,
  staffNotes,
  users,
} from '../schema.js';
import type { ConversationRow } from './conversations.js';
import type { MessageWithGift } from './messages.js';
import type { DbOrTx } from './photos.js';
import type { ProfileRow } from './profiles.js';

export type ReportRow = typeof reports.$inferSelect;
export type SanctionRow = typeof memberSanctions.$inferSelect;
export type StaffNoteRow = typeof staffNotes.$inferSelect;

/** A member in the back-office search: the account's fields, the profile's and the site's name. */
export interface MemberSearchRow {
  id: number;
  site_id: number;
  site_name: string;
  email: string;
  status: string;
  paid_user: boolean;
  credits: number;
  signup_date: Date;
  last_active_at: Date | null;
  profile_id: number | null;
  name: string | null;
  profile_status: string | null;
}

/** `value` as an ILIKE pattern that matches it anywhere, its wildcards taken literally. */
function containsPattern(value: string): string {
  return `%${value.replace(/[%_\\]/g, '\\$&')}%`;
}

/**
 * One page of members (accounts, never fictional profiles) newest first, on `siteIds` ('all': every
 * site). `q` matches the e-mail or the profile name anywhere (any case) and, when it is a number, the
 * user id or profile id exactly; an empty `q` lists every member. Answers `limit` rows and whether more follow.
 */
export async function searchMembers(
  db: Db,
  input: { q: string; siteIds: readonly number[] | 'all'; limit: number; offset: number },
): Promise<{ rows: MemberSearchRow[]; more: boolean }> {
  const where: SQL[] = [];
  if (input.siteIds !== 'all') {
    if (input.siteIds.length === 0) return { rows: [], more: false };
    where.push(inArray(users.site_id, [...input.siteIds]));
  }
  const q = input.q.trim();
  if (q) {
    const pattern = containsPattern(q);
    const matches: SQL[] = [ilike(users.email, pattern), ilike(profiles.name, pattern)];
    if (/^\d{1,9}$/.test(q)) matches.push(eq(users.id, Number(q)), eq(profiles.id, Number(q)));
    where.push(or(...matches) as SQL);
  }
  const rows = await db
    .select({
      id: users.id,
      site_id: users.site_id,
      site_name: sites.name,
      email: users.email,
      status: users.status,
      paid_user: users.paid_user,
      credits: users.credits,
      signup_date: users.signup_date,
      last_active_at: users.last_active_at,
      profile_last_active_at: profiles.last_active_at,
      profile_id: profiles.id,
      name: profiles.name,
      profile_status: profiles.status,
    })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.site_id))
    .leftJoin(profiles, eq(profiles.user_id, users.id))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(users.id))
    .limit(input.limit + 1)
    .offset(input.offset);
  const page = rows.slice(0, input.limit).map(({ profile_last_active_at, ...row }) => ({
    ...row,
    last_active_at: row.last_active_at ?? profile_last_active_at,
  }));
  return { rows: page, more: rows.length > input.limit };
}

/** A report with the reported profile's name. */
export type MemberReportRow = ReportRow & { reported_name: string | null };

/** The newest `limit` reports against `profileId` (when given) or made by user `userId`. */
export async function listMemberReports(
  db: Db,
  input: { userId: number; profileId: number | null; limit: number },
): Promise<MemberReportRow[]> {
  const by = eq(reports.reporter_user_id, input.userId);
  const rows = await db
    .select({ report: reports, reported_name: profiles.name })
    .from(reports)
    .leftJoin(profiles, eq(profiles.id, reports.reported_profile_id))
    .where(input.profileId == null ? by : or(eq(reports.reported_profile_id, input.profileId), by))
    .orderBy(desc(reports.id))
    .limit(input.limit);
  return rows.map((r) => ({ ...r.report, reported_name: r.reported_name }));
}

/** A sanction with the e-mail of the staff account that took it (null for the command line or a removed account). */
export type MemberSanctionRow = SanctionRow & { staff_email: string | null };

/** Every measure taken against user `userId`, newest first. */
export async function listMemberSanctions(db: Db, userId: number): Promise<MemberSanctionRow[]> {
  const rows = await db
    .select({ sanction: memberSanctions, staff_email: staff.email })
    .from(memberSanctions)
    .leftJoin(staff, eq(staff.id, memberSanctions.staff_id))
    .where(eq(memberSanctions.user_id, userId))
    .orderBy(desc(memberSanctions.id));
  return rows.map((r) => ({ ...r.sanction, staff_email: r.staff_email }));
}

/** Staff notes on user `userId`, newest first. */
export async function listStaffNotes(db: Db, userId: number): Promise<StaffNoteRow[]> {
  return db.select().from(staffNotes).where(eq(staffNotes.user_id, userId)).orderBy(desc(staffNotes.id));
}

/** Stores a staff note (inside the caller's transaction); returns the row. */
export async function insertStaffNote(tx: DbOrTx, values: typeof staffNotes.$inferInsert): Promise<StaffNoteRow> {
  const [row] = await tx.insert(staffNotes).values(values).returning();
  if (!row) throw new Error('staff note insert returned nothing');
  return row;
}

/** A conversation of a member with the partner's profile and how many messages it holds. */
export interface MemberConversationRow {
  conversation: ConversationRow;
  partner: ProfileRow;
  messageCount: number;
}

/** Most conversations the member's list shows. */
const CONVERSATION_LIST_LIMIT = 500;

/** Every conversation of profile `profileId` (also those the member removed from their list), newest activity first. */
export async function listMemberConversations(db: Db, profileId: number): Promise<MemberConversationRow[]> {
  const partner = alias(profiles, 'partner');
  const partnerId = sql`case when ${conversations.profile_a} = ${profileId} then ${conversations.profile_b} else ${conversations.profile_a} end`;
  const rows = await db
    .select({
      conversation: conversations,
      partner,
      messageCount:
        sql<number>`(select count(*) from ${messages} where ${messages.conversation_id} = ${conversations.id})`.mapWith(
          Number,
        ),
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversation_id))
    .innerJoin(partner, eq(partner.id, partnerId))
    .where(eq(conversationMembers.profile_id, profileId))
    .orderBy(desc(sql`coalesce(${conversations.last_message_at}, ${conversations.created_at})`), desc(conversations.id))
    .limit(CONVERSATION_LIST_LIMIT);
  return rows;
}

/** Conversation `conversationId` of profile `profileId` with its partner and message count; null when the profile takes no part. */
export async function findMemberConversation(
  db: Db,
  profileId: number,
  conversationId: number,
): Promise<MemberConversationRow | null> {
  const partner = alias(profiles, 'partner');
  const partnerId = sql`case when ${conversations.profile_a} = ${profileId} then ${conversations.profile_b} else ${conversations.profile_a} end`;
  const [row] = await db
    .select({
      conversation: conversations,
      partner,
      messageCount:
        sql<number>`(select count(*) from ${messages} where ${messages.conversation_id} = ${conversations.id})`.mapWith(
          Number,
        ),
    })
    .from(conversations)
    .innerJoin(partner, eq(partner.id, partnerId))
    .where(
      and(
        eq(conversations.id, conversationId),
        or(eq(conversations.profile_a, profileId), eq(conversations.profile_b, profileId)),
      ),
    );
  return row ?? null;
}

/**
 * The newest `limit` messages of a conversation, in time order (oldest first), with their gifts,
 * whatever either side cleared; `truncated` when older ones exist.
 */
export async function listWholeConversation(
  db: Db,
  conversationId: number,
  limit: number,
): Promise<{ messages: MessageWithGift[]; truncated: boolean }> {
  const rows = await db
    .select({ message: messages, gift: gifts })
    .from(messages)
    .leftJoin(gifts, eq(gifts.id, messages.gift_id))
    .where(eq(messages.conversation_id, conversationId))
    .orderBy(desc(messages.id))
    .limit(limit + 1);
  return { messages: rows.slice(0, limit).reverse(), truncated: rows.length > limit };
}
