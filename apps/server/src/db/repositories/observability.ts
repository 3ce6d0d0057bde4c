/**
 * The queries of the operations endpoints (docs/operations.md): readiness and the figures /metrics
 * reads from the database. Each is cheap: the jobs counts walk partial indexes, and callers cache
 * the payments count (observability/database-metrics.ts).
 */
import { and, count, eq, gte, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { jobs, payments } from '../schema.js';

/** Queued jobs of one kind in one state (due now, running under a lease, or waiting for a later time). */
export interface QueuedJobCount {
  kind: string;
  state: 'due' | 'running' | 'scheduled';
  n: number;
}

/** Jobs (or payments) of one kind (state) and how many. */
export interface KindCount {
  kind: string;
  n: number;
}

/** Runs `select 1`. @throws the driver's error when the database cannot be reached */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * The `created_at` (the migration folder's timestamp, milliseconds) of the newest migration Drizzle
 * recorded in `drizzle.__drizzle_migrations`; null when none is recorded.
 * @throws the driver's error when the table does not exist
 */
export async function latestAppliedMigration(db: Db): Promise<number | null> {
  const result = await db.execute(sql`select max(created_at) as latest from drizzle.__drizzle_migrations`);
  const latest = (result as unknown as { rows: { latest: string | number | null }[] }).rows[0]?.latest;
  return latest === null || latest === undefined ? null : Number(latest);
}

/**
 * Queued jobs by kind and state at `now` (the queue depth; docs/decisions/009-jobs.md): `due` waits
 * for a worker, `running` is held by a worker's lease, `scheduled` waits for its time (a retry after
 * backoff, a delayed notification). Reads only the partial index of queued rows (jobs_due_idx).
 */
export async function countQueuedJobs(db: Db, now: Date): Promise<QueuedJobCount[]> {
  const state = sql<QueuedJobCount['state']>`case
    when ${jobs.run_at} <= ${now.toISOString()}::timestamptz then 'due'
    when ${jobs.lock_token} is not null then 'running'
    else 'scheduled' end`;
  return (
    db
      .select({ kind: jobs.kind, state, n: count() })
      .from(jobs)
      .where(eq(jobs.status, 'queued'))
      // By position: the state's expression carries a parameter, which GROUP BY cannot match by text.
      .groupBy(sql`1`, sql`2`)
  );
}

/**
 * Jobs that used up their attempts (status failed) since `since`, by kind. Reads the partial index
 * of finished jobs by finish time (jobs_finished_idx), so only the window is read.
 */
export async function countFailedJobsSince(db: Db, since: Date): Promise<KindCount[]> {
  return db
    .select({ kind: jobs.kind, n: count() })
    .from(jobs)
    .where(and(ne(jobs.status, 'queued'), gte(jobs.finished_at, since), eq(jobs.status, 'failed')))
    .groupBy(jobs.kind);
}

/** Payments by status (SPEC.md 6 payment states). A full count: call it rarely (callers cache it). */
export async function countPaymentsByStatus(db: Db): Promise<KindCount[]> {
  return db.select({ kind: payments.status, n: count() }).from(payments).groupBy(payments.status);
}
