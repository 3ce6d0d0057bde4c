/**
 * Several app instances on one PostgreSQL database (issue: production): two apps, each with its own
 * connection pool as separate processes would have, prove that sessions, rate limits (in the
 * database, and in Redis with REDIS_URL), realtime events, jobs, scheduled work and the operator
 * lock work across instances, and that instances starting together migrate once.
 * Needs TEST_DATABASE_URL; the Redis case also a Redis at TEST_REDIS_URL (default
 * redis://127.0.0.1:6379), skipped when none answers.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inArray, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ManualClock, systemClock } from '../src/clock.js';
import { loadConfig, ROOT_DIR } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { listJobs } from '../src/db/repositories/jobs.js';
import { jobs, rateLimitHits } from '../src/db/schema.js';
import { buildAppDeps } from '../src/deps.js';
import { startAppJobWorker } from '../src/jobs/app-jobs.js';
import { APP_SCHEDULES } from '../src/jobs/kinds.js';
import { createJobQueue } from '../src/jobs/queue.js';
import { JobWorker } from '../src/jobs/worker.js';
import { createWaitingConversation } from './admin-authz/operators.js';
import { connectRealtime, createChatMember, sendText } from './helpers/chat-factories.js';
import { openTestDatabase } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';
import { Browser } from './helpers/server.js';
import { createStaff, loginStaff } from './helpers/staff.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at `url` (a PING within a second). */
async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

const redisUp = ADMIN_URL ? await redisAnswers(REDIS_URL) : false;

/** The URL of the PostgreSQL database behind `database` (its pool's connection string). */
function urlOf(database: Database): string {
  return (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
    .connectionString;
}

/** One app instance: its own pool on the shared database, listening on a loopback port. */
interface Instance {
  app: FastifyInstance;
  database: Database;
  url: string;
  close(): Promise<void>;
}

/**
 * Starts an instance on `databaseUrl` (migrating it, as a starting process does). TRUST_PROXY=1, so
 * a test picks its client address with X-Forwarded-For and limits of different tests stay apart.
 */
async function startInstance(databaseUrl: string, env: Record<string, string> = {}): Promise<Instance> {
  const database = await openDatabase({ url: databaseUrl, dataDir: '' });
  const config = {
    ...loadConfig({ WEB_DIST: '/nonexistent', DATA_DIR: '/tmp/test-data', TRUST_PROXY: '1', ...env }),
    logLevel: 'silent',
  };
  const app = await buildApp(config, database.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  config.publicUrl ??= url;
  return {
    app,
    database,
    url,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Polls `check` up to `tries` times, 20 ms apart; false if it never held. */
async function eventually(check: () => Promise<boolean>, tries = 500): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

/** A client address of its own (TEST-NET-3), so one test's requests never count against another's limit. */
function clientAddress(): string {
  return `203.0.113.${1 + (randomBytes(1)[0]! % 250)}`;
}

/** POSTs `body` to `path` on `instance` from `address` without cookies; answers the status. */
async function postFrom(instance: Instance, address: string, route: string, body: unknown): Promise<number> {
  const answer = await new Browser(instance.url).request('POST', route, body, {
    headers: { 'x-forwarded-for': address },
  });
  return answer.status;
}

/**
 * Sends `count` failed logins to `route`, alternating between `first` and `second` from one
 * address, and answers their statuses in order.
 */
async function alternateFailedLogins(
  [first, second]: [Instance, Instance],
  route: string,
  count: number,
  body: () => unknown,
): Promise<number[]> {
  const address = clientAddress();
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push(await postFrom(i % 2 === 0 ? first : second, address, route, body()));
  return statuses;
}

/** The staff login's limit (http/routes/admin-access.ts: 30 per 15 minutes and address). */
const STAFF_LOGIN_MAX = 30;
const STAFF_LOGIN = '/api/admin/login.php';
const unknownStaff = () => ({ email: `nobody-${randomUUID()}@staff.test`, password: 'not-the-password-1' });

/** The period keys a schedule enqueued between `from` and `to` (its unique keys, worker.ts). */
function periodKeys(kind: string, everySeconds: number, from: Date, to: Date): string[] {
  const periodMs = everySeconds * 1000;
  const keys = new Set<string>();
  for (const t of [from.getTime(), to.getTime()])
    keys.add(`${kind}@${new Date(Math.floor(t / periodMs) * periodMs).toISOString()}`);
  return [...keys].sort();
}

describe.skipIf(!ADMIN_URL)('several instances on one PostgreSQL database', () => {
  let primary: Database;
  let a: Instance;
  let b: Instance;
  let siteId: number;
  const db = () => primary.db;

  beforeAll(async () => {
    primary = await openTestDatabase('postgres');
    [a, b] = await Promise.all([startInstance(urlOf(primary)), startInstance(urlOf(primary))]);
    siteId = (await createSite(db(), { is_default: true, message_length: 200 })).id;
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await primary?.close();
  });

  it('migrates a fresh database once when two instances start at the same moment', async () => {
    const name = `t_migrate_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(ADMIN_URL!);
    url.pathname = `/${name}`;
    try {
      const both = await Promise.all([
        openDatabase({ url: url.toString(), dataDir: '' }),
        openDatabase({ url: url.toString(), dataDir: '' }),
      ]);
      const applied = await both[0].db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const journal = JSON.parse(readFileSync(path.join(ROOT_DIR, 'apps/server/drizzle/meta/_journal.json'), 'utf8'));
      expect((applied as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(journal.entries.length);
      await Promise.all(both.map((database) => database.close()));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('accepts a session made by a login on A on B, and ends it on both at logout', async () => {
    const member = await createMember(db(), siteId);
    const onA = new Browser(a.url);
    expect((await onA.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(200);
    const cookie = { cookie: `sid=${onA.cookie('sid')}` };
    const onB = await new Browser(b.url).get('/api/user.php', { headers: cookie });
    expect(onB.status).toBe(200);
    expect(onB.json.email).toBe(member.email);

    expect((await new Browser(b.url).get('/api/logout.php', { headers: cookie })).status).toBe(200);
    const afterLogout = await onA.get('/api/user.php');
    expect(afterLogout.status).toBe(403);
    expect(afterLogout.json.error).toBe('authentication_required');
  });

  it('counts a route rate limit across A and B: requests split between them hit 429 at the shared max', async () => {
    const statuses = await alternateFailedLogins([a, b], STAFF_LOGIN, STAFF_LOGIN_MAX + 2, unknownStaff);
    expect(statuses.slice(0, STAFF_LOGIN_MAX).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(STAFF_LOGIN_MAX)).toEqual([429, 429]);
    // One counter row, in the database both instances share.
    const rows = await db()
      .select()
      .from(rateLimitHits)
      .where(like(rateLimitHits.key, `POST ${STAFF_LOGIN} %`));
    expect(rows.map((row) => row.count)).toEqual([STAFF_LOGIN_MAX + 2]);
  });

  it("counts the member login's failures per address and login name across A and B", async () => {
    // services/access/login-protection.ts: 10 failures of one address for one login name in 15 minutes.
    const email = `unknown-${randomUUID()}@example.com`;
    const statuses = await alternateFailedLogins([a, b], '/api/user.php', 11, () => ({ email, password: 'wrong-1' }));
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('delivers a realtime event published on A to a socket on B', async () => {
    const reader = await createChatMember(db(), siteId, b.url);
    const writer = await createChatMember(db(), siteId, a.url, { credits: 50 });
    const onB = await connectRealtime(b.url, reader.browser);
    try {
      const sent = await sendText(writer.browser, reader.profile.id, 'Van instantie A');
      expect(sent.status).toBe(200);
      const event = await onB.waitFor((e) => e.type === 'message');
      expect(event.message).toMatchObject({ id: sent.json.message.id, body: 'Van instantie A' });
    } finally {
      onB.close();
    }
  });

  it('runs each enqueued job exactly once with the workers of both instances polling', async () => {
    type Probe = { probe: { n: number } };
    const runs = new Map<number, number>();
    const worker = (instance: Instance) =>
      new JobWorker<Probe>({
        db: instance.database.db,
        clock: systemClock,
        handlers: { probe: async ({ n }) => void runs.set(n, (runs.get(n) ?? 0) + 1) },
        pollMs: 10,
        batchSize: 2,
      });
    const workers = [worker(a), worker(b)];
    for (const w of workers) w.start();
    try {
      const queue = createJobQueue<Probe>(systemClock);
      await a.database.db.transaction(async (tx) => {
        for (let n = 0; n < 20; n++) await queue.enqueue(tx, 'probe', { n });
      });
      const done = await eventually(async () => (await listJobs(db(), 'probe')).every((job) => job.status === 'done'));
      expect(done).toBe(true);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const rows = await listJobs(db(), 'probe');
    expect(rows.every((job) => job.attempts === 1)).toBe(true);
  });

  it("runs each of the app's scheduled jobs once per period with both instances' workers running", async () => {
    // A clock of its own, moved by the test: 15 minutes into the current hour, then an hour later.
    const clock = new ManualClock(new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 15 * 60_000));
    const start = clock.now();
    const workers = [a, b].map((instance) =>
      startAppJobWorker(buildAppDeps({ db: instance.database.db, config: instance.app.deps.config, clock }), {
        pollMs: 10,
      }),
    );
    const kinds = APP_SCHEDULES.map((schedule) => schedule.kind);
    const settled = (keys: string[]) =>
      eventually(async () => {
        const rows = await db().select().from(jobs).where(inArray(jobs.unique_key, keys));
        return rows.length === keys.length && rows.every((row) => row.status !== 'queued');
      });
    try {
      const firstKeys = APP_SCHEDULES.flatMap((s) => periodKeys(s.kind, s.everySeconds, start, start));
      expect(await settled(firstKeys)).toBe(true);
      clock.advance(3600);
      const allKeys = APP_SCHEDULES.flatMap((s) => periodKeys(s.kind, s.everySeconds, start, clock.now()));
      expect(await settled(allKeys)).toBe(true);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    const rows = await db().select().from(jobs).where(inArray(jobs.kind, kinds));
    for (const schedule of APP_SCHEDULES) {
      const mine = rows.filter((row) => row.kind === schedule.kind);
      expect(mine.map((row) => row.unique_key).sort()).toEqual(
        periodKeys(schedule.kind, schedule.everySeconds, start, clock.now()),
      );
      expect(mine.map((row) => [row.status, row.attempts])).toEqual(mine.map(() => ['done', 1]));
    }
  });

  it('shows the operator lock taken on A as taken on B', async () => {
    const onA = await loginStaff(a.url, await createStaff(db(), 'operator', [siteId]));
    const onB = await loginStaff(b.url, await createStaff(db(), 'operator', [siteId]));
    const { conversationId } = await createWaitingConversation(db(), siteId);
    expect((await onA.post('/api/admin/inbox-open.php', { id: conversationId })).status).toBe(200);
    const refused = await onB.post('/api/admin/inbox-open.php', { id: conversationId });
    expect(refused.status).toBe(409);
    expect(refused.json.data.reason).toBe('locked');
    // Released on A, it is free on B.
    expect((await onA.post('/api/admin/inbox-release.php', { id: conversationId })).status).toBe(200);
    expect((await onB.post('/api/admin/inbox-open.php', { id: conversationId })).status).toBe(200);
  });

  describe.skipIf(!redisUp)('with REDIS_URL', () => {
    const prefix = `test-rate-limit-${randomBytes(4).toString('hex')}:`;
    let ra: Instance;
    let rb: Instance;
    let redis: Redis;

    beforeAll(async () => {
      const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix };
      [ra, rb] = await Promise.all([startInstance(urlOf(primary), env), startInstance(urlOf(primary), env)]);
      redis = new Redis(REDIS_URL);
    });
    afterAll(async () => {
      await Promise.all([ra?.close(), rb?.close()]);
      const keys = redis ? await redis.keys(`${prefix}*`) : [];
      if (keys.length > 0) await redis.del(...keys);
      redis?.disconnect();
    });

    it('counts a route rate limit across A and B in Redis', async () => {
      await db().delete(rateLimitHits);
      const statuses = await alternateFailedLogins([ra, rb], STAFF_LOGIN, STAFF_LOGIN_MAX + 2, unknownStaff);
      expect(statuses.slice(0, STAFF_LOGIN_MAX).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(STAFF_LOGIN_MAX)).toEqual([429, 429]);
      const keys = await redis.keys(`${prefix}POST${STAFF_LOGIN}-*`);
      expect(keys).toHaveLength(1);
      expect(await redis.get(keys[0]!)).toBe(String(STAFF_LOGIN_MAX + 2));
      expect(await db().select().from(rateLimitHits)).toEqual([]);
    });
  });
});
