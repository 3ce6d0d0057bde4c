import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../client.js';
import { loginAttempts } from '../schema.js';

/** Records one login attempt; `created_at` is the service clock's `now`. */
export async function insertLoginAttempt(
  db: Db,
  row: { site_id: number; ip: string; user_id: number | null; succeeded: boolean; created_at: Date },
): Promise<void> {
  await db.insert(loginAttempts).values(row);
}

/** Failed login attempts from `ip` since `since`, over all sites. */
export async function countFailedAttemptsFromIp(db: Db, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.succeeded, false), gte(loginAttempts.created_at, since)));
  return row?.n ?? 0;
}

/** Removes the attempts of a user (erasure: they hold IP addresses). */
export async function deleteUserLoginAttempts(db: Db, userId: number): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.user_id, userId));
}
