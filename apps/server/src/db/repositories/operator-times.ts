/**
 * Operator response times (issue: back office II): SQL aggregates over the operators' answers
 * (messages with a staff_id) and the seconds the member waited for each (waited_seconds).
 */
import { and, desc, eq, gte, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client.js';
import { conversations, messages, profiles, staff } from '../schema.js';
import { staffDisplayName } from './operator-inbox.js';

/** A period and the sites it covers ('all': every site). */
export interface TimesFilter {
  siteIds: readonly number[] | 'all';
  from: Date;
  /** Exclusive end. */
  to: Date;
}

/** Answers of one operator; seconds. */
export interface OperatorTimesRow {
  staff_id: number;
  staff_name: string;
  answers: number;
  first_answers: number;
  median_seconds: number | null;
  p95_seconds: number | null;
}

/** Answers in one conversation; seconds. */
export interface ConversationTimesRow {
  id: number;
  site_id: number;
  member_name: string;
  fictional_name: string;
  answers: number;
  first_answer_seconds: number | null;
  median_seconds: number | null;
  p95_seconds: number | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Whether message `messages` is the first operator answer of its conversation. */
const isFirstAnswer = sql`not exists (select 1 from ${messages} earlier
  where earlier.conversation_id = ${messages.conversation_id} and earlier.staff_id is not null
  and earlier.id < ${messages.id})`;

const median = sql<number | null>`percentile_cont(0.5) within group (order by ${messages.waited_seconds})`;
const p95 = sql<number | null>`percentile_cont(0.95) within group (order by ${messages.waited_seconds})`;

/** The operator answers of the period on the sites. */
function answersIn(filter: TimesFilter): SQL {
  const where: SQL[] = [
    isNotNull(messages.staff_id),
    gte(messages.created_at, filter.from),
    lt(messages.created_at, filter.to),
  ];
  if (filter.siteIds !== 'all') where.push(inArray(conversations.site_id, [...filter.siteIds]));
  return and(...where) as SQL;
}

/** Totals of the period: answers, median and 95th percentile of the waits (seconds). */
export async function totalResponseTimes(
  db: Db,
  filter: TimesFilter,
): Promise<{ answers: number; median_seconds: number | null; p95_seconds: number | null }> {
  if (filter.siteIds !== 'all' && filter.siteIds.length === 0)
    return { answers: 0, median_seconds: null, p95_seconds: null };
  const [row] = await db
    .select({ answers: sql`count(*)`, median, p95 })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversation_id))
    .where(answersIn(filter));
  return { answers: num(row?.answers) ?? 0, median_seconds: num(row?.median), p95_seconds: num(row?.p95) };
}

/** Per operator: answers, first answers of a conversation, median and p95 wait; most answers first. */
export async function operatorResponseTimes(db: Db, filter: TimesFilter): Promise<OperatorTimesRow[]> {
  if (filter.siteIds !== 'all' && filter.siteIds.length === 0) return [];
  const answers = sql`count(*)`;
  const rows = await db
    .select({
      staff_id: staff.id,
      staff_name: staffDisplayName(staff),
      answers,
      first_answers: sql`count(*) filter (where ${isFirstAnswer})`,
      median,
      p95,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversation_id))
    .innerJoin(staff, eq(staff.id, messages.staff_id))
    .where(answersIn(filter))
    .groupBy(staff.id)
    .orderBy(desc(answers), staff.id);
  return rows.map((r) => ({
    staff_id: r.staff_id,
    staff_name: r.staff_name,
    answers: num(r.answers) ?? 0,
    first_answers: num(r.first_answers) ?? 0,
    median_seconds: num(r.median),
    p95_seconds: num(r.p95),
  }));
}

/**
 * Per conversation: answers of the period, the wait for its first operator answer (when that falls
 * in the period), median and p95 wait; slowest first answer first, `limit` rows.
 */
export async function conversationResponseTimes(
  db: Db,
  filter: TimesFilter,
  limit: number,
): Promise<ConversationTimesRow[]> {
  if (filter.siteIds !== 'all' && filter.siteIds.length === 0) return [];
  const member = alias(profiles, 'member');
  const fictional = alias(profiles, 'fictional');
  const side = (id: AnyPgColumn) => sql`${id} in (${conversations.profile_a}, ${conversations.profile_b})`;
  const first = sql`max(${messages.waited_seconds}) filter (where ${isFirstAnswer})`;
  const rows = await db
    .select({
      id: conversations.id,
      site_id: conversations.site_id,
      member_name: member.name,
      fictional_name: fictional.name,
      answers: sql`count(*)`,
      first,
      median,
      p95,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversation_id))
    .innerJoin(member, and(side(member.id), eq(member.is_fictional, false)))
    .innerJoin(fictional, and(side(fictional.id), eq(fictional.is_fictional, true)))
    .where(answersIn(filter))
    .groupBy(conversations.id, member.name, fictional.name)
    .orderBy(sql`${first} desc nulls last`, conversations.id)
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    site_id: r.site_id,
    member_name: r.member_name,
    fictional_name: r.fictional_name,
    answers: num(r.answers) ?? 0,
    first_answer_seconds: num(r.first),
    median_seconds: num(r.median),
    p95_seconds: num(r.p95),
  }));
}
