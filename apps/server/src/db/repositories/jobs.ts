import { and, asc, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import { jobs } from '../schema.js';
import type { DbOrTx } from './photos.js';

export type JobRow = typeof jobs.$inferSelect;

/** A job to store: what to run, with what, when, how often at most, and an optional dedupe key. */
export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  runAt: Date;
  maxAttempts: number;
  uniqueKey?: string | null;
  /** Stores the job already claimed by the caller (it runs it itself first); null: waiting. */
  lockToken?: string | null;
}

/**
 * Stores a job in `db` (a transaction: the job exists only if it commits). With a `uniqueKey` that
 * is already taken nothing is stored. Returns the new row's id, or null when the key was taken.
 */
export async function insertJob(db: DbOrTx, job: NewJob): Promise<number | null> {
  const rows = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      run_at: job.runAt,
      max_attempts: job.maxAttempts,
      unique_key: job.uniqueKey ?? null,
      lock_token: job.lockToken ?? null,
      // A job stored claimed is being run by its caller: that run is its first attempt.
      attempts: job.lockToken ? 1 : 0,
    })
    .onConflictDoNothing({ target: jobs.unique_key })
    .returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

/**
 * Claims up to `limit` due jobs of `kinds` for one worker in one statement: rows another worker is
 * claiming are skipped (FOR UPDATE SKIP LOCKED), and each claimed row gets `lockToken`, one more
 * attempt and `run_at = leaseEnd`, so no other worker sees it due before the lease ends.
 */
export async function claimDueJobs(
  db: DbOrTx,
  opts: { now: Date; leaseEnd: Date; lockToken: string; limit: number; kinds: string[] },
): Promise<JobRow[]> {
  if (opts.kinds.length === 0) return [];
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, 'queued'), lte(jobs.run_at, opts.now), inArray(jobs.kind, opts.kinds)))
    .orderBy(asc(jobs.run_at), asc(jobs.id))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({ lock_token: opts.lockToken, run_at: opts.leaseEnd, attempts: sql`${jobs.attempts} + 1` })
    .where(and(inArray(jobs.id, due), eq(jobs.status, 'queued')))
    .returning();
}

/** Moves the lease of a claimed job to `leaseEnd`; false when the claim was lost (lease over, taken again). */
export async function extendJobLease(db: DbOrTx, id: number, lockToken: string, leaseEnd: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ run_at: leaseEnd })
    .where(and(eq(jobs.id, id), eq(jobs.lock_token, lockToken), eq(jobs.status, 'queued')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Marks a claimed job done; false when the claim was lost meanwhile. */
export async function completeJob(db: DbOrTx, id: number, lockToken: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'done', finished_at: now, lock_token: null, last_error: null })
    .where(and(eq(jobs.id, id), eq(jobs.lock_token, lockToken)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Records a failed run of a claimed job: due again at `retryAt`, or `failed` for good when it has
 * used up its attempts. `error` is cut to 2000 characters.
 */
export async function failJob(
  db: DbOrTx,
  id: number,
  lockToken: string,
  opts: { error: string; retryAt: Date; now: Date },
): Promise<void> {
  await db
    .update(jobs)
    .set({
      lock_token: null,
      last_error: opts.error.slice(0, 2000),
      run_at: opts.retryAt,
      status: sql`case when ${jobs.attempts} >= ${jobs.max_attempts} then 'failed' else 'queued' end`,
      finished_at: sql`case when ${jobs.attempts} >= ${jobs.max_attempts} then ${opts.now.toISOString()}::timestamptz end`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.lock_token, lockToken)));
}

/** Removes finished (done or failed) jobs that finished before `before`; returns how many. */
export async function deleteFinishedJobs(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(ne(jobs.status, 'queued'), lt(jobs.finished_at, before)))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Jobs of `kind`, oldest first (tests and staff checks). */
export async function listJobs(db: DbOrTx, kind: string): Promise<JobRow[]> {
  return db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(asc(jobs.id));
}
