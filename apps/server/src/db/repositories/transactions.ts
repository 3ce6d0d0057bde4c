import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { creditLedger, payments } from '../schema.js';
import type { LedgerRow } from './credit-ledger.js';

export type MemberPaymentRow = typeof payments.$inferSelect;

/** Every ledger row of a member, newest first (SPEC.md 2 /transactions). Served by credit_ledger_user_idx. */
export async function listLedgerNewestFirst(db: Db, userId: number): Promise<LedgerRow[]> {
  return db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.user_id, userId))
    .orderBy(desc(creditLedger.created_at), desc(creditLedger.id));
}

/** Every payment of a member in any state, newest first. Served by payments_user_idx. */
export async function listPaymentsNewestFirst(db: Db, userId: number): Promise<MemberPaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.user_id, userId))
    .orderBy(desc(payments.created_at), desc(payments.id));
}

/**
 * The payment `paymentId` when it belongs to member `owner.userId` of site `owner.siteId`, else null:
 * a member-side lookup by id cannot reach another member's or another site's payment.
 */
export async function findMemberPayment(
  db: Db,
  owner: { siteId: number; userId: number },
  paymentId: number,
): Promise<MemberPaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.site_id, owner.siteId), eq(payments.user_id, owner.userId)));
  return row ?? null;
}
