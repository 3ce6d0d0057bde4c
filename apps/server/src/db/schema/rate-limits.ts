/** Request counters of the per-route rate limits, shared by every instance (docs/decisions/015-production.md). */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per limited key (route and client: address or member) and fixed time window: the requests
 * counted in it. Rows are only ever inserted or incremented, in one statement
 * (`INSERT ... ON CONFLICT DO UPDATE SET count = count + 1`); the hourly `purge_rate_limits` job
 * deletes the windows that ended.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    /** `<METHOD> <route url> <client key>`, e.g. `POST /api/admin/login.php 203.0.113.7`. */
    key: text('key').notNull(),
    /** Start of the window: a multiple of its length since 1970 (UTC). */
    window_start: timestamp('window_start', { withTimezone: true }).notNull(),
    /** Requests counted in the window so far. */
    count: integer('count').notNull().default(1),
    /** End of the window; the row is useless afterwards. */
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.window_start] }), index('rate_limit_hits_expires_idx').on(t.expires_at)],
);
