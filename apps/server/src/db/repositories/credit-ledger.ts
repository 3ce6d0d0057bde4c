import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { creditLedger, users } from '../schema.js';
import type { DbOrTx } from './photos.js';

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

/**
 * Takes `cost` credits: ONE conditional UPDATE that only succeeds when the balance covers it, so two
 * concurrent debits can never spend the same credit (the row stays locked until the transaction
 * ends, which also serialises a member's sends). Call inside the transaction that stores what was
 * paid for, then `recordDebit` once its reference is known. Returns the balance after, or null when
 * the balance is too low (nothing changed).
 */
export async function debitCredits(tx: DbOrTx, userId: number, cost: number): Promise<number | null> {
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} - ${cost}` })
    .where(and(eq(users.id, userId), gte(users.credits, cost)))
    .returning({ credits: users.credits });
  return row ? row.credits : null;
}

/** The ledger row of a debit (DECISIONS.md: every change of a balance is a ledger entry); none for 0. */
export async function recordDebit(
  tx: DbOrTx,
  entry: { userId: number; cost: number; balanceAfter: number; reason: string; reference: string; now: Date },
): Promise<void> {
  if (entry.cost === 0) return;
  await tx.insert(creditLedger).values({
    user_id: entry.userId,
    delta: -entry.cost,
    balance_after: entry.balanceAfter,
    reason: entry.reason,
    reference: entry.reference,
    created_at: entry.now,
  });
}

/** The newest `limit` ledger rows of a member, newest first (the back office's member detail). */
export async function listRecentLedger(db: Db, userId: number, limit: number): Promise<LedgerRow[]> {
  return db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.user_id, userId))
    .orderBy(desc(creditLedger.id))
    .limit(limit);
}

/**
 * Adds `delta` credits (negative: takes them) to user `userId` for `reason` (a staff adjustment):
 * ONE conditional UPDATE that only succeeds while the balance stays at or above zero, plus the ledger
 * row with the balance after, so concurrent changes never lose one another. Call inside a transaction.
 * Returns the ledger row, or null when the balance would drop below zero (nothing changed).
 */
export async function adjustCredits(
  tx: DbOrTx,
  entry: { userId: number; delta: number; reason: string; reference: string | null; now: Date },
): Promise<LedgerRow | null> {
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${entry.delta}` })
    .where(and(eq(users.id, entry.userId), gte(sql`${users.credits} + ${entry.delta}`, 0)))
    .returning({ credits: users.credits });
  if (!row) return null;
  const [ledger] = await tx
    .insert(creditLedger)
    .values({
      user_id: entry.userId,
      delta: entry.delta,
      balance_after: row.credits,
      reason: entry.reason,
      reference: entry.reference,
      created_at: entry.now,
    })
    .returning();
  return ledger ?? null;
}
