import type { Db } from '../../src/db/client.js';
import { creditLedger, discountCodes, payments } from '../../src/db/schema.js';

/** A discount code on a site; defaults: 10% off, active, once per user, no limits. */
export async function createDiscountCode(
  db: Db,
  siteId: number,
  overrides: Partial<typeof discountCodes.$inferInsert> & { code: string },
) {
  const [row] = await db
    .insert(discountCodes)
    .values({ site_id: siteId, value_percentage: 10, ...overrides })
    .returning();
  return row!;
}

/** A payment row as the payment flow would leave it (default: paid 19,95 EUR for 150 credits, test provider). */
export async function createPayment(
  db: Db,
  opts: { siteId: number; userId: number; packageId: number } & Partial<typeof payments.$inferInsert>,
) {
  const { siteId, userId, packageId, ...rest } = opts;
  const status = rest.status ?? 'paid';
  const createdAt = rest.created_at ?? new Date();
  const [row] = await db
    .insert(payments)
    .values({
      site_id: siteId,
      user_id: userId,
      package_id: packageId,
      credits: 150,
      amount_cents: 1995,
      original_cents: 1995,
      currency: 'EUR',
      method: 'ideal',
      provider: 'test',
      status,
      created_at: createdAt,
      paid_at: status === 'paid' ? createdAt : null,
      ...rest,
    })
    .returning();
  return row!;
}

/** A credit-ledger row written directly (the balance itself is not touched). */
export async function createLedgerRow(
  db: Db,
  row: { userId: number; delta: number; balanceAfter: number; reason: string; reference?: string; at: Date },
) {
  const [inserted] = await db
    .insert(creditLedger)
    .values({
      user_id: row.userId,
      delta: row.delta,
      balance_after: row.balanceAfter,
      reason: row.reason,
      reference: row.reference ?? null,
      created_at: row.at,
    })
    .returning();
  return inserted!;
}
