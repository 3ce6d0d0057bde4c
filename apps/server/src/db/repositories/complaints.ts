import { desc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { complaints } from '../schema.js';

export type ComplaintRow = typeof complaints.$inferSelect;
export type ComplaintInsert = typeof complaints.$inferInsert;

/** Stores a complaint for staff (status open); returns the row. */
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
