import { and, eq, sql } from 'drizzle-orm';
import { jobs, notification_batches } from '../schema.js';
import type { DbOrTx } from './photos.js';

/** A batch kind: message, like, match (the notify_mail job) or digest (the weekly mail). */
export type BatchKind = 'message' | 'like' | 'match' | 'digest';

/** How a batch's next mail is timed (seconds). */
export interface BatchTiming {
  now: Date;
  /** The earliest a new mail goes out after the event that asks for it (lets a burst gather). */
  delaySeconds: number;
  /** At most one mail of the kind per member this often (NOTIFY_MAIL_INTERVAL_SECONDS). */
  intervalSeconds: number;
  /** A `scheduled_at` older than this is a job that was lost: it no longer blocks a new one. */
  staleAfterSeconds: number;
}

/** The job a batch's mail is sent by: its kind, payload and attempts (the job queue's defaults). */
export interface BatchJob {
  kind: string;
  payload: Record<string, unknown>;
  maxAttempts: number;
}

/**
 * Marks that a mail of `kind` waits for `userId`, unless one already does, and enqueues the job
 * that sends it, in ONE statement (issue: throughput: one round trip and one commit): no row or no
 * waiting mail (or a stale one) sets `scheduled_at` to max(now + delay, last_sent_at + interval)
 * and stores a `jobs` row due then (the row JobQueue.enqueue stores); a mail already waiting adds
 * nothing (a burst gives one mail). Both rows or neither, and inside `db` when it is a transaction.
 * @returns when the job runs, or null when a mail already waits (nothing was added)
 */
export async function scheduleBatchWithJob(
  db: DbOrTx,
  userId: number,
  kind: BatchKind,
  timing: BatchTiming,
  job: BatchJob,
): Promise<Date | null> {
  const earliest = new Date(timing.now.getTime() + timing.delaySeconds * 1000).toISOString();
  const stale = new Date(timing.now.getTime() - timing.staleAfterSeconds * 1000).toISOString();
  const result = await db.execute(sql`with batch as (
  insert into ${notification_batches} (user_id, kind, scheduled_at)
  values (${userId}, ${kind}, ${earliest}::timestamptz)
  on conflict (user_id, kind) do update
  set scheduled_at = greatest(${earliest}::timestamptz,
    ${notification_batches.last_sent_at} + make_interval(secs => ${timing.intervalSeconds}))
  where ${notification_batches.scheduled_at} is null or ${notification_batches.scheduled_at} < ${stale}::timestamptz
  returning ${notification_batches.scheduled_at}
), job as (
  insert into ${jobs} (kind, payload, run_at, max_attempts)
  select ${job.kind}, ${JSON.stringify(job.payload)}::jsonb, batch.scheduled_at, ${job.maxAttempts}::int from batch
)
select scheduled_at from batch`);
  const [row] = (result as unknown as { rows: { scheduled_at: Date | string | null }[] }).rows;
  return row?.scheduled_at ? new Date(row.scheduled_at) : null;
}

/**
 * The notify_mail job takes its batch: clears `scheduled_at` (new events schedule the next mail)
 * and locks the row for the rest of the transaction. Returns `last_sent_at` (null: never sent), or
 * undefined when there is no batch row.
 */
export async function takeBatch(
  tx: DbOrTx,
  userId: number,
  kind: BatchKind,
): Promise<{ lastSentAt: Date | null } | undefined> {
  const [row] = await tx
    .update(notification_batches)
    .set({ scheduled_at: null })
    .where(and(eq(notification_batches.user_id, userId), eq(notification_batches.kind, kind)))
    .returning({ last_sent_at: notification_batches.last_sent_at });
  return row ? { lastSentAt: row.last_sent_at } : undefined;
}

/** Records that a mail of `kind` went to `userId` at `at` (inserts the row for a first digest). */
export async function markBatchSent(tx: DbOrTx, userId: number, kind: BatchKind, at: Date): Promise<void> {
  await tx
    .insert(notification_batches)
    .values({ user_id: userId, kind, last_sent_at: at })
    .onConflictDoUpdate({
      target: [notification_batches.user_id, notification_batches.kind],
      set: { last_sent_at: at },
    });
}

/** The batch row of `userId` and `kind`, or null (tests and the digest's weekly guard). */
export async function findBatch(
  db: DbOrTx,
  userId: number,
  kind: BatchKind,
): Promise<typeof notification_batches.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(notification_batches)
    .where(and(eq(notification_batches.user_id, userId), eq(notification_batches.kind, kind)));
  return row ?? null;
}
