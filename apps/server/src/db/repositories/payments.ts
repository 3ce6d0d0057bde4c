import { and, desc, eq, gt, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { creditLedger, paymentRefunds, payments, users } from '../schema.js';
import type { DbOrTx } from './photos.js';

export type PaymentRow = typeof payments.$inferSelect;
type PaymentInsert = typeof payments.$inferInsert;
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;

/** States a payment can still leave (SPEC.md 6: "being processed"). */
const OPEN_STATES = ['open', 'pending'];

/** The ledger reference of everything a payment does to a balance. */
export const paymentReference = (paymentId: number) => `payment:${paymentId}`;

/** Stores a new payment (status open). */
export async function insertPayment(db: Db, values: PaymentInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('payment insert returned nothing');
  return row;
}

/** Records the provider's id and checkout URL of a payment. */
export async function setProviderPayment(
  db: Db,
  id: number,
  providerPaymentId: string,
  checkoutUrl: string,
  now: Date,
): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ provider_payment_id: providerPaymentId, checkout_url: checkoutUrl, updated_at: now })
    .where(eq(payments.id, id))
    .returning();
  if (!row) throw new Error(`payment ${id} vanished`);
  return row;
}

/** A payment by id, or null. */
export async function findPayment(db: DbOrTx, id: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

/** The open, pending or paid payment that holds a discount claim (payments_discount_claim_key), or null. */
export async function findPaymentHoldingClaim(db: Db, claim: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.discount_claim, claim), inArray(payments.status, [...OPEN_STATES, 'paid'])));
  return row ?? null;
}

/** A payment by the provider's id, or null. */
export async function findPaymentByProviderId(
  db: Db,
  provider: string,
  providerId: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.provider_payment_id, providerId)));
  return row ?? null;
}

/**
 * The member's last paid checkout payment (for a repeat order), or null. Direct debits are left out:
 * they need a mandate confirmed by SMS code, so they cannot be repeated in one step.
 */
export async function findLastPaidPayment(db: Db, userId: number): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.user_id, userId), eq(payments.status, 'paid'), ne(payments.flow, 'direct_debit')))
    .orderBy(desc(payments.paid_at), desc(payments.id))
    .limit(1);
  return row ?? null;
}

/**
 * The provider id of the member's latest direct-debit payment at `provider` (so the provider can
 * reuse its customer), or null.
 */
export async function findLastDirectDebitProviderId(db: Db, userId: number, provider: string): Promise<string | null> {
  const [row] = await db
    .select({ id: payments.provider_payment_id })
    .from(payments)
    .where(
      and(
        eq(payments.user_id, userId),
        eq(payments.provider, provider),
        eq(payments.flow, 'direct_debit'),
        isNotNull(payments.provider_payment_id),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Unfinished (open or pending) payments of `provider` created before their flow's limit: direct
 * debits before `directDebitBefore`, every other flow before `checkoutBefore`. Oldest first, with
 * id > `afterId`, at most `limit` (keyset pages, so a payment the provider still reports open is
 * not read again in the same run).
 */
export async function findStalePayments(
  db: Db,
  opts: { provider: string; checkoutBefore: Date; directDebitBefore: Date; afterId: number; limit: number },
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, opts.provider),
        inArray(payments.status, OPEN_STATES),
        gt(payments.id, opts.afterId),
        or(
          and(eq(payments.flow, 'direct_debit'), lt(payments.created_at, opts.directDebitBefore)),
          and(ne(payments.flow, 'direct_debit'), lt(payments.created_at, opts.checkoutBefore)),
        ),
      ),
    )
    .orderBy(payments.id)
    .limit(opts.limit);
}

/** Payments, newest first: a member's (userId) or everyone's; at most `limit`. */
export async function listPayments(db: Db, opts: { userId?: number; limit: number }): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(opts.userId === undefined ? undefined : eq(payments.user_id, opts.userId))
    .orderBy(desc(payments.id))
    .limit(opts.limit);
}

/**
 * Moves a payment to `status` only while it is open or pending: ONE conditional UPDATE, so of any
 * number of concurrent syncs exactly one sees the row move to a final state. Returns the row after,
 * or null when it had already left open/pending (nothing changed).
 */
export async function moveOpenPayment(tx: DbOrTx, id: number, status: string, now: Date): Promise<PaymentRow | null> {
  const [row] = await tx
    .update(payments)
    .set({ status, updated_at: now, paid_at: status === 'paid' ? now : null })
    .where(and(eq(payments.id, id), inArray(payments.status, OPEN_STATES)))
    .returning();
  return row ?? null;
}

/**
 * The credits of a paid payment: one UPDATE that adds them and makes the member premium (SPEC.md 1,
 * 4: the first purchase does), plus the `purchase` ledger row `payment:<id>`, whose unique index
 * refuses a second grant. Call in the transaction that moved the payment to paid. Returns the balance.
 */
export async function grantPurchase(
  tx: DbOrTx,
  grant: { userId: number; credits: number; paymentId: number; now: Date },
): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${grant.credits}`, paid_user: true })
    .where(eq(users.id, grant.userId))
    .returning({ credits: users.credits });
  if (!row) throw new Error(`user ${grant.userId} of payment ${grant.paymentId} vanished`);
  await tx.insert(creditLedger).values({
    user_id: grant.userId,
    delta: grant.credits,
    balance_after: row.credits,
    reason: 'purchase',
    reference: paymentReference(grant.paymentId),
    created_at: grant.now,
  });
  return row.credits;
}

/**
 * Adds a refund of `cents` to a paid payment while the refunded total stays within its amount: one
 * conditional UPDATE. Returns the refunded cents before and after, or null (not paid, or too much).
 */
export async function addRefundedCents(
  tx: DbOrTx,
  id: number,
  cents: number,
  now: Date,
): Promise<{ before: number; after: number } | null> {
  const [row] = await tx
    .update(payments)
    .set({ refunded_cents: sql`${payments.refunded_cents} + ${cents}`, updated_at: now })
    .where(
      and(
        eq(payments.id, id),
        eq(payments.status, 'paid'),
        sql`${payments.refunded_cents} + ${cents} <= ${payments.amount_cents}`,
      ),
    )
    .returning({ after: payments.refunded_cents });
  return row ? { before: row.after - cents, after: row.after } : null;
}

/**
 * Takes up to `wanted` credits back, never below zero: ONE statement that locks the member's row,
 * takes least(credits, wanted) and returns what it took and the balance after.
 */
export async function takeBackCredits(
  tx: DbOrTx,
  userId: number,
  wanted: number,
): Promise<{ taken: number; credits: number }> {
  const result = await tx.execute(sql`with before as (
      select id, credits from ${users} where id = ${userId} for update
    )
    update ${users} u set credits = u.credits - least(u.credits, ${wanted}::int)
    from before where u.id = before.id
    returning before.credits - u.credits as taken, u.credits as credits`);
  const [row] = (result as unknown as { rows: { taken: number | string; credits: number | string }[] }).rows;
  if (!row) throw new Error(`user ${userId} vanished`);
  return { taken: Number(row.taken), credits: Number(row.credits) };
}

/** Records a refund and its ledger row (reason refund, reference payment:<id>, delta -taken). */
export async function recordRefund(
  tx: DbOrTx,
  refund: {
    paymentId: number;
    userId: number;
    amountCents: number;
    taken: number;
    balanceAfter: number;
    providerRefundId: string;
    reason: string | null;
    now: Date;
  },
): Promise<PaymentRefundRow> {
  const [row] = await tx
    .insert(paymentRefunds)
    .values({
      payment_id: refund.paymentId,
      amount_cents: refund.amountCents,
      credits_taken: refund.taken,
      provider_refund_id: refund.providerRefundId,
      reason: refund.reason,
      created_at: refund.now,
    })
    .returning();
  await tx.insert(creditLedger).values({
    user_id: refund.userId,
    delta: -refund.taken,
    balance_after: refund.balanceAfter,
    reason: 'refund',
    reference: paymentReference(refund.paymentId),
    created_at: refund.now,
  });
  if (!row) throw new Error('refund insert returned nothing');
  return row;
}

/** The refunds of a payment, oldest first. */
export async function listPaymentRefunds(db: Db, paymentId: number): Promise<PaymentRefundRow[]> {
  return db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.payment_id, paymentId))
    .orderBy(paymentRefunds.created_at, paymentRefunds.id);
}

/** The member's credit-ledger rows of a payment (reference `payment:<id>`: its purchase and refunds), oldest first. */
export async function listPaymentLedgerRows(
  db: Db,
  payment: { id: number; user_id: number },
): Promise<(typeof creditLedger.$inferSelect)[]> {
  return db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.user_id, payment.user_id), eq(creditLedger.reference, paymentReference(payment.id))))
    .orderBy(creditLedger.created_at, creditLedger.id);
}
