/**
 * The back-office dashboard's SQL aggregates (issue: back office II). Every figure is counted per
 * site and UTC day (`day` is YYYY-MM-DD) over a half-open time range [from, to); callers sum the
 * rows into per-site totals, the grand total and the daily series. Indexes: users_site_signup_idx,
 * users_site_confirmed_idx, payments_site_paid_idx, payments_user_paid_idx, messages_created_brin,
 * messages_answer_wait_idx (migration 0015_dashboard.sql). Operators' answer waits come from the
 * rollup's histograms (dashboard_wait_minutes, dashboard_wait_days), so their percentiles stay exact without sorting a year of messages.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';

/** Whole UTC days: `from` the first, `to` the last (YYYY-MM-DD, inclusive). */
export interface DayRange {
  from: string;
  to: string;
}

/** The first instant of a range (midnight UTC of its first day). */
function start(range: DayRange): SQL {
  return sql`${`${range.from}T00:00:00Z`}::timestamptz`;
}

/** The end of a range: midnight UTC after its last day (excluded). */
function end(range: DayRange): SQL {
  return sql`(${range.to}::date + 1)::timestamp at time zone 'UTC'`;
}

/** A count of one site on one UTC day. */
export interface SiteDayCount {
  site_id: number;
  day: string;
  n: number;
}

/** Paid payments of one site, day and currency (amounts in cents). */
export interface SiteDayRevenue {
  site_id: number;
  day: string;
  currency: string;
  payments: number;
  gross_cents: number;
  refunded_cents: number;
}

/** Messages of one site and day by kind (see MESSAGE_KIND_COUNTS). */
export interface SiteDayMessages {
  site_id: number;
  day: string;
  member_to_member: number;
  member_to_fictional: number;
  operator_answers: number;
}

/** Operators' answer waits of a group: a site (`site_id`), a day (`day`), or the whole scope (both null). */
export interface WaitPercentiles {
  site_id: number | null;
  day: string | null;
  answers: number;
  median_seconds: number | null;
  p95_seconds: number | null;
}

/** A count per site (a figure of now, not of a period). */
export interface SiteCount {
  site_id: number;
  n: number;
}

/** `in (…)` of site ids; never called with an empty list. */
function sitesIn(column: SQL, siteIds: readonly number[]): SQL {
  return sql`${column} in (${sql.join(
    siteIds.map((id) => sql`${id}::int`),
    sql`, `,
  )})`;
}

/** The UTC day of a timestamptz column (a date: grouped by, it is cheaper than its text). */
function utcDate(column: SQL): SQL {
  return sql`(${column} at time zone 'UTC')::date`;
}

/** A date as YYYY-MM-DD, formatted once per group rather than once per row. */
function dayText(date: SQL): SQL {
  return sql`to_char(${date}, 'YYYY-MM-DD')`;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** Members who signed up (users.signup_date), per site and day. */
export function signupsPerDay(db: Db, siteIds: readonly number[], range: DayRange): Promise<SiteDayCount[]> {
  return rows(
    db,
    sql`select site_id, ${dayText(utcDate(sql`signup_date`))} as day, count(*)::int as n from users
      where ${sitesIn(sql`site_id`, siteIds)} and signup_date >= ${start(range)} and signup_date < ${end(range)}
      group by site_id, ${utcDate(sql`signup_date`)}`,
  );
}

/** Members who confirmed their e-mail address (users.confirmed_at: the activation), per site and day. */
export function activationsPerDay(db: Db, siteIds: readonly number[], range: DayRange): Promise<SiteDayCount[]> {
  return rows(
    db,
    sql`select site_id, ${dayText(utcDate(sql`confirmed_at`))} as day, count(*)::int as n from users
      where ${sitesIn(sql`site_id`, siteIds)} and confirmed_at >= ${start(range)} and confirmed_at < ${end(range)}
      group by site_id, ${utcDate(sql`confirmed_at`)}`,
  );
}

/**
 * First purchases: paid payments with no earlier paid payment of the same member (by paid_at, then
 * id), per site and day of paying. SPEC.md 1: the first purchase makes a member premium.
 */
export function firstPurchasesPerDay(db: Db, siteIds: readonly number[], range: DayRange): Promise<SiteDayCount[]> {
  return rows(
    db,
    sql`select p.site_id, ${dayText(utcDate(sql`p.paid_at`))} as day, count(*)::int as n from payments p
      where p.status = 'paid' and ${sitesIn(sql`p.site_id`, siteIds)}
        and p.paid_at >= ${start(range)} and p.paid_at < ${end(range)}
        and not exists (
          select 1 from payments q
          where q.user_id = p.user_id and q.status = 'paid' and (q.paid_at, q.id) < (p.paid_at, p.id)
        )
      group by p.site_id, ${utcDate(sql`p.paid_at`)}`,
  );
}

/** Paid payments per site, day (of paid_at) and currency: count, amounts and what was refunded of them. */
export function revenuePerDay(db: Db, siteIds: readonly number[], range: DayRange): Promise<SiteDayRevenue[]> {
  return rows(
    db,
    sql`select site_id, ${dayText(utcDate(sql`paid_at`))} as day, currency, count(*)::int as payments,
        sum(amount_cents)::float8 as gross_cents, sum(refunded_cents)::float8 as refunded_cents
      from payments
      where status = 'paid' and ${sitesIn(sql`site_id`, siteIds)} and paid_at >= ${start(range)} and paid_at < ${end(range)}
      group by site_id, ${utcDate(sql`paid_at`)}, currency`,
  );
}

/**
 * Paying members (distinct members with a paid payment) per site and day (`day` set) and per site
 * over the whole range (`day` null): a member paying on two days counts once in the range.
 */
export function payingMembers(
  db: Db,
  siteIds: readonly number[],
  range: DayRange,
): Promise<{ site_id: number; day: string | null; n: number }[]> {
  return rows(
    db,
    sql`select site_id, ${dayText(utcDate(sql`paid_at`))} as day, count(distinct user_id)::int as n from payments
      where status = 'paid' and ${sitesIn(sql`site_id`, siteIds)} and paid_at >= ${start(range)} and paid_at < ${end(range)}
      group by grouping sets ((site_id, ${utcDate(sql`paid_at`)}), (site_id))`,
  );
}

/**
 * The kinds of a message, by its sender and the conversation's other profile: member to member
 * (both real), member to fictional (a real sender, a fictional recipient) and operator answers (a
 * fictional sender, written by staff: messages.staff_id).
 */
const MESSAGE_KIND_COUNTS = sql`
  count(*) filter (where not s.is_fictional and not r.is_fictional)::int as member_to_member,
  count(*) filter (where not s.is_fictional and r.is_fictional)::int as member_to_fictional,
  count(*) filter (where s.is_fictional)::int as operator_answers`;

/** Timed answers and the median and 95th percentile of their waits (seconds; null without any). */
const WAIT_FIGURES = sql`
  count(m.waited_seconds)::int,
  percentile_cont(0.5) within group (order by m.waited_seconds),
  percentile_cont(0.95) within group (order by m.waited_seconds)`;

/** Messages with their site, sender and recipient profiles. */
const MESSAGES_JOINED = sql`messages m
  join conversations c on c.id = m.conversation_id
  join profiles s on s.id = m.sender_profile_id
  join profiles r on r.id = case when c.profile_a = m.sender_profile_id then c.profile_b else c.profile_a end`;

/** Rolled-up message counts of the days of `range` that are rolled up (dashboard_message_days). */
export function rolledMessagesPerDay(db: Db, siteIds: readonly number[], range: DayRange): Promise<SiteDayMessages[]> {
  return rows(
    db,
    sql`select site_id, to_char(day, 'YYYY-MM-DD') as day, member_to_member, member_to_fictional, operator_answers
      from dashboard_message_days
      where ${sitesIn(sql`site_id`, siteIds)} and day >= ${range.from}::date and day <= ${range.to}::date`,
  );
}

/**
 * Messages counted live from `messages` for the days of `range` that are not rolled up yet (today,
 * and any day before the rollup job ran). Starts at the first such day, so the BRIN on created_at
 * reads only the recent part of the table.
 */
export async function liveMessagesPerDay(
  db: Db,
  siteIds: readonly number[],
  range: DayRange,
): Promise<SiteDayMessages[]> {
  const first = await firstLiveDay(db, range);
  if (!first) return [];
  return rows(
    db,
    sql`select c.site_id, ${dayText(utcDate(sql`m.created_at`))} as day, ${MESSAGE_KIND_COUNTS}
      from ${MESSAGES_JOINED}
      where ${sitesIn(sql`c.site_id`, siteIds)} and m.created_at >= ${start({ from: first, to: range.to })} and m.created_at < ${end(range)}
        and not exists (
          select 1 from dashboard_rolled_days d where d.day = (m.created_at at time zone 'UTC')::date
        )
      group by c.site_id, ${utcDate(sql`m.created_at`)}`,
  );
}

/** Answers of a site after a wait of `waited_seconds` (a histogram row), summed over the rolled-up days of a range. */
export interface SiteWaitCount {
  site_id: number;
  waited_seconds: number;
  answers: number;
}

/** Answers of a site on a day after a wait of `waited_seconds` (a histogram row), counted live. */
export interface SiteDayWaitCount extends SiteWaitCount {
  day: string;
}

/** Answers on a day after a wait of `waited_seconds`, summed over sites (a histogram row). */
export interface DayWaitCount {
  day: string;
  waited_seconds: number;
  answers: number;
}

/** Answers of a site after a wait within minute `waited_minutes` (floor(seconds / 60)), over rolled-up days. */
export interface SiteWaitMinuteCount {
  site_id: number;
  waited_minutes: number;
  answers: number;
}

/** A minute of waits of one site, whose answers are to be read by the second (see rolledWaitSeconds). */
export interface SiteMinute {
  site_id: number;
  waited_minutes: number;
}

/**
 * The wait histogram in whole minutes of the rolled-up days of `range`, per site over all those
 * days (dashboard_wait_minutes): where the answers of a percentile's ranks lie.
 */
export function rolledWaitMinutes(db: Db, siteIds: readonly number[], range: DayRange): Promise<SiteWaitMinuteCount[]> {
  return rows(
    db,
    sql`select site_id, waited_minutes, sum(answers)::int as answers from dashboard_wait_minutes
      where ${sitesIn(sql`site_id`, siteIds)} and day >= ${range.from}::date and day <= ${range.to}::date
      group by 1, 2`,
  );
}

/**
 * The wait histogram in whole seconds of the rolled-up days of `range`, per site, within the
 * minutes `minutes` of their sites only (dashboard_wait_days_wait_idx). None for no minutes.
 */
export function rolledWaitSeconds(db: Db, minutes: readonly SiteMinute[], range: DayRange): Promise<SiteWaitCount[]> {
  if (minutes.length === 0) return Promise.resolve([]);
  const within = sql.join(
    minutes.map(
      (m) =>
        sql`(site_id = ${m.site_id}::int and waited_seconds >= ${m.waited_minutes * 60}::int and waited_seconds < ${(m.waited_minutes + 1) * 60}::int)`,
    ),
    sql` or `,
  );
  return rows(
    db,
    sql`select site_id, waited_seconds, sum(answers)::int as answers from dashboard_wait_days
      where (${within}) and day >= ${range.from}::date and day <= ${range.to}::date
      group by 1, 2`,
  );
}

/** The wait histogram of the rolled-up days of `range` per day, summed over `siteIds` (dashboard_wait_days). */
export function rolledWaitsPerDay(db: Db, siteIds: readonly number[], range: DayRange): Promise<DayWaitCount[]> {
  return rows(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, waited_seconds, sum(answers)::int as answers from dashboard_wait_days
      where ${sitesIn(sql`site_id`, siteIds)} and day >= ${range.from}::date and day <= ${range.to}::date
      group by 1, 2`,
  );
}

/**
 * The wait percentiles the rollup stored per rolled-up day of `range` (percentile_cont, seconds):
 * of one site (dashboard_message_days) when `siteIds` is one site, else of every site together
 * (dashboard_rolled_days; the caller makes sure `siteIds` are all sites). Days without timed answers have no row.
 */
export function rolledDailyWaits(db: Db, siteIds: readonly number[], range: DayRange): Promise<WaitPercentiles[]> {
  const days = sql`day >= ${range.from}::date and day <= ${range.to}::date and timed_answers > 0`;
  return rows(
    db,
    siteIds.length === 1
      ? sql`select null::int as site_id, to_char(day, 'YYYY-MM-DD') as day, timed_answers as answers, median_seconds, p95_seconds
          from dashboard_message_days where site_id = ${siteIds[0]}::int and ${days}`
      : sql`select null::int as site_id, to_char(day, 'YYYY-MM-DD') as day, timed_answers as answers, median_seconds, p95_seconds
          from dashboard_rolled_days where ${days}`,
  );
}

/** Whether `siteIds` holds every site (then the all-sites figures of dashboard_rolled_days are theirs). */
export async function coversEverySite(db: Db, siteIds: readonly number[]): Promise<boolean> {
  const [row] = await rows<{ every: boolean }>(
    db,
    sql`select not exists (select 1 from sites where not (${sitesIn(sql`id`, siteIds)})) as every`,
  );
  return row?.every ?? false;
}

/** The first day of `range` that is not rolled up (YYYY-MM-DD), or null when every day is. */
async function firstLiveDay(db: Db, range: DayRange): Promise<string | null> {
  const [first] = await rows<{ day: string | null }>(
    db,
    sql`select to_char(min(d), 'YYYY-MM-DD') as day
      from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d
      where not exists (select 1 from dashboard_rolled_days r where r.day = d::date)`,
  );
  return first?.day ?? null;
}

/**
 * The wait histogram (whole seconds) per site and day of the days of `range` that are not rolled up
 * yet, counted live from `messages` (messages_answer_wait_idx), as the rollup would store it.
 */
export async function liveWaitsPerDay(
  db: Db,
  siteIds: readonly number[],
  range: DayRange,
): Promise<SiteDayWaitCount[]> {
  const first = await firstLiveDay(db, range);
  if (!first) return [];
  return rows(
    db,
    sql`select c.site_id, ${dayText(utcDate(sql`m.created_at`))} as day, m.waited_seconds, count(*)::int as answers
      from messages m join conversations c on c.id = m.conversation_id
      where m.waited_seconds is not null and ${sitesIn(sql`c.site_id`, siteIds)}
        and m.created_at >= ${start({ from: first, to: range.to })} and m.created_at < ${end(range)}
        and not exists (
          select 1 from dashboard_rolled_days d where d.day = (m.created_at at time zone 'UTC')::date
        )
      group by c.site_id, ${utcDate(sql`m.created_at`)}, m.waited_seconds`,
  );
}

/** Photos awaiting approval now, per site (of their profile). */
export function pendingPhotos(db: Db, siteIds: readonly number[]): Promise<SiteCount[]> {
  return rows(
    db,
    sql`select p.site_id, count(*)::int as n from photos ph join profiles p on p.id = ph.profile_id
      where ph.status = 'awaiting_approval' and ${sitesIn(sql`p.site_id`, siteIds)} group by 1`,
  );
}

/** Members' reports still open now, per site. */
export function openReports(db: Db, siteIds: readonly number[]): Promise<SiteCount[]> {
  return rows(
    db,
    sql`select site_id, count(*)::int as n from reports
      where status = 'open' and ${sitesIn(sql`site_id`, siteIds)} group by 1`,
  );
}

/** The first UTC day that is neither rolled up nor before the first message; null without messages. */
export async function firstUnrolledDay(db: Db): Promise<string | null> {
  const [row] = await rows<{ day: string | null }>(
    db,
    sql`select coalesce(
        (select to_char(max(day) + 1, 'YYYY-MM-DD') from dashboard_rolled_days),
        -- Read once, on the first run (while nothing is rolled up; coalesce stops at the first value).
        (select to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD') from messages)
      ) as day`,
  );
  return row?.day ?? null;
}

/**
 * Rolls up one UTC day (YYYY-MM-DD) for every site in one transaction: replaces its rows of
 * dashboard_message_days (with the day's wait percentiles per site), dashboard_wait_days and
 * dashboard_wait_minutes (the wait histograms), and marks it in dashboard_rolled_days with the percentiles of all sites. Repeatable.
 */
export async function rollUpMessageDay(db: Db, day: string, now: Date): Promise<void> {
  const range = { from: day, to: day };
  const sent = sql`m.created_at >= ${start(range)} and m.created_at < ${end(range)}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from dashboard_message_days where day = ${day}::date`);
    await tx.execute(sql`delete from dashboard_wait_days where day = ${day}::date`);
    await tx.execute(sql`delete from dashboard_wait_minutes where day = ${day}::date`);
    await tx.execute(sql`insert into dashboard_message_days
        (site_id, day, member_to_member, member_to_fictional, operator_answers, timed_answers, median_seconds, p95_seconds)
      select c.site_id, ${day}::date, ${MESSAGE_KIND_COUNTS}, ${WAIT_FIGURES}
      from ${MESSAGES_JOINED}
      where ${sent}
      group by c.site_id`);
    await tx.execute(sql`insert into dashboard_wait_days (site_id, day, waited_seconds, answers)
      select c.site_id, ${day}::date, m.waited_seconds, count(*)::int
      from messages m join conversations c on c.id = m.conversation_id
      where m.waited_seconds is not null and ${sent}
      group by c.site_id, m.waited_seconds`);
    await tx.execute(sql`insert into dashboard_wait_minutes (site_id, day, waited_minutes, answers)
      select site_id, day, floor(waited_seconds / 60.0)::int, sum(answers)::int
      from dashboard_wait_days where day = ${day}::date
      group by 1, 2, 3`);
    await tx.execute(sql`insert into dashboard_rolled_days (day, rolled_at, timed_answers, median_seconds, p95_seconds)
      select ${day}::date, ${now}, ${WAIT_FIGURES}
      from messages m join conversations c on c.id = m.conversation_id
      where m.waited_seconds is not null and ${sent}
      on conflict (day) do update set rolled_at = excluded.rolled_at, timed_answers = excluded.timed_answers,
        median_seconds = excluded.median_seconds, p95_seconds = excluded.p95_seconds`);
  });
}
