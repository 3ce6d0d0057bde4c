/** The back-office dashboard's daily rollup of chat messages (issue: back office II; docs/benchmarks.md). */
import { date, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { sites } from './sites.js';

/**
 * Messages sent per site and UTC day by kind, filled by the `dashboard_rollup` job for days that
 * are over (a year of messages is millions of rows: counting them live cannot answer in a second).
 * A (site, day) without messages has no row; `dashboardRolledDays` says which days are done.
 */
export const dashboardMessageDays = pgTable(
  'dashboard_message_days',
  {
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The UTC day. */
    day: date('day', { mode: 'string' }).notNull(),
    /** Sent by a real member to a real member. */
    member_to_member: integer('member_to_member').notNull().default(0),
    /** Sent by a real member to a fictional profile. */
    member_to_fictional: integer('member_to_fictional').notNull().default(0),
    /** Sent by a fictional profile, written by an operator (messages.staff_id). */
    operator_answers: integer('operator_answers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.site_id, t.day] })],
);

/** UTC days whose messages are in `dashboardMessageDays` (every site); other days are counted live. */
export const dashboardRolledDays = pgTable('dashboard_rolled_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  rolled_at: timestamp('rolled_at', { withTimezone: true }).notNull(),
});
