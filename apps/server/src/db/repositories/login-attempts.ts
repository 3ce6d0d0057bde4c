import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { loginAttempts } from '../schema.js';

/** Records one login attempt; `created_at` is the service clock's `now`, `login_key` the hashed login name. */
export async function insertLoginAttempt(
  db: Db,
  row: {
    site_id: number;
    ip: string;
    login_key: string;
    user_id: number | null;
    succeeded: boolean;
    created_at: Date;
  },
): Promise<void> {
  await db.insert(loginAttempts).values(row);
}

/**
 * Failed login attempts from `ip` since `since`, over all sites: `total`, and `forLogin` for the
 * hashed login name `loginKey`. One query, served by login_attempts_ip_idx.
 */
export async function countFailedAttemptsFromIp(
  db: Db,
  ip: string,
  loginKey: string,
  since: Date,
): Promise<{ total: number; forLogin: number }> {
  const [row] = await db
    .select({
      total: count(),
      forLogin: sql<number>`count(*) filter (where ${loginAttempts.login_key} = ${loginKey})::int`,
    })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.succeeded, false), gte(loginAttempts.created_at, since)));
  return { total: row?.total ?? 0, forLogin: row?.forLogin ?? 0 };
}

/** Removes the attempts of a user (erasure: they hold IP addresses). */
export async function deleteUserLoginAttempts(db: Db, userId: number): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.user_id, userId));
}
