import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import { insertJob } from '../db/repositories/jobs.js';
import type { DbOrTx } from '../db/repositories/photos.js';
import type { JobPayloads } from './kinds.js';

/** Attempts of a job unless the caller says otherwise: with the backoff below about 34 minutes of retries. */
export const DEFAULT_MAX_ATTEMPTS = 10;

/** How a job is enqueued. */
export interface EnqueueOptions {
  /** Earliest start; default now (the clock's). */
  runAt?: Date;
  /** Runs at most this often (the first run included); default DEFAULT_MAX_ATTEMPTS. */
  maxAttempts?: number;
  /** At most one job per key ever (until finished jobs are purged): a second enqueue is ignored. */
  uniqueKey?: string;
  /**
   * Store the job already claimed by the caller, who runs it at once and settles it with
   * `JobWorker.settle` (or leaves it to the workers once the lease of `leaseSeconds` is over).
   */
  claim?: { leaseSeconds: number };
}

/** A stored job: its id (null when `uniqueKey` was taken) and, when claimed, the claim's token. */
export interface EnqueuedJob {
  id: number | null;
  lockToken: string | null;
}

/**
 * The durable job queue (seams issue, domain events and a durable job queue): jobs are rows in the
 * database, written in the caller's transaction so work exists exactly when the change that caused
 * it committed.
 */
export interface JobQueue<P extends object = JobPayloads> {
  /**
   * Stores job `kind` with `payload` in `tx` (pass the transaction of the change that causes it; a
   * rollback drops the job). Times come from the queue's clock.
   * @throws database errors of `tx`
   */
  enqueue<K extends keyof P & string>(tx: DbOrTx, kind: K, payload: P[K], opts?: EnqueueOptions): Promise<EnqueuedJob>;
}

/** Builds the queue; `clock` sets `run_at` (tests move it instead of waiting). */
export function createJobQueue<P extends object = JobPayloads>(clock: Clock): JobQueue<P> {
  return {
    async enqueue(tx, kind, payload, opts = {}) {
      const now = clock.now();
      const lockToken = opts.claim ? randomUUID() : null;
      const runAt = opts.claim ? new Date(now.getTime() + opts.claim.leaseSeconds * 1000) : (opts.runAt ?? now);
      const id = await insertJob(tx, {
        kind,
        payload: payload as Record<string, unknown>,
        runAt,
        maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        uniqueKey: opts.uniqueKey ?? null,
        lockToken,
      });
      return { id, lockToken: id === null ? null : lockToken };
    },
  };
}
