import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { staff, staffRecoveryCodes, staffSessions } from '../schema.js';

export type StaffRow = typeof staff.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;

/** The staff account of `email` (any case), or null. */
export async function findStaffByEmail(db: Db, email: string): Promise<StaffRow | null> {
  const [row] = await db
    .select()
    .from(staff)
    .where(eq(sql`lower(${staff.email})`, email.trim().toLowerCase()));
  return row ?? null;
}

/** The staff account `id`, or null. */
export async function findStaffById(db: Db, id: number): Promise<StaffRow | null> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  return row ?? null;
}

/** Every staff account, by e-mail. */
export async function listStaff(db: Db): Promise<StaffRow[]> {
  return db.select().from(staff).orderBy(asc(staff.email));
}

/** Inserts a staff account; returns the row. */
export async function insertStaff(db: Db, row: typeof staff.$inferInsert): Promise<StaffRow> {
  const [inserted] = await db.insert(staff).values(row).returning();
  if (!inserted) throw new Error('staff insert returned nothing');
  return inserted;
}

/** Updates a staff account; returns the new row, or null when it does not exist. */
export async function updateStaff(
  db: Db,
  id: number,
  values: Partial<typeof staff.$inferInsert>,
): Promise<StaffRow | null> {
  const [row] = await db
    .update(staff)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(staff.id, id))
    .returning();
  return row ?? null;
}

/** Counts a failed login; from `lockAfter` failures on, locks until `lockUntil`. */
export async function registerStaffFailure(db: Db, id: number, lockAfter: number, lockUntil: Date): Promise<void> {
  await db
    .update(staff)
    .set({
      failed_logins: sql`${staff.failed_logins} + 1`,
      locked_until: sql`case when ${staff.failed_logins} + 1 >= ${lockAfter} then ${lockUntil.toISOString()}::timestamptz else ${staff.locked_until} end`,
    })
    .where(eq(staff.id, id));
}

/** Clears the failure count after a full login. */
export async function clearStaffFailures(db: Db, id: number): Promise<void> {
  await db.update(staff).set({ failed_logins: 0, locked_until: null }).where(eq(staff.id, id));
}

/**
 * Accepts TOTP time step `step` for the account once: true when it is later than the last accepted
 * one (a conditional UPDATE, so a code replayed in parallel is accepted once).
 */
export async function claimTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ totp_last_step: step })
    .where(and(eq(staff.id, id), sql`(${staff.totp_last_step} is null or ${staff.totp_last_step} < ${step})`))
    .returning({ id: staff.id });
  return rows.length === 1;
}

/** Stores a staff session (token already hashed). */
export async function insertStaffSession(db: Db, row: typeof staffSessions.$inferInsert): Promise<void> {
  await db.insert(staffSessions).values(row);
}

/** The live session of `tokenHash` with its account; null when missing or expired. */
export async function findStaffSession(
  db: Db,
  tokenHash: string,
): Promise<{ session: StaffSessionRow; staff: StaffRow } | null> {
  const [row] = await db
    .select({ session: staffSessions, staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staff_id))
    .where(and(eq(staffSessions.token_hash, tokenHash), gt(staffSessions.expires_at, sql`now()`)));
  return row ?? null;
}

/** Ends one session. */
export async function deleteStaffSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.token_hash, tokenHash));
}

/** Ends every session of an account (role or site change, disabling, second-factor reset). */
export async function deleteStaffSessions(db: Db, staffId: number): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staff_id, staffId));
}

/** Replaces the account's recovery codes by these hashes. */
export async function replaceRecoveryCodes(db: Db, staffId: number, hashes: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staff_id, staffId));
    if (hashes.length > 0) {
      await tx.insert(staffRecoveryCodes).values(hashes.map((code_hash) => ({ staff_id: staffId, code_hash })));
    }
  });
}

/** Uses an unused recovery code once (conditional UPDATE); true when it was valid and unused. */
export async function useRecoveryCode(db: Db, staffId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(staffRecoveryCodes.staff_id, staffId),
        eq(staffRecoveryCodes.code_hash, codeHash),
        isNull(staffRecoveryCodes.used_at),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length === 1;
}

/** How many unused recovery codes the account has left. */
export async function countUnusedRecoveryCodes(db: Db, staffId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staff_id, staffId), isNull(staffRecoveryCodes.used_at)));
  return row?.n ?? 0;
}
