/** Member sanctions and what they change on the account (issue: back office I, moderation). */
import { and, desc, eq, gt, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import type { Db } from '../client.js';
import { memberSanctions, profiles, sessions, staff, staffNotes, users } from '../schema.js';
import type { DbOrTx } from './photos.js';
import type { ProfileRow } from './profiles.js';
import type { UserRow } from './users.js';

export type SanctionRow = typeof memberSanctions.$inferSelect;
export type SanctionInsert = typeof memberSanctions.$inferInsert;
/** A sanction with the e-mail of the staff account that took it (null for the command line or a removed account). */
export type SanctionWithStaff = { sanction: SanctionRow; staffEmail: string | null };
export type StaffNoteRow = typeof staffNotes.$inferSelect;

/** The profile status a hidden profile has: shown to nobody but its owner (PROFILE_STATUSES `blocked`). */
export const HIDDEN_PROFILE_STATUS = 'blocked';

/** A member's account with its own profile (null when it has none), or null. */
export async function findMemberWithProfile(
  db: DbOrTx,
  userId: number,
): Promise<{ user: UserRow; profile: ProfileRow | null } | null> {
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.user_id, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Stores a sanction. */
export async function insertSanction(tx: DbOrTx, values: SanctionInsert): Promise<SanctionRow> {
  const [row] = await tx.insert(memberSanctions).values(values).returning();
  if (!row) throw new Error('sanction insert returned nothing');
  return row;
}

/** A sanction by id with its staff e-mail, or null. */
export async function findSanction(db: DbOrTx, id: number): Promise<SanctionWithStaff | null> {
  const [row] = await db
    .select({ sanction: memberSanctions, staffEmail: staff.email })
    .from(memberSanctions)
    .leftJoin(staff, eq(staff.id, memberSanctions.staff_id))
    .where(eq(memberSanctions.id, id));
  return row ?? null;
}

/** A member's sanctions, newest first. */
export async function listMemberSanctions(db: Db, userId: number, limit = 100): Promise<SanctionWithStaff[]> {
  return db
    .select({ sanction: memberSanctions, staffEmail: staff.email })
    .from(memberSanctions)
    .leftJoin(staff, eq(staff.id, memberSanctions.staff_id))
    .where(eq(memberSanctions.user_id, userId))
    .orderBy(desc(memberSanctions.created_at), desc(memberSanctions.id))
    .limit(limit);
}

/** Marks a sanction revoked unless it was already; returns the row after, or null when it was revoked before. */
export async function markSanctionRevoked(
  tx: DbOrTx,
  id: number,
  by: number | null,
  at: Date,
): Promise<SanctionRow | null> {
  const [row] = await tx
    .update(memberSanctions)
    .set({ revoked_at: at, revoked_by: by })
    .where(and(eq(memberSanctions.id, id), isNull(memberSanctions.revoked_at)))
    .returning();
  return row ?? null;
}

/**
 * Whether another unrevoked sanction of `kind` still holds for the member (a suspension only while
 * its end is after `now`), so revoking one of two leaves the state the other set.
 */
export async function hasOtherActiveSanction(
  db: DbOrTx,
  userId: number,
  kind: string,
  exceptId: number,
  now: Date,
): Promise<boolean> {
  const conditions = [
    eq(memberSanctions.user_id, userId),
    eq(memberSanctions.kind, kind),
    ne(memberSanctions.id, exceptId),
    isNull(memberSanctions.revoked_at),
  ];
  if (kind === 'suspend') conditions.push(gt(memberSanctions.until, now));
  const [row] = await db
    .select({ id: memberSanctions.id })
    .from(memberSanctions)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

/** Sets the account status (ban: `banned`); only while it is `from` when given. True when it changed. */
export async function setAccountStatus(tx: DbOrTx, userId: number, to: string, from?: string): Promise<boolean> {
  const where = from ? and(eq(users.id, userId), eq(users.status, from)) : eq(users.id, userId);
  const rows = await tx.update(users).set({ status: to }).where(where).returning({ id: users.id });
  return rows.length > 0;
}

/** Sets or clears the end of a member's suspension. */
export async function setSuspendedUntil(tx: DbOrTx, userId: number, until: Date | null): Promise<void> {
  await tx.update(users).set({ suspended_until: until }).where(eq(users.id, userId));
}

/**
 * Clears a suspension that ended by `now` (the login of a member whose suspension is over), so no
 * later check reads a past end as a present one.
 */
export async function clearEndedSuspension(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ suspended_until: null })
    .where(and(eq(users.id, userId), isNotNull(users.suspended_until), lte(users.suspended_until, now)));
}

/** Sets the status of a member's own profile; only while it is `from` when given. */
export async function setMemberProfileStatus(tx: DbOrTx, userId: number, to: string, from?: string): Promise<void> {
  const where = from ? and(eq(profiles.user_id, userId), eq(profiles.status, from)) : eq(profiles.user_id, userId);
  await tx.update(profiles).set({ status: to }).where(where);
}

/** Ends every session of a member (inside the sanction's transaction). */
export async function deleteMemberSessions(tx: DbOrTx, userId: number): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.user_id, userId));
}

/** Staff notes on a member, newest first. */
export async function listStaffNotes(db: Db, userId: number, limit = 100): Promise<StaffNoteRow[]> {
  return db
    .select()
    .from(staffNotes)
    .where(eq(staffNotes.user_id, userId))
    .orderBy(desc(staffNotes.created_at), desc(staffNotes.id))
    .limit(limit);
}
