import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { users } from '../schema.js';

export type UserRow = typeof users.$inferSelect;

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
