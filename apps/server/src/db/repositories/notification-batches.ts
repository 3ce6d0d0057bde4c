import { and, eq, sql } from 'drizzle-orm';
import { notification_batches } from '../schema.js';
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

/**
 * Marks that a mail of `kind` waits for `userId`, unless one already does, in one upsert: no row or
 * no waiting mail (or a stale one) sets `scheduled_at` to max(now + delay, last_sent_at + interval)
 * and returns it, so the caller enqueues the one job for it in the same transaction; a mail already
 * waiting returns null (a burst gives one mail).
 */
export async function scheduleBatch(
  tx: DbOrTx,
  userId: number,
  kind: BatchKind,
  timing: BatchTiming,
): Promise<Date | null> {
  const earliest = new Date(timing.now.getTime() + timing.delaySeconds * 1000).toISOString();
  const stale = new Date(timing.now.getTime() - timing.staleAfterSeconds * 1000).toISOString();
  const rows = await tx
    .insert(notification_batches)
    .values({ user_id: userId, kind, scheduled_at: sql`${earliest}::timestamptz` })
    .onConflictDoUpdate({
      target: [notification_batches.user_id, notification_batches.kind],
      set: {
        scheduled_at: sql`greatest(${earliest}::timestamptz,
          ${notification_batches.last_sent_at} + make_interval(secs => ${timing.intervalSeconds}))`,
      },
      setWhere: sql`${notification_batches.scheduled_at} is null or ${notification_batches.scheduled_at} < ${stale}::timestamptz`,
    })
    .returning({ scheduled_at: notification_batches.scheduled_at });
  return rows[0]?.scheduled_at ?? null;
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
