import type { Db } from '../db/client.js';
import { deleteRowsMadeBefore, type RetainedTable } from '../db/repositories/retention.js';
import { RETENTION_DAYS } from './kinds.js';

/**
 * Deletes what is past its retention period at `now` (the scheduled `purge_records` job, daily across
 * instances). Answers the number of rows deleted per table.
 */
export async function purgeExpiredRecords(db: Db, now: Date): Promise<Record<RetainedTable, number>> {
  const deleted = {} as Record<RetainedTable, number>;
  for (const [table, days] of Object.entries(RETENTION_DAYS) as [RetainedTable, number][]) {
    deleted[table] = await deleteRowsMadeBefore(db, table, new Date(now.getTime() - days * 86_400_000));
  }
  return deleted;
}
