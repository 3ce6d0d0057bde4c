import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { creditLedger, users } from '../schema.js';

export type LedgerRow = typeof creditLedger.$inferSelect;

/**
 * Adds `amount` credits for `reason` at most once per account: one conditional UPDATE (skipped when
 * a ledger row with this reason exists) plus the ledger row with the balance after. Call inside a
 * transaction. Returns the new balance, or null when the credits were granted before.
 */
export async function grantCreditsOnce(
  db: Db,
  userId: number,
  amount: number,
  reason: string,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ credits: sql`${users.credits} + ${amount}` })
    .where(
      and(
        eq(users.id, userId),
        sql`not exists (select 1 from ${creditLedger} where ${creditLedger.user_id} = ${userId} and ${creditLedger.reason} = ${reason})`,
      ),
    )
    .returning({ credits: users.credits });
  if (!row) return null;
  await db
    .insert(creditLedger)
    .values({ user_id: userId, delta: amount, balance_after: row.credits, reason, created_at: now });
  return row.credits;
}

/** Every ledger row of a member, oldest first. */
export async function listLedger(db: Db, userId: number): Promise<LedgerRow[]> {
  return db.select().from(creditLedger).where(eq(creditLedger.user_id, userId)).orderBy(asc(creditLedger.id));
}
