import { eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { pageEvents } from '../schema.js';

/** Stores one page-hidden event. */
export async function insertPageEvent(db: Db, row: typeof pageEvents.$inferInsert): Promise<void> {
  await db.insert(pageEvents).values(row);
}

/** Detaches a user's page events from the account (erasure keeps only anonymous counts). */
export async function deleteUserPageEvents(db: Db, userId: number): Promise<void> {
  await db.delete(pageEvents).where(eq(pageEvents.user_id, userId));
}
