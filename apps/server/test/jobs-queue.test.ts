import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { claimDueJobs, listJobs } from '../src/db/repositories/jobs.js';
import { createJobQueue } from '../src/jobs/queue.js';
import { type JobHandlers, JobWorker, retryDelaySeconds } from '../src/jobs/worker.js';
import { dbKinds, openTestDatabase } from './helpers/database.js';

/** Job kinds of these tests only: each test uses its own, so workers never take another test's jobs. */
interface ProbePayloads {
  rolled_back: { n: number };
  flaky: { n: number };
  hopeless: { n: number };
  crowded: { n: number };
  orphaned: { n: number };
  hourly: Record<string, never>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Handlers that fail loudly for kinds a test did not expect to run. */
function handlers(own: Partial<JobHandlers<ProbePayloads>>): JobHandlers<ProbePayloads> {
  const unexpected = async () => {
    throw new Error('unexpected job');
  };
  return {
    rolled_back: unexpected,
    flaky: unexpected,
    hopeless: unexpected,
    crowded: unexpected,
    orphaned: unexpected,
    hourly: unexpected,
    ...own,
  };
}

describe.each(dbKinds())('durable job queue on %s', (kind) => {
  let database: Database;
  const clock = new ManualClock(new Date('2031-03-01T10:00:00Z'));
  const queue = createJobQueue<ProbePayloads>(clock);
  const db = () => database.db;
  const worker = (own: Partial<JobHandlers<ProbePayloads>>, opts: { leaseSeconds?: number } = {}) =>
    new JobWorker<ProbePayloads>({ db: db(), clock, handlers: handlers(own), ...opts });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('never runs a job enqueued in a transaction that rolled back', async () => {
    const ran: number[] = [];
    const rollback = new Error('rollback');
    await expect(
      db().transaction(async (tx) => {
        await queue.enqueue(tx, 'rolled_back', { n: 1 });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    await db().transaction((tx) => queue.enqueue(tx, 'rolled_back', { n: 2 }));
    const w = worker({ rolled_back: async (p) => void ran.push(p.n) });
    expect(await w.runDue()).toBe(1);
    clock.advance(3600);
    expect(await w.runDue()).toBe(0);
    expect(ran).toEqual([2]);
    const rows = await listJobs(db(), 'rolled_back');
    expect(rows.map((r) => [r.payload, r.status, r.attempts])).toEqual([[{ n: 2 }, 'done', 1]]);
  });

  it('retries a job whose handler throws, with backoff, and runs it once on success', async () => {
    let calls = 0;
    let successes = 0;
    const w = worker({
      flaky: async () => {
        calls++;
        if (calls <= 2) throw new Error(`refused ${calls}`);
        successes++;
      },
    });
    await db().transaction((tx) => queue.enqueue(tx, 'flaky', { n: 1 }));
    expect(await w.runDue()).toBe(1);
    const [failed] = await listJobs(db(), 'flaky');
    expect(failed).toMatchObject({ status: 'queued', attempts: 1, last_error: 'refused 1', lock_token: null });
    // Not due again before the backoff is over.
    clock.advance(retryDelaySeconds(1) - 1);
    expect(await w.runDue()).toBe(0);
    clock.advance(1);
    expect(await w.runDue()).toBe(1);
    clock.advance(retryDelaySeconds(2));
    expect(await w.runDue()).toBe(1);
    clock.advance(24 * 3600);
    expect(await w.runDue()).toBe(0);
    expect({ calls, successes }).toEqual({ calls: 3, successes: 1 });
    const [done] = await listJobs(db(), 'flaky');
    expect(done).toMatchObject({ status: 'done', attempts: 3, last_error: null });
    expect(retryDelaySeconds(1)).toBe(2);
    expect(retryDelaySeconds(2)).toBe(4);
    expect(retryDelaySeconds(30)).toBe(3600);
  });

  it('gives a job up after its last attempt and keeps the error', async () => {
    let calls = 0;
    const w = worker({
      hopeless: async () => {
        calls++;
        throw new Error('mailbox unavailable');
      },
    });
    await db().transaction((tx) => queue.enqueue(tx, 'hopeless', { n: 1 }, { maxAttempts: 2 }));
    for (let i = 0; i < 5; i++) {
      await w.runDue();
      clock.advance(3600);
    }
    expect(calls).toBe(2);
    const [row] = await listJobs(db(), 'hopeless');
    expect(row).toMatchObject({ status: 'failed', attempts: 2, last_error: 'mailbox unavailable' });
    expect(row!.finished_at).not.toBeNull();
  });

  it('runs each job once when several workers claim at the same time', async () => {
    const runs = new Map<number, number>();
    let running = 0;
    let mostAtOnce = 0;
    const handler = async (p: { n: number }) => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      runs.set(p.n, (runs.get(p.n) ?? 0) + 1);
      await sleep(5);
      running--;
    };
    // On PostgreSQL each worker has its own connection pool, as separate instances would.
    const others: Database[] = [];
    const dbs = [db()];
    if (kind === 'postgres') {
      for (let i = 0; i < 2; i++) others.push(await openDatabase({ url: urlOf(db()), dataDir: '' }));
      dbs.push(...others.map((o) => o.db));
    }
    try {
      await db().transaction(async (tx) => {
        for (let n = 0; n < 30; n++) await queue.enqueue(tx, 'crowded', { n });
      });
      const workers = [...dbs, ...dbs].map(
        (d) => new JobWorker<ProbePayloads>({ db: d, clock, handlers: handlers({ crowded: handler }), batchSize: 3 }),
      );
      const drain = async (w: JobWorker<ProbePayloads>) => {
        while ((await w.runDue()) > 0);
      };
      await Promise.all(workers.map(drain));
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(mostAtOnce).toBeGreaterThan(1);
    const rows = await listJobs(db(), 'crowded');
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });

  it('takes a crashed worker’s job again only after its lease is over', async () => {
    await db().transaction((tx) => queue.enqueue(tx, 'orphaned', { n: 7 }));
    // A worker claims the job and dies before settling it.
    const now = clock.now();
    const [claimed] = await claimDueJobs(db(), {
      now,
      leaseEnd: new Date(now.getTime() + 60_000),
      lockToken: 'crashed-worker',
      limit: 1,
      kinds: ['orphaned'],
    });
    expect(claimed).toMatchObject({ attempts: 1, lock_token: 'crashed-worker' });
    const ran: number[] = [];
    const w = worker({ orphaned: async (p) => void ran.push(p.n) }, { leaseSeconds: 60 });
    clock.advance(59);
    expect(await w.runDue()).toBe(0);
    clock.advance(2);
    expect(await w.runDue()).toBe(1);
    expect(ran).toEqual([7]);
    const [row] = await listJobs(db(), 'orphaned');
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
  });
});

/** The URL of the PostgreSQL database behind `db` (its pool's connection string). */
function urlOf(db: Database['db']): string {
  const pool = (db as unknown as { $client: { options: { connectionString: string } } }).$client;
  return pool.options.connectionString;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('scheduled jobs with two instances on one PostgreSQL', () => {
  let first: Database;
  let second: Database;
  const clock = new ManualClock(new Date('2031-03-01T10:15:00Z'));

  beforeAll(async () => {
    first = await openTestDatabase('postgres');
    second = await openDatabase({ url: urlOf(first.db), dataDir: '' });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('runs a scheduled job once per period, whichever instance gets it', async () => {
    const runsBy = { first: 0, second: 0 };
    const instance = (database: Database, name: keyof typeof runsBy) =>
      new JobWorker<ProbePayloads>({
        db: database.db,
        clock,
        handlers: handlers({
          hourly: async () => {
            runsBy[name]++;
            await sleep(20);
          },
        }),
        schedules: [{ kind: 'hourly', everySeconds: 3600 }],
      });
    // Two instances, each with two workers polling at once (as two processes would).
    const workers = [instance(first, 'first'), instance(first, 'first'), instance(second, 'second')];
    workers.push(instance(second, 'second'));
    const pollAll = async (rounds: number) => {
      for (let i = 0; i < rounds; i++) await Promise.all(workers.map((w) => w.runDue()));
    };
    await pollAll(5);
    expect(runsBy.first + runsBy.second).toBe(1);
    clock.advance(1800); // still 10:45, the same period
    await pollAll(3);
    expect(runsBy.first + runsBy.second).toBe(1);
    clock.advance(1800); // 11:15, the next period
    await pollAll(5);
    expect(runsBy.first + runsBy.second).toBe(2);
    clock.advance(7200); // two periods later: only the current one runs, once
    await pollAll(5);
    expect(runsBy.first + runsBy.second).toBe(3);
    const rows = await listJobs(first.db, 'hourly');
    expect(rows.map((r) => [r.unique_key, r.status])).toEqual([
      ['hourly@2031-03-01T10:00:00.000Z', 'done'],
      ['hourly@2031-03-01T11:00:00.000Z', 'done'],
      ['hourly@2031-03-01T13:00:00.000Z', 'done'],
    ]);
  });

  it('runs it once per period also with the polling loops of both instances running', async () => {
    let runs = 0;
    const loopClock = new ManualClock(new Date('2031-04-01T08:00:00Z'));
    const make = (database: Database) =>
      new JobWorker<ProbePayloads>({
        db: database.db,
        clock: loopClock,
        handlers: handlers({ hourly: async () => void runs++ }),
        schedules: [{ kind: 'hourly', everySeconds: 3600 }],
        pollMs: 10,
      });
    const workers = [make(first), make(second)];
    for (const w of workers) w.start();
    try {
      await sleep(300);
      expect(runs).toBe(1);
      loopClock.advance(3600);
      await sleep(300);
      expect(runs).toBe(2);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  });
});
