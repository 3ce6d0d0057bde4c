import { and, desc, eq, gt, gte, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { blockedAccounts, directDebitMandates, outbox, payments } from '../schema.js';
import type { DbOrTx } from './photos.js';

export type MandateRow = typeof directDebitMandates.$inferSelect;
export type MandateInsert = typeof directDebitMandates.$inferInsert;

/**
 * Whether direct debit is refused: the IBAN (electronic format) is in blocked_accounts, or a direct
 * debit from this IBAN or of this member came back failed (the bank refused or reversed it).
 */
export async function isDirectDebitBlocked(db: Db, userId: number, iban: string): Promise<boolean> {
  const [blocked] = await db
    .select({ iban: blockedAccounts.iban })
    .from(blockedAccounts)
    .where(eq(blockedAccounts.iban, iban));
  if (blocked) return true;
  const [failed] = await db
    .select({ id: payments.id })
    .from(directDebitMandates)
    .innerJoin(payments, eq(payments.id, directDebitMandates.payment_id))
    .where(
      and(
        eq(payments.status, 'failed'),
        sql`(${directDebitMandates.iban} = ${iban} or ${directDebitMandates.user_id} = ${userId})`,
      ),
    )
    .limit(1);
  return !!failed;
}

/** Cents of the member's direct-debit payments since `since` that were not failed, canceled or expired. */
export async function sumDirectDebitCents(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${payments.amount_cents}), 0)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.user_id, userId),
        eq(payments.flow, 'direct_debit'),
        notInArray(payments.status, ['failed', 'canceled', 'expired']),
        gte(payments.created_at, since),
      ),
    );
  return row?.total ?? 0;
}

/** How many mandates (so SMS codes) the member started since `since`. */
export async function countMandatesSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(directDebitMandates)
    .where(and(eq(directDebitMandates.user_id, userId), gte(directDebitMandates.created_at, since)));
  return row?.n ?? 0;
}

/** Stores a mandate; returns it. */
export async function insertMandate(db: Db, row: MandateInsert): Promise<MandateRow> {
  const [inserted] = await db.insert(directDebitMandates).values(row).returning();
  return inserted!;
}

/** The member's mandate `id`, else null (someone else's mandate is not found). */
export async function findOwnMandate(db: Db, userId: number, id: number): Promise<MandateRow | null> {
  const [row] = await db
    .select()
    .from(directDebitMandates)
    .where(and(eq(directDebitMandates.id, id), eq(directDebitMandates.user_id, userId)));
  return row ?? null;
}

/** A mandate whose code may still be tried: pending, within its expiry and with tries left. */
function isOpen(id: number, now: Date, tries: number) {
  return and(
    eq(directDebitMandates.id, id),
    eq(directDebitMandates.status, 'pending'),
    gt(directDebitMandates.otp_expires_at, now),
    lt(directDebitMandates.otp_attempts, tries),
  );
}

/**
 * Counts a wrong code in ONE conditional UPDATE (concurrent guesses cannot share a try); the mandate
 * becomes failed with the last try. Returns the attempts used, or null when it was no longer open.
 */
export async function recordWrongCode(db: Db, id: number, now: Date, tries: number): Promise<number | null> {
  const [row] = await db
    .update(directDebitMandates)
    .set({
      otp_attempts: sql`${directDebitMandates.otp_attempts} + 1`,
      status: sql`case when ${directDebitMandates.otp_attempts} + 1 >= ${tries} then 'failed' else 'pending' end`,
    })
    .where(isOpen(id, now, tries))
    .returning({ attempts: directDebitMandates.otp_attempts });
  return row ? row.attempts : null;
}

/** Confirms an open mandate (one UPDATE: only one of concurrent right codes wins); false when not open. */
export async function confirmMandate(db: Db, id: number, now: Date, tries: number): Promise<boolean> {
  const rows = await db
    .update(directDebitMandates)
    .set({ status: 'confirmed', confirmed_at: now, otp_hash: null })
    .where(isOpen(id, now, tries))
    .returning({ id: directDebitMandates.id });
  return rows.length > 0;
}

/** Links the payment a confirmed mandate started. */
export async function setMandatePayment(db: Db, id: number, paymentId: number): Promise<void> {
  await db.update(directDebitMandates).set({ payment_id: paymentId }).where(eq(directDebitMandates.id, id));
}

/** The member's most recently confirmed mandate, else null. */
export async function findLastConfirmedMandate(db: Db, userId: number): Promise<MandateRow | null> {
  const [row] = await db
    .select()
    .from(directDebitMandates)
    .where(and(eq(directDebitMandates.user_id, userId), eq(directDebitMandates.status, 'confirmed')))
    .orderBy(desc(directDebitMandates.confirmed_at), desc(directDebitMandates.id))
    .limit(1);
  return row ?? null;
}

/**
 * Erasure (DECISIONS.md GDPR): removes the SMS sent to the member's mandate phones and the mandates
 * that never led to a payment; mandates of payments stay with the payment (bookkeeping).
 */
export async function eraseDirectDebitData(tx: DbOrTx, userId: number): Promise<void> {
  const phones = tx
    .select({ phone: directDebitMandates.phone })
    .from(directDebitMandates)
    .where(eq(directDebitMandates.user_id, userId));
  await tx.delete(outbox).where(and(eq(outbox.channel, 'sms'), inArray(outbox.recipient, phones)));
  await tx
    .delete(directDebitMandates)
    .where(and(eq(directDebitMandates.user_id, userId), isNull(directDebitMandates.payment_id)));
}
