import { and, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { profiles, users } from '../schema.js';

export type UserRow = typeof users.$inferSelect;
type UserInsert = typeof users.$inferInsert;
type ProfileInsert = typeof profiles.$inferInsert;

/** The account with this email on this site (case-insensitive), or null. */
export async function findUserByEmail(db: Db, siteId: number, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.site_id, siteId), sql`lower(${users.email}) = lower(${email})`));
  return row ?? null;
}

/** The account with this id, or null. */
export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Saves the interface language of a member. */
export async function updateUserLanguage(db: Db, id: number, language: string): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, id));
}

/** Stores a new account and its own profile (call inside a transaction). */
export async function insertAccount(
  db: Db,
  user: UserInsert,
  profile: Omit<ProfileInsert, 'user_id' | 'site_id'>,
): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  await db.insert(profiles).values({ ...profile, site_id: user.site_id, user_id: row!.id });
  return row!;
}

/** Sets the status of a member's own profile, only when it currently has one of `from`. */
export async function setOwnProfileStatus(db: Db, userId: number, to: string, from: string[]): Promise<void> {
  await db
    .update(profiles)
    .set({ status: to })
    .where(and(eq(profiles.user_id, userId), inArray(profiles.status, from)));
}

/** Marks a not_confirmed account confirmed at `now`; returns false when it was not not_confirmed. */
export async function confirmUser(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ status: 'confirmed', confirmed_at: now })
    .where(and(eq(users.id, id), eq(users.status, 'not_confirmed')))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Counts one failed login. In one UPDATE: the fifth consecutive failure locks the account until
 * `lockUntil` and starts the count again. Returns the lock end when this failure set it, else null.
 */
export async function recordLoginFailure(
  db: Db,
  id: number,
  maxFailures: number,
  lockUntil: Date,
): Promise<Date | null> {
  const [row] = await db
    .update(users)
    .set({
      failed_logins: sql`case when ${users.failed_logins} + 1 >= ${maxFailures} then 0 else ${users.failed_logins} + 1 end`,
      locked_until: sql`case when ${users.failed_logins} + 1 >= ${maxFailures} then ${lockUntil.toISOString()}::timestamptz else ${users.locked_until} end`,
    })
    .where(eq(users.id, id))
    .returning({ locked_until: users.locked_until });
  const locked = row?.locked_until;
  return locked && locked.getTime() === lockUntil.getTime() ? locked : null;
}

/** Clears the failure count and any lock (after a successful login or a new password). */
export async function clearLoginFailures(db: Db, id: number): Promise<void> {
  await db.update(users).set({ failed_logins: 0, locked_until: null }).where(eq(users.id, id));
}

/** Stores a new password hash at `now` and clears any login lock. */
export async function setPasswordHash(db: Db, id: number, passwordHash: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ password_hash: passwordHash, password_changed_at: now, failed_logins: 0, locked_until: null })
    .where(eq(users.id, id));
}

/** Whether another account of the site uses `email` (case-insensitive). */
export async function isEmailTaken(db: Db, siteId: number, email: string, exceptUserId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.site_id, siteId), sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptUserId)));
  return rows.length > 0;
}

/** Changes the email of an account. */
export async function setEmail(db: Db, id: number, email: string): Promise<void> {
  await db.update(users).set({ email }).where(eq(users.id, id));
}

/**
 * Marks an account as pending deletion since `now` (SPEC.md 4, account deletion) with one
 * conditional UPDATE: only an account that is not already pending deletion, banned (reactivation
 * would lift the ban) or erased. Returns whether it moved, so of two deletions at once one wins. A
 * confirmed account without confirmed_at (made before activation existed) gets `now`, so
 * reactivation, which reads confirmed_at, restores it as confirmed.
 */
export async function markPendingDeletion(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      status: 'pending_deletion',
      deletion_requested_at: now,
      confirmed_at: sql`coalesce(${users.confirmed_at}, case when ${users.status} = 'confirmed' then ${now.toISOString()}::timestamptz end)`,
    })
    .where(
      and(
        eq(users.id, id),
        sql`${users.status} not in ('pending_deletion', 'banned')`,
        sql`${users.erased_at} is null`,
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Ends the pending deletion: back to `status`; returns false when the account was not pending deletion. */
export async function restoreAccount(db: Db, id: number, status: 'confirmed' | 'not_confirmed'): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ status, deletion_requested_at: null })
    .where(and(eq(users.id, id), eq(users.status, 'pending_deletion'), isNull(users.erased_at)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Accounts pending deletion since before `before` and not erased yet. */
export async function findAccountsToErase(db: Db, before: Date, limit: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.status, 'pending_deletion'), lt(users.deletion_requested_at, before), isNull(users.erased_at)))
    .limit(limit);
}

/** Replaces the personal data of an account; the row stays for the credit ledger (payments law). */
export async function anonymiseUser(db: Db, id: number, randomHash: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      email: `erased-${id}@invalid`,
      password_hash: randomHash,
      tracking: null,
      signup_message: null,
      signup_profile_id: null,
      last_active_at: null,
      notifications_disabled: [],
      erased_at: now,
    })
    .where(eq(users.id, id));
}

/** Deletes the own profile of a member; its photo rows go with it (cascade). */
export async function deleteOwnProfile(db: Db, userId: number): Promise<void> {
  await db.delete(profiles).where(eq(profiles.user_id, userId));
}
