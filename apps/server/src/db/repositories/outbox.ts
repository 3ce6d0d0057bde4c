import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { outbox } from '../schema.js';

export type OutboxRow = typeof outbox.$inferSelect;
export type OutboxInsert = typeof outbox.$inferInsert;

/** Logs a message (mail or SMS) in the outbox; returns its id. */
export async function insertOutbox(db: Db, row: OutboxInsert): Promise<number> {
  const [inserted] = await db.insert(outbox).values(row).returning({ id: outbox.id });
  return inserted!.id;
}

/** Records the outcome of a real transport: `sentAt` when it accepted the message, else the error. */
export async function markOutboxResult(
  db: Db,
  id: number,
  result: { sentAt: Date } | { error: string },
): Promise<void> {
  // A retry that got through clears the error of the attempt before it.
  const set = 'sentAt' in result ? { sent_at: result.sentAt, error: null } : { error: result.error.slice(0, 2000) };
  await db.update(outbox).set(set).where(eq(outbox.id, id));
}

/** One outbox message by id, or null (never stored, or erased with its recipient). */
export async function findOutbox(db: Db, id: number): Promise<OutboxRow | null> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row ?? null;
}

/** The newest `limit` messages, optionally only those to `recipient` (case-insensitive). */
export async function listOutbox(
  db: Db,
  opts: { limit: number; recipient?: string | undefined },
): Promise<OutboxRow[]> {
  const query = db.select().from(outbox);
  const filtered = opts.recipient ? query.where(sql`lower(${outbox.recipient}) = lower(${opts.recipient})`) : query;
  return filtered.orderBy(desc(outbox.id)).limit(opts.limit);
}

/** Removes every message to `recipient` (erasure of personal data). */
export async function deleteOutboxFor(db: Db, recipient: string): Promise<void> {
  await db.delete(outbox).where(sql`lower(${outbox.recipient}) = lower(${recipient})`);
}
