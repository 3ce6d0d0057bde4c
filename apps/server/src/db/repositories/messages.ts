import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { gifts, messages } from '../schema.js';
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
 * and before message id `before`.
 */
export async function listMessages(
  db: Db,
  conversationId: number,
  opts: { clearedAt: Date | null; before?: number | undefined; limit: number },
): Promise<MessageWithGift[]> {
  const conditions = [eq(messages.conversation_id, conversationId)];
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
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && (constraint === 'messages_client_key' || message?.includes('messages_client_key')))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Counts messages (benchmarks, tests). */
export async function countMessages(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(messages);
  return row?.n ?? 0;
}
