import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../client.js';
import { complaints } from '../schema.js';
import type { DbOrTx } from './photos.js';

export type ComplaintRow = typeof complaints.$inferSelect;
export type ComplaintInsert = typeof complaints.$inferInsert;

/** Stores a complaint for staff (status new); returns the row. */
export async function insertComplaint(db: Db, row: ComplaintInsert): Promise<ComplaintRow> {
  const [inserted] = await db.insert(complaints).values(row).returning();
  return inserted!;
}

/** The complaints of a member, newest first. */
export async function listMemberComplaints(db: Db, userId: number): Promise<ComplaintRow[]> {
  return db
    .select()
    .from(complaints)
    .where(eq(complaints.user_id, userId))
    .orderBy(desc(complaints.created_at), desc(complaints.id));
}

/** A complaint by id, or null. */
export async function findComplaint(db: DbOrTx, id: number): Promise<ComplaintRow | null> {
  const [row] = await db.select().from(complaints).where(eq(complaints.id, id));
  return row ?? null;
}

/**
 * A complaint by id with its row locked until the transaction ends (so a change and its audit entry
 * see the same "before"), or null.
 */
export async function lockComplaint(tx: DbOrTx, id: number): Promise<ComplaintRow | null> {
  const [row] = await tx.select().from(complaints).where(eq(complaints.id, id)).for('update');
  return row ?? null;
}

/** What staff change on a complaint: the state, and the answer with when and by whom. */
export type ComplaintChange = Partial<Pick<ComplaintRow, 'status' | 'answer' | 'answered_at' | 'answered_by'>>;

/** Applies `change` to complaint `id`; returns the row after, or null when it is gone. */
export async function updateComplaint(tx: DbOrTx, id: number, change: ComplaintChange): Promise<ComplaintRow | null> {
  const [row] = await tx.update(complaints).set(change).where(eq(complaints.id, id)).returning();
  return row ?? null;
}

/** A member's other complaints (all but `exceptId`), newest first, at most `limit`. */
export async function listOtherMemberComplaints(
  db: Db,
  userId: number,
  exceptId: number,
  limit: number,
): Promise<ComplaintRow[]> {
  return db
    .select()
    .from(complaints)
    .where(and(eq(complaints.user_id, userId), ne(complaints.id, exceptId)))
    .orderBy(desc(complaints.created_at), desc(complaints.id))
    .limit(limit);
}

/** The complaints that name payment `paymentId`, newest first. */
export async function listPaymentComplaints(db: Db, paymentId: number): Promise<ComplaintRow[]> {
  return db
    .select()
    .from(complaints)
    .where(eq(complaints.payment_id, paymentId))
    .orderBy(desc(complaints.created_at), desc(complaints.id));
}
