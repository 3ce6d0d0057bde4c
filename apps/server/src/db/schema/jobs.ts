/** The durable job queue (docs/decisions/009-jobs.md). */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * Work that must not be lost: mails, SMS, the scheduled clean-ups. A row is `queued` until a worker
 * finishes it (`done`) or it used up its attempts (`failed`). A worker claims a due row by moving
 * `run_at` to the end of its lease and setting `lock_token`; a crashed worker's row is due again
 * once the lease is over.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** queued | done | failed */
    status: text('status').notNull().default('queued'),
    /** When the row is due: first the requested time, then the lease end while claimed, then the retry time. */
    run_at: timestamp('run_at', { withTimezone: true }).notNull(),
    /** Runs started so far (a claim counts, so a job that crashes its worker cannot loop for ever). */
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull(),
    /** The claim of the worker running it; null while waiting. */
    lock_token: text('lock_token'),
    last_error: text('last_error'),
    /** At most one job per key (a scheduled job's kind and period). */
    unique_key: text('unique_key'),
    created_at: createdAt(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_unique_key_key').on(t.unique_key),
    index('jobs_due_idx').on(t.run_at).where(sql`${t.status} = 'queued'`),
    index('jobs_finished_idx').on(t.finished_at).where(sql`${t.status} <> 'queued'`),
  ],
);
