import { lt } from 'drizzle-orm';
import { loginAttempts, mail_feedback, outbox, pageEvents } from '../schema.js';
import type { DbOrTx } from './photos.js';

/** The tables whose rows only serve operations and are kept for a limited time (jobs/retention.ts). */
const TABLES = {
  login_attempts: loginAttempts,
  page_events: pageEvents,
  outbox,
  mail_feedback,
} as const;

/** A table with a retention period. */
export type RetainedTable = keyof typeof TABLES;

/** Deletes the rows of `table` made before `before`; answers how many went. */
export async function deleteRowsMadeBefore(db: DbOrTx, table: RetainedTable, before: Date): Promise<number> {
  const t = TABLES[table];
  const rows = await db.delete(t).where(lt(t.created_at, before)).returning({ id: t.id });
  return rows.length;
}
