import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { claimDueJobs, completeJob, extendJobLease, failJob, insertJob, type JobRow } from '../db/repositories/jobs.js';
import type { DbOrTx } from '../db/repositories/photos.js';
import { captureJobFailure } from '../observability/error-reporting.js';
import type { JobPayloads, JobSchedule } from './kinds.js';

/** Runs one job; throwing makes it a failed attempt (retried with backoff until max_attempts). */
export type JobHandler<T> = (payload: T, job: JobRow) => Promise<void>;

/** The handler of every kind a worker runs. */
export type JobHandlers<P extends object = JobPayloads> = { [K in keyof P]: JobHandler<P[K]> };

/** First retry delay in seconds; each further retry waits twice as long. */
export const RETRY_BASE_SECONDS = 2;
/** Longest wait between two attempts, in seconds. */
export const RETRY_MAX_SECONDS = 3600;
/** Attempts of a scheduled job within its period (the next period runs it again anyway). */
const SCHEDULED_MAX_ATTEMPTS = 3;

/**
 * Seconds to wait after failed attempt number `attempts` (1 = the first run): 2, 4, 8, ... capped
 * at RETRY_MAX_SECONDS.
 */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(RETRY_BASE_SECONDS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_SECONDS);
}

/** A job held by a claim: its id, the claim's token and the attempt the claim started. */
export interface ClaimedJob {
  id: number;
  lockToken: string;
  attempts: number;
}

/**
 * Settles a claimed job at `now`: done when `error` is undefined, else a failed attempt, due again
 * after `retryDelaySeconds(attempts)` or failed for good after its last attempt. A claim that was
 * lost meanwhile (the lease ran out and another worker took the job) changes nothing.
 * @throws database errors
 */
export async function settleClaimedJob(db: DbOrTx, now: Date, job: ClaimedJob, error?: unknown): Promise<void> {
  if (error === undefined) {
    await completeJob(db, job.id, job.lockToken, now);
    return;
  }
  const retryAt = new Date(now.getTime() + retryDelaySeconds(job.attempts) * 1000);
  await failJob(db, job.id, job.lockToken, { error: messageOf(error), retryAt, now });
}

/** How a worker runs. */
export interface JobWorkerOptions<P extends object> {
  db: Db;
  clock: Clock;
  handlers: JobHandlers<P>;
  /** Jobs enqueued once per period across all instances (one row per kind and period). */
  schedules?: JobSchedule<keyof P & string>[];
  /** Failures of jobs and of the loop itself (never thrown). */
  log?: (msg: string, err?: unknown) => void;
  /** Milliseconds between polls when nothing was due; default 1000. */
  pollMs?: number;
  /** Jobs claimed and run at once; default 5. */
  batchSize?: number;
  /** Seconds a claim holds before another worker may take the job; renewed while it runs. Default 300. */
  leaseSeconds?: number;
}

/**
 * The worker of the durable queue (docs/decisions/009-jobs.md). Each round it enqueues the current
 * period's scheduled jobs (a unique key per kind and period, so several instances enqueue each
 * once), claims due jobs with FOR UPDATE SKIP LOCKED under a lease, runs them, and marks them done,
 * or due again after `retryDelaySeconds`, or failed after their last attempt. While a job runs its
 * lease is renewed every third of `leaseSeconds`, so only a crashed worker's job is taken again.
 */
export class JobWorker<P extends object = JobPayloads> {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly handlers: JobHandlers<P>;
  private readonly schedules: JobSchedule<keyof P & string>[];
  private readonly log: (msg: string, err?: unknown) => void;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly leaseSeconds: number;
  /** The period key each schedule was last enqueued for by this worker (saves an INSERT per poll). */
  private readonly enqueuedPeriods = new Map<string, string>();
  private running: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;

  constructor(opts: JobWorkerOptions<P>) {
    this.db = opts.db;
    this.clock = opts.clock;
    this.handlers = opts.handlers;
    this.schedules = opts.schedules ?? [];
    this.log = opts.log ?? (() => undefined);
    this.pollMs = opts.pollMs ?? 1000;
    this.batchSize = opts.batchSize ?? 5;
    this.leaseSeconds = opts.leaseSeconds ?? 300;
  }

  /** Starts polling in the background until `stop()`; a second call does nothing. */
  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.running = this.loop();
  }

  /** Stops polling and resolves once the jobs in hand are settled. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.running;
    this.running = null;
  }

  /**
   * One round: enqueues due scheduled jobs, then claims and runs up to `batchSize` due jobs.
   * Returns how many jobs ran (successfully or not). Tests call this instead of `start()`.
   * @throws database errors (the loop of `start()` logs them and polls again)
   */
  async runDue(): Promise<number> {
    await this.enqueueSchedules();
    const now = this.clock.now();
    const lockToken = randomUUID();
    const claimed = await claimDueJobs(this.db, {
      now,
      leaseEnd: this.leaseEnd(now),
      lockToken,
      limit: this.batchSize,
      kinds: Object.keys(this.handlers),
    });
    await Promise.all(claimed.map((job) => this.run(job, lockToken)));
    return claimed.length;
  }

  /**
   * Settles a job its caller ran itself (enqueued with `claim`): done, or a failed attempt retried
   * by the workers after the backoff. A claim that was lost meanwhile changes nothing.
   */
  async settle(job: ClaimedJob, error?: unknown): Promise<void> {
    await settleClaimedJob(this.db, this.clock.now(), job, error);
  }

  private leaseEnd(now: Date): Date {
    return new Date(now.getTime() + this.leaseSeconds * 1000);
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let ran = 0;
      try {
        ran = await this.runDue();
      } catch (err) {
        this.log('job worker round failed', err);
      }
      if (ran > 0 || this.stopping) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  private async enqueueSchedules(): Promise<void> {
    const now = this.clock.now().getTime();
    for (const schedule of this.schedules) {
      const periodMs = schedule.everySeconds * 1000;
      const start = new Date(Math.floor(now / periodMs) * periodMs);
      const key = `${schedule.kind}@${start.toISOString()}`;
      if (this.enqueuedPeriods.get(schedule.kind) === key) continue;
      await insertJob(this.db, {
        kind: schedule.kind,
        payload: {},
        runAt: start,
        maxAttempts: SCHEDULED_MAX_ATTEMPTS,
        uniqueKey: key,
      });
      this.enqueuedPeriods.set(schedule.kind, key);
    }
  }

  private async run(job: JobRow, lockToken: string): Promise<void> {
    const handler = (this.handlers as Record<string, JobHandler<unknown>>)[job.kind];
    // The lease is renewed while the job runs, so a long job is never taken by a second worker.
    const renew = setInterval(
      () => {
        extendJobLease(this.db, job.id, lockToken, this.leaseEnd(this.clock.now())).catch((err: unknown) =>
          this.log(`could not renew the lease of job ${job.id}`, err),
        );
      },
      (this.leaseSeconds * 1000) / 3,
    );
    renew.unref();
    let error: unknown;
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, job);
    } catch (err) {
      error = err ?? new Error('job failed');
      this.log(`job ${job.id} (${job.kind}) failed on attempt ${job.attempts} of ${job.max_attempts}`, err);
      captureJobFailure(job, err);
    } finally {
      clearInterval(renew);
    }
    try {
      await this.settle({ id: job.id, lockToken, attempts: job.attempts }, error);
    } catch (err) {
      // The lease runs out and another round runs the job again: at least once, never lost.
      this.log(`could not settle job ${job.id}`, err);
    }
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
