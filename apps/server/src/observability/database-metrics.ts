import { PAYMENT_STATUSES } from '@app/contracts';
import { Gauge } from 'prom-client';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import {
  countFailedJobsSince,
  countPaymentsByStatus,
  countQueuedJobs,
  type KindCount,
  type QueuedJobCount,
} from '../db/repositories/observability.js';
import { cachedLoader } from './cached.js';
import type { AppMetrics } from './metrics.js';

/** Seconds the job counts are kept between scrapes: fresh enough for a 15 s scrape interval. */
export const JOB_METRICS_CACHE_SECONDS = 15;
/** Seconds the payments count is kept: it counts the whole table, so at most twice a minute per instance. */
export const PAYMENT_METRICS_CACHE_SECONDS = 30;
/** The window of `jobs_failed`, in seconds: jobs that failed for good within the last 24 hours. */
export const FAILED_JOBS_WINDOW_SECONDS = 24 * 3600;

/** What the database gauges read: the app's database, its clock, and where a failed read is told. */
export interface DatabaseMetricsDeps {
  db: Db;
  clock: Clock;
  log: (msg: string, err?: unknown) => void;
}

/**
 * Adds the gauges read from the database at scrape time (docs/operations.md): `jobs_queued` by kind
 * and state, `jobs_failed` by kind and `payments` by state. They describe the shared database, so
 * every instance reports the same values (aggregate with max, not sum). Reads are cached
 * (JOB_METRICS_CACHE_SECONDS, PAYMENT_METRICS_CACHE_SECONDS); a failed read is logged and leaves
 * the gauge without values for that scrape.
 */
export function watchDatabase(metrics: AppMetrics, deps: DatabaseMetricsDeps): void {
  const { db, clock, log } = deps;
  const jobCounts = cachedLoader(
    async () => {
      const now = clock.now();
      const since = new Date(now.getTime() - FAILED_JOBS_WINDOW_SECONDS * 1000);
      const [queued, failed] = await Promise.all([countQueuedJobs(db, now), countFailedJobsSince(db, since)]);
      return { queued, failed };
    },
    JOB_METRICS_CACHE_SECONDS,
    clock,
  );
  const paymentCounts = cachedLoader(() => countPaymentsByStatus(db), PAYMENT_METRICS_CACHE_SECONDS, clock);
  const read = async <T>(what: string, load: () => Promise<T>): Promise<T | null> => {
    try {
      return await load();
    } catch (err) {
      log(`metrics: could not read ${what}`, err);
      return null;
    }
  };

  new Gauge({
    name: 'jobs_queued',
    help: 'Queued jobs by kind and state: due (waiting for a worker), running (under a lease), scheduled (later, e.g. a retry).',
    labelNames: ['kind', 'state'] as const,
    registers: [metrics.registry],
    async collect() {
      this.reset();
      const counts = await read('the job queue', jobCounts);
      for (const row of counts?.queued ?? ([] as QueuedJobCount[]))
        this.set({ kind: row.kind, state: row.state }, row.n);
    },
  });
  new Gauge({
    name: 'jobs_failed',
    help: 'Jobs that used up their attempts within the last 24 hours, by kind.',
    labelNames: ['kind'] as const,
    registers: [metrics.registry],
    async collect() {
      this.reset();
      const counts = await read('the job queue', jobCounts);
      for (const row of counts?.failed ?? ([] as KindCount[])) this.set({ kind: row.kind }, row.n);
    },
  });
  new Gauge({
    name: 'payments',
    help: 'Payments by state (open, pending, paid, failed, canceled, expired).',
    labelNames: ['state'] as const,
    registers: [metrics.registry],
    async collect() {
      this.reset();
      const counts = await read('the payments', paymentCounts);
      if (!counts) return;
      for (const state of PAYMENT_STATUSES) this.set({ state }, 0);
      for (const row of counts) this.set({ state: row.kind }, row.n);
    },
  });
}
