import { lt, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { rateLimitHits } from '../schema.js';

/**
 * Counts one request of `key` in the window that starts at `windowStart` and ends at `expiresAt`,
 * in one atomic statement (`INSERT ... ON CONFLICT DO UPDATE SET count = count + 1 RETURNING count`),
 * so requests counted at once on several instances each get their own number. Returns the count
 * including this request.
 */
export async function countRateLimitHit(db: Db, key: string, windowStart: Date, expiresAt: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, window_start: windowStart, count: 1, expires_at: expiresAt })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.window_start],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    .returning({ count: rateLimitHits.count });
  if (!row) throw new Error('rate limit upsert returned nothing');
  return row.count;
}

/** Deletes the windows that ended before `now`; returns how many rows went. */
export async function deleteExpiredRateLimitHits(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.expires_at, now))
    .returning({ key: rateLimitHits.key });
  return rows.length;
}
