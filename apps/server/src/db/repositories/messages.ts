import { RISK_HALF_LIFE_DAYS } from '@app/contracts';
import type { PGlite } from '@electric-sql/pglite';
import { and, desc, eq, gt, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../client.js';
import { isUniqueViolation } from '../errors.js';
import { gifts, type MessageSignal, messages } from '../schema.js';
import type { GiftRow } from './gifts.js';
import type { DbOrTx } from './photos.js';

export type MessageRow = typeof messages.$inferSelect;
type MessageInsert = typeof messages.$inferInsert;
/** A message with its gift (kind gift). */
export type MessageWithGift = { message: MessageRow; gift: GiftRow | null };

/** Stores a message (inside the send transaction). */
export async function insertMessage(tx: DbOrTx, values: MessageInsert): Promise<MessageRow> {
  const [row] = await tx.insert(messages).values(values).returning();
  if (!row) throw new Error('message insert returned nothing');
  return row;
}

/** The message a sender stored under `clientId`, with its gift; null when none (the idempotent retry check). */
export async function findByClientId(
  db: DbOrTx,
  senderProfileId: number,
  clientId: string,
): Promise<MessageWithGift | null> {
  const [row] = await db
    .select({ message: messages, gift: gifts })
    .from(messages)
    .leftJoin(gifts, eq(gifts.id, messages.gift_id))
    .where(and(eq(messages.sender_profile_id, senderProfileId), eq(messages.client_id, clientId)));
  return row ?? null;
}

/**
 * One page of a conversation, newest first: messages after `clearedAt` (what this side still sees)
 * and before message id `before`. With `viewerProfileId` (a member's view) the other side's held
 * messages are left out (issue: safer conversations: a held message is not delivered).
 */
export async function listMessages(
  db: Db,
  conversationId: number,
  opts: { clearedAt: Date | null; before?: number | undefined; limit: number; viewerProfileId?: number },
): Promise<MessageWithGift[]> {
  const conditions = [eq(messages.conversation_id, conversationId)];
  if (opts.viewerProfileId !== undefined) {
    conditions.push(or(isNull(messages.held_at), eq(messages.sender_profile_id, opts.viewerProfileId)) as SQL);
  }
  if (opts.clearedAt) conditions.push(gt(messages.created_at, opts.clearedAt));
  if (opts.before) conditions.push(lt(messages.id, opts.before));
  return db
    .select({ message: messages, gift: gifts })
    .from(messages)
    .leftJoin(gifts, eq(gifts.id, messages.gift_id))
    .where(and(...conditions))
    .orderBy(desc(messages.id))
    .limit(opts.limit);
}

/** The newest message of each conversation. */
export async function lastMessages(db: Db, conversationIds: number[]): Promise<Map<number, MessageRow>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([messages.conversation_id])
    .from(messages)
    .where(inArray(messages.conversation_id, conversationIds))
    .orderBy(messages.conversation_id, desc(messages.id));
  return new Map(rows.map((r) => [r.conversation_id, r]));
}

/** Whether a PostgreSQL error is the unique violation of (sender, client_id): a concurrent retry. */
export function isClientIdConflict(err: unknown): boolean {
  return isUniqueViolation(err, 'messages_client_key');
}

/** Counts messages (benchmarks, tests). */
export async function countMessages(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(messages);
  return row?.n ?? 0;
}

/**
 * Runs one hot statement on the driver under Drizzle, skipping its query building: a named
 * prepared statement on PostgreSQL (parsed and planned once per connection), a plain query on PGlite.
 */
async function driverQuery<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool) return (await client.query<T & pg.QueryResultRow>({ name, text, values })).rows;
  return (await client.query<T>(text, values)).rows;
}

/** What a paid send stores: the message, its price and the rules the statement checks. */
export interface PaidSend {
  userId: number;
  siteId: number;
  /** Country the cost was computed for; the statement refuses with profile_changed when it differs. */
  country: string;
  recipientProfileId: number;
  /** Account statuses of a recipient that count as absent (not_found). */
  unreachableStatuses: string[];
  /** Account status of a recipient who cannot be written to yet (recipient_not_confirmed). */
  unconfirmedStatus: string;
  /** Credits to debit (0: no ledger row). */
  cost: number;
  /** Open conversations allowed before a new one is refused; null when unlimited. */
  conversationLimit: number | null;
  kind: string;
  body: string;
  photoFilename: string | null;
  photoThumbFilename: string | null;
  giftId: number | null;
  clientId: string;
  ledgerReason: string;
  now: Date;
  /** Signals found in the text (kind and span), stored on the message; none when absent. */
  signals?: readonly MessageSignal[];
  /** What the message adds to the sender's risk score (SIGNAL_WEIGHTS of its distinct kinds); 0 (default) leaves it. */
  riskWeight?: number;
}

/**
 * The outcome of storePaidMessage: `ok` (stored and paid), a refusal (nothing changed), or `stale`
 * when the payer's row changed while the statement waited for its lock (run it again).
 */
export type PaidSendStatus =
  | 'ok'
  | 'stale'
  | 'profile_changed'
  | 'self'
  | 'not_found'
  | 'blocked'
  | 'recipient_not_confirmed'
  | 'not_enough_credits'
  | 'conversation_limit';

export interface PaidSendResult {
  status: PaidSendStatus;
  /** The sender's profile id (null when the account has no profile). */
  senderProfileId: number | null;
  /** The sender's country, for recomputing the cost after profile_changed. */
  senderCountry: string | null;
  /** The balance after the debit when ok, else the balance the statement saw. */
  credits: number;
  messageId: number | null;
  conversationId: number | null;
  /** The message is held for review (not delivered, not charged; `credits` unchanged). */
  held: boolean;
}

/** The risk score's half-life in seconds (the score halves every RISK_HALF_LIFE_DAYS). */
const RISK_HALF_LIFE_SECONDS = RISK_HALF_LIFE_DAYS * 86_400;

/*
 * One statement, so one round trip and one implicit transaction: the checks of the recipient and
 * the free conversation limit, the conditional debit, the conversation (created or touched), the
 * message, its ledger row and both sides' list entries and unread counters. A message to a fictional
 * profile starts the conversation's wait for an operator (awaiting_reply_since) unless one runs. Every write hangs off
 * the debit's row, so a refusal changes nothing. All parts read the snapshot of the statement's
 * start; the debit only proceeds when the payer row is still the version of that snapshot (xmin),
 * so a concurrent send of the same member (which holds the row lock until it commits) makes this
 * one report `stale` instead of counting conversations that no longer hold.
 */
const STORE_PAID_MESSAGE = `with me as (
  select id, country from profiles where user_id = $1::int
), payer as (
  select xmin as version, credits,
    risk_score * power(0.5, greatest(0, extract(epoch from ($15::timestamptz - coalesce(risk_scored_at, $15::timestamptz))))
      / ${RISK_HALF_LIFE_SECONDS}) as risk
  from users where id = $1::int
), rcpt as (
  select p.id, p.user_id, p.is_fictional, u.status, u.erased_at,
    exists (select 1 from blocks b, me where
      (b.blocker_profile_id = me.id and b.blocked_profile_id = p.id) or
      (b.blocker_profile_id = p.id and b.blocked_profile_id = me.id)) as is_blocked
  from profiles p left join users u on u.id = p.user_id
  where p.site_id = $2::int and p.id = $4::int
), verdict as (
  select case
    when me.id is null or me.country is distinct from $3::text then 'profile_changed'
    when me.id = $4::int then 'self'
    when rcpt.id is null then 'not_found'
    when rcpt.user_id is not null and (rcpt.erased_at is not null or rcpt.status = any($5::text[])) then 'not_found'
    when rcpt.is_blocked then 'blocked'
    when rcpt.user_id is not null and rcpt.status = $6::text then 'recipient_not_confirmed'
    when payer.credits < $7::int then 'not_enough_credits'
    when $8::int is not null
      and not coalesce((select m.deleted_at is null from conversations c
        left join conversation_members m on m.conversation_id = c.id and m.profile_id = me.id
        where c.profile_a = least(me.id, $4::int) and c.profile_b = greatest(me.id, $4::int)), false)
      and (select count(*) from conversation_members m
        where m.profile_id = me.id and m.deleted_at is null) >= $8::int then 'conversation_limit'
    else 'ok' end as status,
    -- Held for review (issue: safer conversations): a message to a member (never to a fictional
    -- profile) while the sender's score, with this message's weight, is above the site's threshold.
    coalesce(rcpt.user_id is not null
      and payer.risk + $17::float8 > (select risk_hold_threshold from sites where id = $2::int), false) as hold
  from (select 1) as one left join me on true left join payer on true left join rcpt on true
), debit as (
  update users set credits = credits - (case when (select hold from verdict) then 0 else $7::int end),
    risk_score = case when $17::float8 > 0 then (select risk from payer) + $17::float8 else risk_score end,
    risk_scored_at = case when $17::float8 > 0 then $15::timestamptz else risk_scored_at end
  where id = $1::int and credits >= $7::int and xmin = (select version from payer)
    and (select status from verdict) = 'ok'
  returning credits
), conv as (
  insert into conversations (site_id, profile_a, profile_b, created_at, last_message_at, awaiting_reply_since)
  select $2::int, least(me.id, $4::int), greatest(me.id, $4::int), $15::timestamptz, $15::timestamptz,
    case when rcpt.is_fictional then $15::timestamptz end
  from me, debit, rcpt
  on conflict (profile_a, profile_b) do update set
    last_message_at = case when (select hold from verdict) then conversations.last_message_at
      else excluded.last_message_at end,
    awaiting_reply_since = coalesce(conversations.awaiting_reply_since, excluded.awaiting_reply_since)
  returning id
), msg as (
  insert into messages (conversation_id, sender_profile_id, kind, body, photo_filename, photo_thumb_filename,
    gift_id, credits_spent, client_id, signals, held_at, created_at)
  select conv.id, me.id, $9::text, $10::text, $11::text, $12::text, $13::int, $7::int, $14::text, $18::jsonb,
    case when v.hold then $15::timestamptz end, $15::timestamptz
  from conv, me, verdict v
  returning id, conversation_id
), ledger as (
  insert into credit_ledger (user_id, delta, balance_after, reason, reference, created_at)
  select $1::int, -$7::int, debit.credits, $16::text, 'message:' || msg.id, $15::timestamptz
  from msg, debit, verdict v where $7::int <> 0 and not v.hold
), sides as (
  insert into conversation_members (conversation_id, profile_id, num_unread_messages)
  select conv.id, side.profile_id, side.unread
  from conv, me, verdict v, lateral (values (me.id, 0), ($4::int, 1)) as side(profile_id, unread)
  where side.profile_id = me.id or not v.hold
  order by side.profile_id
  on conflict (conversation_id, profile_id) do update
  set deleted_at = null, num_unread_messages = conversation_members.num_unread_messages + excluded.num_unread_messages
  where conversation_members.deleted_at is not null or excluded.num_unread_messages <> 0
)
select case when v.status = 'ok' and debit.credits is null then 'stale' else v.status end as status,
  me.id as sender, me.country, coalesce(debit.credits, payer.credits) as credits,
  msg.id as message_id, msg.conversation_id, v.hold as held
from verdict v left join me on true left join payer on true left join debit on true left join msg on true`;

/**
 * Stores and pays a message in ONE statement (SPEC.md 3-5): refusals change nothing; `ok` means the
 * debit (one conditional UPDATE), the message, its ledger row (reference message:<id>), the
 * conversation and both sides' unread counters and list entries are committed together.
 * Throws the unique violation of messages_client_key for a client_id stored before (isClientIdConflict).
 */
export async function storePaidMessage(db: Db, send: PaidSend): Promise<PaidSendResult> {
  const [row] = await driverQuery<{
    status: PaidSendStatus;
    sender: number | null;
    country: string | null;
    credits: number | null;
    message_id: string | number | bigint | null;
    conversation_id: string | number | bigint | null;
    held: boolean | null;
  }>(db, 'store_paid_message', STORE_PAID_MESSAGE, [
    send.userId,
    send.siteId,
    send.country,
    send.recipientProfileId,
    send.unreachableStatuses,
    send.unconfirmedStatus,
    send.cost,
    send.conversationLimit,
    send.kind,
    send.body,
    send.photoFilename,
    send.photoThumbFilename,
    send.giftId,
    send.clientId,
    send.now.toISOString(),
    send.ledgerReason,
    send.riskWeight ?? 0,
    send.signals && send.signals.length > 0 ? JSON.stringify(send.signals) : null,
  ]);
  if (!row) throw new Error('send statement returned nothing');
  return {
    status: row.status,
    senderProfileId: row.sender,
    senderCountry: row.country,
    credits: row.credits ?? 0,
    messageId: row.message_id === null ? null : Number(row.message_id),
    conversationId: row.conversation_id === null ? null : Number(row.conversation_id),
    held: row.held === true,
  };
}

/** Messages by id with their gifts, oldest first (after a release: what the events carry). */
export async function findMessagesWithGift(db: DbOrTx, ids: readonly number[]): Promise<MessageWithGift[]> {
  if (ids.length === 0) return [];
  return db
    .select({ message: messages, gift: gifts })
    .from(messages)
    .leftJoin(gifts, eq(gifts.id, messages.gift_id))
    .where(inArray(messages.id, [...ids]))
    .orderBy(messages.id);
}
