import { RISK_HALF_LIFE_DAYS } from '@app/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { type MessageSignal, sites } from '../schema.js';
import type { DbOrTx } from './photos.js';

/**
 * SQL of safer conversations (issue: safer conversations; docs/decisions/021-safer-conversations.md):
 * the Signals queue, a member's messages with signals or held, releasing and dropping held messages,
 * the behavioural signals' scans and the score they raise. The send's own part (signals, score, hold)
 * is in messages.ts's one send statement.
 */

const HALF_LIFE_SECONDS = RISK_HALF_LIFE_DAYS * 86_400;

/**
 * A user row's risk score decayed to `now` (half-life RISK_HALF_LIFE_DAYS), as SQL over alias `u`:
 * score · 0.5^(seconds since risk_scored_at / half-life seconds).
 */
export function decayedRisk(now: Date, alias = 'u'): SQL {
  const t = sql`${now.toISOString()}::timestamptz`;
  const a = sql.raw(alias);
  return sql`(${a}.risk_score * power(0.5, greatest(0, extract(epoch from (${t} - coalesce(${a}.risk_scored_at, ${t}))))
    / ${HALF_LIFE_SECONDS}::float8))`;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

function sitesIn(column: SQL, siteIds: readonly number[] | 'all'): SQL {
  if (siteIds === 'all') return sql`true`;
  if (siteIds.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    siteIds.map((id) => sql`${id}::int`),
    sql`, `,
  )})`;
}

const toDate = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

/** A member as the Signals queue lists them. */
export interface SignalMemberRow {
  userId: number;
  profileId: number | null;
  name: string;
  siteId: number;
  siteName: string;
  accountStatus: string;
  signupDate: Date;
  /** The score decayed to the query's `now`. */
  risk: number;
  threshold: number;
  credits: number;
  heldCount: number;
  signalCount: number;
  lastSignalAt: Date | null;
}

type RawMember = {
  user_id: number;
  profile_id: number | null;
  name: string | null;
  site_id: number;
  site_name: string;
  status: string;
  signup_date: Date | string;
  risk: number | string;
  threshold: number | string;
  credits: number;
  held_count: number | string;
  signal_count: number | string;
  last_signal_at: Date | string | null;
};

function memberOf(r: RawMember): SignalMemberRow {
  return {
    userId: Number(r.user_id),
    profileId: r.profile_id === null ? null : Number(r.profile_id),
    name: r.name ?? '',
    siteId: Number(r.site_id),
    siteName: r.site_name,
    accountStatus: r.status,
    signupDate: new Date(r.signup_date),
    risk: Number(r.risk),
    threshold: Number(r.threshold),
    credits: Number(r.credits),
    heldCount: Number(r.held_count),
    signalCount: Number(r.signal_count),
    lastSignalAt: toDate(r.last_signal_at),
  };
}

/** The select list of a member row over `u` (users), `p` (their profile), `s` (site). */
function memberColumns(now: Date): SQL {
  return sql`u.id as user_id, p.id as profile_id, p.name, u.site_id, s.name as site_name, u.status, u.signup_date,
    ${decayedRisk(now)} as risk, s.risk_hold_threshold as threshold, u.credits,
    (select count(*) from messages m where m.sender_profile_id = p.id and m.held_at is not null
      and m.dropped_at is null) as held_count,
    (select count(*) from messages m where m.sender_profile_id = p.id and m.signals is not null) as signal_count,
    (select max(m.created_at) from messages m where m.sender_profile_id = p.id and m.signals is not null)
      as last_signal_at`;
}

/** Ids of members with a held message waiting (read from the partial index of held messages). */
const HOLDERS = sql`(select p2.user_id from messages m2 join profiles p2 on p2.id = m2.sender_profile_id
  where m2.held_at is not null and m2.dropped_at is null)`;

/**
 * One page of the Signals queue at `now`: members of `siteIds` (not erased) with a held message or a
 * decayed score of at least `minScore`, highest score first; `limit` + 1 rows tell whether more follow.
 */
export async function listSignalMembers(
  db: Db,
  opts: { siteIds: readonly number[] | 'all'; now: Date; minScore: number; limit: number; offset: number },
): Promise<SignalMemberRow[]> {
  const found = await rows<RawMember>(
    db,
    sql`select * from (select ${memberColumns(opts.now)}
      from users u join sites s on s.id = u.site_id left join profiles p on p.user_id = u.id
      where ${sitesIn(sql`u.site_id`, opts.siteIds)} and u.erased_at is null
        and (u.risk_score > 0 or u.id in ${HOLDERS})) q
      where q.risk >= ${opts.minScore}::float8 or q.held_count > 0
      order by q.risk desc, q.user_id
      limit ${opts.limit}::int offset ${opts.offset}::int`,
  );
  return found.map(memberOf);
}

/** Held messages waiting in `siteIds` (the queue's total). */
export async function countHeldMessages(db: Db, siteIds: readonly number[] | 'all'): Promise<number> {
  const [row] = await rows<{ n: number | string }>(
    db,
    sql`select count(*) as n from messages m join profiles p on p.id = m.sender_profile_id
      where m.held_at is not null and m.dropped_at is null and ${sitesIn(sql`p.site_id`, siteIds)}`,
  );
  return Number(row?.n ?? 0);
}

/** One member as the queue shows them at `now`; null for an unknown or erased account. */
export async function findSignalMember(db: Db, userId: number, now: Date): Promise<SignalMemberRow | null> {
  const [row] = await rows<RawMember>(
    db,
    sql`select ${memberColumns(now)}
      from users u join sites s on s.id = u.site_id left join profiles p on p.user_id = u.id
      where u.id = ${userId}::int and u.erased_at is null`,
  );
  return row ? memberOf(row) : null;
}

/** A message of the member's Signals detail. */
export interface SignalMessageRow {
  id: number;
  conversationId: number;
  kind: string;
  body: string;
  signals: MessageSignal[];
  heldAt: Date | null;
  droppedAt: Date | null;
  credits: number;
  recipientId: number;
  recipientName: string;
  recipientFictional: boolean;
  createdAt: Date;
}

/**
 * `profileId`'s messages with signals or held, newest first, older than message `before` if given;
 * `limit` rows at most.
 */
export async function listSignalMessages(
  db: Db,
  profileId: number,
  opts: { before?: number | undefined; limit: number },
): Promise<SignalMessageRow[]> {
  const found = await rows<{
    id: number | string;
    conversation_id: number;
    kind: string;
    body: string;
    signals: MessageSignal[] | string | null;
    held_at: Date | string | null;
    dropped_at: Date | string | null;
    credits_spent: number;
    recipient_id: number;
    recipient_name: string;
    is_fictional: boolean;
    created_at: Date | string;
  }>(
    db,
    sql`select m.id, m.conversation_id, m.kind, m.body, m.signals, m.held_at, m.dropped_at, m.credits_spent,
        r.id as recipient_id, r.name as recipient_name, r.is_fictional, m.created_at
      from messages m join conversations c on c.id = m.conversation_id
      join profiles r on r.id = case when c.profile_a = m.sender_profile_id then c.profile_b else c.profile_a end
      where m.sender_profile_id = ${profileId}::int and (m.signals is not null or m.held_at is not null)
        ${opts.before ? sql`and m.id < ${opts.before}::int8` : sql``}
      order by m.id desc limit ${opts.limit}::int`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    conversationId: Number(r.conversation_id),
    kind: r.kind,
    body: r.body,
    signals: typeof r.signals === 'string' ? JSON.parse(r.signals) : (r.signals ?? []),
    heldAt: toDate(r.held_at),
    droppedAt: toDate(r.dropped_at),
    credits: Number(r.credits_spent),
    recipientId: Number(r.recipient_id),
    recipientName: r.recipient_name,
    recipientFictional: Boolean(r.is_fictional),
    createdAt: new Date(r.created_at),
  }));
}

/** A held message about to be released: locked, with its price and recipient. */
export interface HeldMessage {
  id: number;
  conversationId: number;
  kind: string;
  credits: number;
  recipientId: number;
  /**
   * The recipient can no longer receive it from this sender: a block either way since, or their
   * account is gone or banned (the send's own refusals).
   */
  undeliverable: boolean;
}

/**
 * Locks `profileId`'s held (not dropped) messages, all or those of `ids`, oldest first (inside the
 * release's transaction: a second release of the same message waits and then finds it released),
 * each with whether its recipient can still receive it (`unreachableStatuses`: account statuses
 * that count as gone, as the send's).
 */
export async function lockHeldMessages(
  tx: Db,
  profileId: number,
  ids: readonly number[] | undefined,
  unreachableStatuses: readonly string[],
): Promise<HeldMessage[]> {
  const idFilter =
    ids === undefined
      ? sql``
      : sql`and m.id in (${sql.join(
          ids.map((id) => sql`${id}::int8`),
          sql`, `,
        )})`;
  const found = await rows<{
    id: number | string;
    conversation_id: number;
    kind: string;
    credits_spent: number;
    recipient_id: number;
    undeliverable: boolean;
  }>(
    tx,
    sql`select m.id, m.conversation_id, m.kind, m.credits_spent, rp.id as recipient_id,
        (exists (select 1 from blocks b where
            (b.blocker_profile_id = m.sender_profile_id and b.blocked_profile_id = rp.id) or
            (b.blocker_profile_id = rp.id and b.blocked_profile_id = m.sender_profile_id))
          or coalesce(ru.erased_at is not null or ru.status in (${sql.join(
            unreachableStatuses.map((st) => sql`${st}::text`),
            sql`, `,
          )}), false)) as undeliverable
      from messages m join conversations c on c.id = m.conversation_id
      join profiles rp on rp.id = case when c.profile_a = m.sender_profile_id then c.profile_b else c.profile_a end
      left join users ru on ru.id = rp.user_id
      where m.sender_profile_id = ${profileId}::int and m.held_at is not null and m.dropped_at is null ${idFilter}
      order by m.id for update of m`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    conversationId: Number(r.conversation_id),
    kind: r.kind,
    credits: Number(r.credits_spent),
    recipientId: Number(r.recipient_id),
    undeliverable: Boolean(r.undeliverable),
  }));
}

/** Which of `ids` are messages `profileId` sent (any state). */
export async function messagesOfSender(db: Db, profileId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await rows<{ id: number | string }>(
    db,
    sql`select id from messages where sender_profile_id = ${profileId}::int and id in (${sql.join(
      ids.map((id) => sql`${id}::int8`),
      sql`, `,
    )})`,
  );
  return found.map((r) => Number(r.id));
}

/**
 * Delivers locked held messages (inside the release's transaction), charging `userId` their price:
 * ONE conditional debit of the total (`credits >= total`), a ledger row per paid message (reference
 * message:<id>, reason message/photo/gift as the send writes it, balance after each in id order),
 * `held_at` cleared, each conversation's last activity moved to `now`, and the recipients' list
 * entries and unread counters as a send makes them. Returns the balance after, or null when the
 * member cannot pay (then nothing changed).
 */
export async function deliverHeldMessages(
  tx: Db,
  opts: { userId: number; messages: readonly HeldMessage[]; now: Date },
): Promise<{ credits: number } | null> {
  const total = opts.messages.reduce((sum, m) => sum + m.credits, 0);
  const [debit] = await rows<{ credits: number }>(
    tx,
    sql`update users set credits = credits - ${total}::int
      where id = ${opts.userId}::int and credits >= ${total}::int returning credits`,
  );
  if (!debit) return null;
  const after = Number(debit.credits);
  const now = sql`${opts.now.toISOString()}::timestamptz`;
  const list = sql.join(
    opts.messages.map(
      (m) =>
        sql`(${m.id}::int8, ${m.conversationId}::int, ${m.recipientId}::int, ${m.credits}::int, ${m.kind === 'text' ? 'message' : m.kind}::text)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`with rel(id, conversation_id, recipient_id, credits, reason) as (values ${list}),
    paid as (
      insert into credit_ledger (user_id, delta, balance_after, reason, reference, created_at)
      select ${opts.userId}::int, -credits,
        ${after}::int + ${total}::int - sum(credits) over (order by id), reason, 'message:' || id, ${now}
      from rel where credits <> 0
    ), delivered as (
      update messages set held_at = null where id in (select id from rel)
    ), touched as (
      update conversations set last_message_at = greatest(coalesce(last_message_at, created_at), ${now})
      where id in (select conversation_id from rel)
    )
    insert into conversation_members (conversation_id, profile_id, num_unread_messages)
    select conversation_id, recipient_id, count(*)::int from rel group by conversation_id, recipient_id
    order by conversation_id
    on conflict (conversation_id, profile_id) do update
    set deleted_at = null, num_unread_messages = conversation_members.num_unread_messages + excluded.num_unread_messages`);
  return { credits: after };
}

/** Sets a member's risk score to 0 at `now` (a moderator's false alarm); returns nothing. */
export async function resetRiskScore(tx: Db, userId: number, now: Date): Promise<void> {
  await tx.execute(
    sql`update users set risk_score = 0, risk_scored_at = ${now.toISOString()}::timestamptz where id = ${userId}::int`,
  );
}

/** A member's decayed score at `now` (0 for an unknown account). */
export async function riskScoreOf(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await rows<{ risk: number | string }>(
    db,
    sql`select ${decayedRisk(now)} as risk from users u where u.id = ${userId}::int`,
  );
  return Number(row?.risk ?? 0);
}

/** Drops held messages `ids` (never delivered, never charged); returns nothing. */
export async function dropMessages(tx: Db, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    sql`update messages set dropped_at = ${now.toISOString()}::timestamptz
      where held_at is not null and dropped_at is null and id in (${sql.join(
        ids.map((id) => sql`${id}::int8`),
        sql`, `,
      )})`,
  );
}

/**
 * Drops `userId`'s held messages (a ban, inside its transaction): `dropped_at` set, never delivered,
 * never charged (no debit or ledger row was ever written for them). Returns their ids.
 */
export async function dropHeldMessages(tx: Db, userId: number, now: Date): Promise<number[]> {
  const found = await rows<{ id: number | string }>(
    tx,
    sql`update messages set dropped_at = ${now.toISOString()}::timestamptz
      where held_at is not null and dropped_at is null
        and sender_profile_id in (select id from profiles where user_id = ${userId}::int)
      returning id`,
  );
  return found.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** Sets a site's hold threshold (inside the caller's transaction); returns the one before, null for an unknown site. */
export async function setRiskHoldThreshold(tx: DbOrTx, siteId: number, threshold: number): Promise<number | null> {
  const [before] = await tx
    .select({ threshold: sites.risk_hold_threshold })
    .from(sites)
    .where(eq(sites.id, siteId))
    .for('update');
  if (!before) return null;
  await tx.update(sites).set({ risk_hold_threshold: threshold }).where(eq(sites.id, siteId));
  return before.threshold;
}

// ---- behavioural signals -----------------------------------------------------------------------

/** A sender's recent messages, for the behavioural scans. */
export interface RecentSend {
  id: number;
  body: string;
  recipientId: number;
  /** The message already carries the behavioural kind being scanned for. */
  flagged: boolean;
}

/** A real member (never a fictional profile) with messages to at least `minRecipients` members since `since`. */
export interface BusySender {
  userId: number;
  profileId: number;
  recipients: number;
  newestMessageId: number;
}

/**
 * Real members (never fictional profiles: an operator's answer is sent as one) who wrote to at least
 * `minRecipients` different profiles in (`since`, `now`]; with `signedUpAfter`, only accounts made
 * after it. Reads the window by messages.created_at (BRIN).
 */
export async function findBusySenders(
  db: Db,
  opts: { since: Date; now: Date; minRecipients: number; signedUpAfter?: Date },
): Promise<BusySender[]> {
  const found = await rows<{
    user_id: number;
    profile_id: number;
    recipients: number | string;
    newest: number | string;
  }>(
    db,
    sql`select p.user_id, p.id as profile_id,
        count(distinct case when c.profile_a = p.id then c.profile_b else c.profile_a end) as recipients,
        max(m.id) as newest
      from messages m join profiles p on p.id = m.sender_profile_id and p.user_id is not null and not p.is_fictional
      join conversations c on c.id = m.conversation_id
      ${opts.signedUpAfter ? sql`join users u on u.id = p.user_id and u.signup_date > ${opts.signedUpAfter.toISOString()}::timestamptz` : sql``}
      where m.created_at > ${opts.since.toISOString()}::timestamptz and m.created_at <= ${opts.now.toISOString()}::timestamptz
        and m.staff_id is null
      group by p.user_id, p.id
      having count(distinct case when c.profile_a = p.id then c.profile_b else c.profile_a end) >= ${opts.minRecipients}::int`,
  );
  return found.map((r) => ({
    userId: Number(r.user_id),
    profileId: Number(r.profile_id),
    recipients: Number(r.recipients),
    newestMessageId: Number(r.newest),
  }));
}

/** `profileId`'s text messages since `since`, newest first (at most `limit`), flagged when they carry `kind`. */
export async function recentTexts(
  db: Db,
  opts: { profileId: number; since: Date; now: Date; kind: string; limit: number },
): Promise<RecentSend[]> {
  const found = await rows<{ id: number | string; body: string; recipient_id: number; flagged: boolean }>(
    db,
    sql`select m.id, m.body,
        case when c.profile_a = m.sender_profile_id then c.profile_b else c.profile_a end as recipient_id,
        coalesce(m.signals @> ${JSON.stringify([{ kind: opts.kind }])}::jsonb, false) as flagged
      from messages m join conversations c on c.id = m.conversation_id
      where m.sender_profile_id = ${opts.profileId}::int and m.kind = 'text'
        and m.created_at > ${opts.since.toISOString()}::timestamptz and m.created_at <= ${opts.now.toISOString()}::timestamptz
      order by m.id desc limit ${opts.limit}::int`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    body: r.body,
    recipientId: Number(r.recipient_id),
    flagged: Boolean(r.flagged),
  }));
}

/**
 * Records a behavioural signal in ONE statement: `kind` (no span) is appended to message `messageId`
 * and the sender's score rises by `weight` (decayed to `now` first, in SQL), unless one of the
 * sender's messages since `since` carries `kind` already (one finding per window). Returns whether
 * it was recorded.
 */
export async function recordBehaviourSignal(
  db: Db,
  opts: { userId: number; profileId: number; messageId: number; kind: string; weight: number; since: Date; now: Date },
): Promise<boolean> {
  const mark = JSON.stringify([{ kind: opts.kind }]);
  const found = await rows<{ id: number }>(
    db,
    sql`with flagged as (
        update messages set signals = coalesce(signals, '[]'::jsonb) || ${mark}::jsonb
        where id = ${opts.messageId}::int8 and sender_profile_id = ${opts.profileId}::int
          and not exists (select 1 from messages o where o.sender_profile_id = ${opts.profileId}::int
            and o.created_at > ${opts.since.toISOString()}::timestamptz and o.signals @> ${mark}::jsonb)
        returning id
      )
      update users u set risk_score = ${decayedRisk(opts.now)} + ${opts.weight}::float8,
        risk_scored_at = ${opts.now.toISOString()}::timestamptz
      where u.id = ${opts.userId}::int and exists (select 1 from flagged)
      returning u.id`,
  );
  return found.length > 0;
}
