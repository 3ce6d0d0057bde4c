import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { testProviderPayments } from '../schema.js';

export type TestProviderPaymentRow = typeof testProviderPayments.$inferSelect;
type TestProviderPaymentInsert = typeof testProviderPayments.$inferInsert;

/** Stores a payment of the built-in test provider. */
export async function insertTestProviderPayment(
  db: Db,
  row: TestProviderPaymentInsert,
): Promise<TestProviderPaymentRow> {
  const [stored] = await db.insert(testProviderPayments).values(row).returning();
  if (!stored) throw new Error('test provider payment insert returned nothing');
  return stored;
}

/** A test provider payment by id, or null. */
export async function findTestProviderPayment(db: Db, id: string): Promise<TestProviderPaymentRow | null> {
  const [row] = await db.select().from(testProviderPayments).where(eq(testProviderPayments.id, id));
  return row ?? null;
}

/**
 * Moves a payment to `status` only while it is in one of `from` (a payer cannot pay twice or undo a
 * cancel); returns the row after, or null when it was not in `from`.
 */
export async function settleTestProviderPayment(
  db: Db,
  id: string,
  status: string,
  from: string[],
  now: Date,
): Promise<TestProviderPaymentRow | null> {
  const [row] = await db
    .update(testProviderPayments)
    .set({ status, updated_at: now })
    .where(and(eq(testProviderPayments.id, id), inArray(testProviderPayments.status, from)))
    .returning();
  return row ?? null;
}

/**
 * Adds a refund of `amountCents` to a paid payment when the refunded total stays within its amount;
 * returns false (nothing changed) otherwise.
 */
export async function refundTestProviderPayment(db: Db, id: string, amountCents: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(testProviderPayments)
    .set({ refunded_cents: sql`${testProviderPayments.refunded_cents} + ${amountCents}`, updated_at: now })
    .where(
      and(
        eq(testProviderPayments.id, id),
        eq(testProviderPayments.status, 'paid'),
        sql`${testProviderPayments.refunded_cents} + ${amountCents} <= ${testProviderPayments.amount_cents}`,
      ),
    )
    .returning({ id: testProviderPayments.id });
  return rows.length > 0;
}
