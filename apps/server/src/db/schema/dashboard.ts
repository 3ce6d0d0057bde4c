/** The back-office dashboard's daily rollup of chat messages (issue: back office II; docs/benchmarks.md). */
import { date, doublePrecision, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
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
    /** Operator answers with a wait (messages.waited_seconds not null). */
    timed_answers: integer('timed_answers').notNull().default(0),
    /** percentile_cont(0.5) of the site's waits of the day, seconds; null without timed answers. */
    median_seconds: doublePrecision('median_seconds'),
    /** percentile_cont(0.95) of the site's waits of the day, seconds; null without timed answers. */
    p95_seconds: doublePrecision('p95_seconds'),
  },
  (t) => [primaryKey({ columns: [t.site_id, t.day] })],
);

/**
 * How long members waited for operators' answers, per site and UTC day, as a histogram of whole
 * seconds (messages.waited_seconds is an integer, so percentiles of any group of days and sites
 * are exact from it). Filled with dashboardMessageDays; a value nobody waited has no row. A year
 * of it is nearly as many rows as answers, so a percentile reads it only within the minute that
 * dashboardWaitMinutes points to (dashboard_wait_days_wait_idx).
 */
export const dashboardWaitDays = pgTable(
  'dashboard_wait_days',
  {
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The UTC day. */
    day: date('day', { mode: 'string' }).notNull(),
    /** The wait, seconds. */
    waited_seconds: integer('waited_seconds').notNull(),
    /** Answers of the site and day after exactly this wait. */
    answers: integer('answers').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.site_id, t.day, t.waited_seconds] }),
    index('dashboard_wait_days_wait_idx').on(t.site_id, t.waited_seconds, t.day, t.answers),
  ],
);

/**
 * The same histogram in whole minutes (waited_minutes = floor(waited_seconds / 60)): small enough
 * to sum over a year, it says in which minute the answer of a rank lies; dashboardWaitDays then
 * gives its exact second.
 */
export const dashboardWaitMinutes = pgTable(
  'dashboard_wait_minutes',
  {
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The UTC day. */
    day: date('day', { mode: 'string' }).notNull(),
    /** The wait, whole minutes (rounded down). */
    waited_minutes: integer('waited_minutes').notNull(),
    /** Answers of the site and day after a wait within this minute. */
    answers: integer('answers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.site_id, t.day, t.waited_minutes] })],
);

/**
 * UTC days whose messages are in `dashboardMessageDays` (every site); other days are counted live.
 * The wait figures are those of every site together, for the daily series of the whole deployment.
 */
export const dashboardRolledDays = pgTable('dashboard_rolled_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  rolled_at: timestamp('rolled_at', { withTimezone: true }).notNull(),
  /** Operator answers with a wait on the day, all sites. */
  timed_answers: integer('timed_answers').notNull().default(0),
  /** percentile_cont(0.5) of the day's waits of all sites, seconds; null without timed answers. */
  median_seconds: doublePrecision('median_seconds'),
  /** percentile_cont(0.95) of the day's waits of all sites, seconds; null without timed answers. */
  p95_seconds: doublePrecision('p95_seconds'),
});
