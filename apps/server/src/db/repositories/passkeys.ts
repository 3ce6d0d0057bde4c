import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { passkeys, staffRoleSettings, users, webauthnChallenges } from '../schema.js';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengeRow = typeof webauthnChallenges.$inferSelect;

/** What a ceremony's challenge is for. */
export type ChallengePurpose = 'member_register' | 'member_login' | 'staff_register' | 'staff_login';

/** Stores a new challenge (issue: passkeys) and drops the expired ones of every ceremony. */
export async function insertChallenge(db: Db, row: typeof webauthnChallenges.$inferInsert, now: Date): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expires_at, now));
  await db.insert(webauthnChallenges).values(row);
}

/**
 * Takes a live challenge of `purpose` once: deletes and answers it, or null when it is unknown, used,
 * expired or of another purpose. The caller checks its site, member or staff account.
 */
export async function takeChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  now: Date,
): Promise<ChallengeRow | null> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expires_at, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** Stores a new passkey. */
export async function insertPasskey(db: Db, row: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
  const [created] = await db.insert(passkeys).values(row).returning();
  return created as PasskeyRow;
}

/** A passkey by its credential id (base64url), of any owner; null when unknown. */
export async function findPasskeyByCredential(db: Db, credentialId: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credential_id, credentialId)).limit(1);
  return row ?? null;
}

/** A member's passkeys on their site, oldest first. */
export async function listMemberPasskeys(db: Db, siteId: number, userId: number): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.site_id, siteId), eq(passkeys.user_id, userId)))
    .orderBy(asc(passkeys.id));
}

/** A staff account's passkeys, oldest first. */
export async function listStaffPasskeys(db: Db, staffId: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.staff_id, staffId)).orderBy(asc(passkeys.id));
}

/** Deletes a member's passkey by id; false when no passkey of theirs on that site has it. */
export async function deleteMemberPasskey(db: Db, siteId: number, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.site_id, siteId), eq(passkeys.user_id, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/** Deletes a staff account's passkey by id (or all of them without `id`); answers the deleted rows. */
export async function deleteStaffPasskeys(db: Db, staffId: number, id?: number): Promise<PasskeyRow[]> {
  const where =
    id === undefined ? eq(passkeys.staff_id, staffId) : and(eq(passkeys.staff_id, staffId), eq(passkeys.id, id));
  return db.delete(passkeys).where(where).returning();
}

/** Deletes every passkey of a member (account erasure). */
export async function deleteUserPasskeys(db: Db, userId: number): Promise<void> {
  await db.delete(passkeys).where(eq(passkeys.user_id, userId));
}

/**
 * Records a use: the new counter and last_used_at, only while the stored counter is still `seen`
 * (two logins with one signature cannot both move it); false when another use moved it first.
 */
export async function recordPasskeyUse(db: Db, id: number, seen: number, counter: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter, last_used_at: now })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, seen)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/** Whether a member has at least one passkey. */
export async function memberHasPasskey(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.user_id, userId)).limit(1);
  return row !== undefined;
}

/** Remembers that the member dismissed the passkey offer (once is enough). */
export async function dismissPasskeyOffer(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ passkey_offer_dismissed_at: now })
    .where(and(eq(users.id, userId), sql`${users.passkey_offer_dismissed_at} is null`));
}

/** The roles whose accounts must use a passkey as second factor. */
export async function listPasskeyRoles(db: Db): Promise<string[]> {
  const rows = await db
    .select({ role: staffRoleSettings.role })
    .from(staffRoleSettings)
    .where(eq(staffRoleSettings.require_passkey, true));
  return rows.map((r) => r.role);
}

/** Whether `role` must use a passkey as second factor. */
export async function roleRequiresPasskey(db: Db, role: string): Promise<boolean> {
  const [row] = await db
    .select({ required: staffRoleSettings.require_passkey })
    .from(staffRoleSettings)
    .where(eq(staffRoleSettings.role, role))
    .limit(1);
  return row?.required ?? false;
}

/** Sets whether `role` must use a passkey; answers the value before. */
export async function setRoleRequiresPasskey(db: Db, role: string, required: boolean, now: Date): Promise<boolean> {
  const before = await roleRequiresPasskey(db, role);
  await db
    .insert(staffRoleSettings)
    .values({ role, require_passkey: required, updated_at: now })
    .onConflictDoUpdate({ target: staffRoleSettings.role, set: { require_passkey: required, updated_at: now } });
  return before;
}
