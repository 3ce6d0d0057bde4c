/** Members' reports on profiles and messages, and the evidence copied into them (issue: back office I). */
import { and, asc, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client.js';
import { messages, profiles, type ReportEvidenceMessage, reports, staff } from '../schema.js';
import type { DbOrTx } from './photos.js';

export type ReportRow = typeof reports.$inferSelect;
export type ReportInsert = typeof reports.$inferInsert;

/**
 * A message copied into a report. `reported` marks the ones the reporter picked (the rest is the
 * conversation's context); older rows lack it.
 */
export type StoredEvidence = ReportEvidenceMessage;

/** A profile as a report names it: null fields when the reporter's account and profile are gone. */
export interface ReportParty {
  profileId: number | null;
  userId: number | null;
  name: string | null;
  fictional: boolean;
  /** The profile's status (null for a reporter whose profile is gone). */
  profileStatus: string | null;
}

/** A report with both parties. */
export interface ReportWithParties {
  report: ReportRow;
  reported: ReportParty;
  reporter: ReportParty;
  handledBy: string | null;
}

const reporterProfile = alias(profiles, 'reporter_profile');

const partyColumns = {
  report: reports,
  reportedProfileId: profiles.id,
  reportedUserId: profiles.user_id,
  reportedName: profiles.name,
  reportedFictional: profiles.is_fictional,
  reportedStatus: profiles.status,
  reporterProfileId: reporterProfile.id,
  reporterName: reporterProfile.name,
  reporterStatus: reporterProfile.status,
  handledBy: staff.email,
};

type PartyRow = {
  report: ReportRow;
  reportedProfileId: number;
  reportedUserId: number | null;
  reportedName: string;
  reportedFictional: boolean;
  reportedStatus: string;
  reporterProfileId: number | null;
  reporterName: string | null;
  reporterStatus: string | null;
  handledBy: string | null;
};

function toParties(row: PartyRow): ReportWithParties {
  return {
    report: row.report,
    reported: {
      profileId: row.reportedProfileId,
      userId: row.reportedUserId,
      name: row.reportedName,
      fictional: row.reportedFictional,
      profileStatus: row.reportedStatus,
    },
    reporter: {
      profileId: row.reporterProfileId,
      userId: row.report.reporter_user_id,
      name: row.reporterName,
      fictional: false,
      profileStatus: row.reporterStatus,
    },
    handledBy: row.handledBy,
  };
}

function selectWithParties(db: DbOrTx) {
  return db
    .select(partyColumns)
    .from(reports)
    .innerJoin(profiles, eq(profiles.id, reports.reported_profile_id))
    .leftJoin(reporterProfile, eq(reporterProfile.user_id, reports.reporter_user_id))
    .leftJoin(staff, eq(staff.id, reports.handled_by));
}

/** Stores a member's report. */
export async function insertReport(db: DbOrTx, values: ReportInsert): Promise<ReportRow> {
  const [row] = await db.insert(reports).values(values).returning();
  if (!row) throw new Error('report insert returned nothing');
  return row;
}

/** A report by id with its parties, or null. */
export async function findReport(db: DbOrTx, id: number): Promise<ReportWithParties | null> {
  const [row] = await selectWithParties(db).where(eq(reports.id, id));
  return row ? toParties(row) : null;
}

/**
 * One page of the report queue of `siteIds` (`'all'`: every site): open reports oldest first (the
 * longest waiting on top), handled ones newest handled first; `more` when a next page exists.
 */
export async function listReports(
  db: Db,
  q: { siteIds: readonly number[] | 'all'; status: string; limit: number; offset: number },
): Promise<{ rows: ReportWithParties[]; more: boolean }> {
  const where: SQL[] = [eq(reports.status, q.status)];
  if (q.siteIds !== 'all') {
    if (q.siteIds.length === 0) return { rows: [], more: false };
    where.push(inArray(reports.site_id, [...q.siteIds]));
  }
  const order =
    q.status === 'open'
      ? [asc(reports.created_at), asc(reports.id)]
      : [desc(sql`coalesce(${reports.handled_at}, ${reports.created_at})`), desc(reports.id)];
  const rows = await selectWithParties(db)
    .where(and(...where))
    .orderBy(...order)
    .limit(q.limit + 1)
    .offset(q.offset);
  return { rows: rows.slice(0, q.limit).map(toParties), more: rows.length > q.limit };
}

/** Other reports against the same profile, newest first. */
export async function listReportsAgainst(
  db: Db,
  profileId: number,
  exceptId: number,
  limit = 50,
): Promise<ReportWithParties[]> {
  const rows = await selectWithParties(db)
    .where(and(eq(reports.reported_profile_id, profileId), ne(reports.id, exceptId)))
    .orderBy(desc(reports.created_at), desc(reports.id))
    .limit(limit);
  return rows.map(toParties);
}

/** Marks an open report handled with `outcome`; false when it was handled already (another staff member won). */
export async function markReportHandled(
  tx: DbOrTx,
  id: number,
  change: { outcome: string; staffId: number | null; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(reports)
    .set({ status: 'handled', outcome: change.outcome, handled_by: change.staffId, handled_at: change.at })
    .where(and(eq(reports.id, id), eq(reports.status, 'open')))
    .returning({ id: reports.id });
  return rows.length > 0;
}

/** A message as evidence copies it. */
function evidenceOf(row: typeof messages.$inferSelect): ReportEvidenceMessage {
  return {
    id: row.id,
    sender_profile_id: row.sender_profile_id,
    kind: row.kind,
    body: row.body,
    created_at: row.created_at.toISOString(),
  };
}

/** Messages of `conversationId` with these ids sent by `senderProfileId` (others are left out), oldest first. */
export async function findMessagesBy(
  db: Db,
  conversationId: number,
  senderProfileId: number,
  ids: readonly number[],
): Promise<ReportEvidenceMessage[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversation_id, conversationId),
        eq(messages.sender_profile_id, senderProfileId),
        inArray(messages.id, [...ids]),
        // A held message was never delivered: the reporter cannot have seen it.
        isNull(messages.held_at),
      ),
    )
    .orderBy(asc(messages.id));
  return rows.map(evidenceOf);
}

/** Whether one of the messages `ids` carries a signal of `kind` (messages.signals; issue: safer conversations). */
export async function anyMessageHasSignal(db: Db, ids: readonly number[], kind: string): Promise<boolean> {
  if (ids.length === 0) return false;
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(inArray(messages.id, [...ids]), sql`${messages.signals} @> ${JSON.stringify([{ kind }])}::jsonb`))
    .limit(1);
  return row !== undefined;
}

/** The newest `limit` messages of a conversation, oldest first. */
export async function lastConversationMessages(
  db: Db,
  conversationId: number,
  limit: number,
): Promise<ReportEvidenceMessage[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.conversation_id, conversationId))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.reverse().map(evidenceOf);
}
