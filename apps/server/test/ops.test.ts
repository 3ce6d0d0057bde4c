/**
 * The operations endpoints (issue: production, "Seeing what it does"; docs/operations.md): /healthz,
 * /readyz (ready, migrations behind, database gone, stopping), /metrics (its content after real
 * requests, messages, an operator's answer, queued and failed jobs, payments and an open socket) and
 * who may read it, on real servers over loopback and both databases.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { insertJob } from '../src/db/repositories/jobs.js';
import { markStopping } from '../src/lifecycle/shutdown.js';
import { isPrivateAddress } from '../src/observability/metrics-access.js';
import { newestShippedMigration } from '../src/observability/readiness.js';
import { createWaitingConversation } from './admin-authz/operators.js';
import { connectRealtime, createChatMember, sendText } from './helpers/chat-factories.js';
import { dbKinds, openTestDatabase } from './helpers/database.js';
import { createPayment } from './helpers/discount-factories.js';
import { createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { createPackage } from './helpers/shop-factories.js';
import { createStaff, loginStaff } from './helpers/staff.js';

/** One sample of the exposition: name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments left out). */
function samples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1] ?? ''] = l[2] ?? '';
    out.push({ name: m[1] ?? '', labels, value: Number(m[3]) });
  }
  return out;
}

/** The value of the sample `name` whose labels include `labels`; undefined when there is none. */
function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  return samples(text).find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    ?.value;
}

/** An app over `server`'s database with other settings, listening on loopback. */
async function startSibling(server: TestServer, env: Record<string, string>, clock?: ManualClock) {
  const config = {
    ...loadConfig({ WEB_DIST: '/nonexistent', DATA_DIR: '/tmp/test-data', ...env }),
    logLevel: 'silent',
  };
  const app = await buildApp(config, server.database.db, clock);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, url: `http://127.0.0.1:${port}` };
}

describe('metrics access: private addresses', () => {
  it('takes loopback and private networks for local, and nothing else', () => {
    for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '10.1.2.3', '172.16.0.1', '172.31.255.254', '192.168.1.1']) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['::ffff:10.0.0.7', 'fd12:3456::1', 'fc00::1']) expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['203.0.113.7', '172.32.0.1', '8.8.8.8', '2001:db8::1', '::ffff:8.8.8.8', 'garbage', '']) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });
});

describe.each(dbKinds())('operations endpoints on %s', (kind) => {
  let server: TestServer;
  const clock = new ManualClock(new Date());
  let siteId: number;
  const db = () => server.database.db;
  const visitor = () => new Browser(server.url);
  const scrape = async (browser = visitor()) => {
    const res = await browser.get('/metrics');
    expect(res.status, String(res.json).slice(0, 300)).toBe(200);
    return String(res.json);
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    siteId = (await createSite(db(), { is_default: true, message_credits: 10 })).id;
  });
  afterAll(() => server?.close());

  it('answers /healthz with {"status":"ok"} and echoes or makes the request id', async () => {
    const res = await visitor().get('/healthz', { headers: { 'x-request-id': 'lb-probe.42_a-b' } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-request-id']).toBe('lb-probe.42_a-b');
    const odd = await visitor().get('/healthz', { headers: { 'x-request-id': 'no spaces <script>' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const long = await visitor().get('/healthz', { headers: { 'x-request-id': 'a'.repeat(65) } });
    expect(long.headers['x-request-id']).not.toBe('a'.repeat(65));
  });

  it('answers /readyz ready when the database answers and the newest migration is applied', async () => {
    const res = await visitor().get('/readyz');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ready', database: 'ok', migrations: 'ok' });
  });

  it('answers /readyz 503 migrations pending while the newest migration is not recorded', async () => {
    const newest = newestShippedMigration();
    await db().execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${newest}`);
    try {
      const res = await visitor().get('/readyz');
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ status: 'not_ready', database: 'ok', migrations: 'pending' });
    } finally {
      await db().execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('restored by ops.test', ${newest})`,
      );
    }
    expect((await visitor().get('/readyz')).status).toBe(200);
  });

  it('keeps /healthz 200 and answers /readyz 503 database unreachable when the database is gone', async () => {
    const own = await openTestDatabase(kind);
    const config = { ...loadConfig({ WEB_DIST: '/nonexistent', DATA_DIR: '/tmp/test-data' }), logLevel: 'silent' };
    const app = await buildApp(config, own.db);
    await app.ready();
    await own.close();
    try {
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not_ready', database: 'unreachable', migrations: 'unknown' });
    } finally {
      await app.close().catch(() => undefined);
    }
  });

  it('answers /readyz 503 {"status":"stopping"} once a graceful stop has begun', async () => {
    const sibling = await startSibling(server, {});
    try {
      expect((await new Browser(sibling.url).get('/readyz')).status).toBe(200);
      markStopping(sibling.app);
      const res = await new Browser(sibling.url).get('/readyz');
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ status: 'stopping' });
      expect((await new Browser(sibling.url).get('/healthz')).status).toBe(200);
    } finally {
      await sibling.app.close();
    }
  });

  it('keeps the three endpoints out of the OpenAPI document', async () => {
    const res = await visitor().get('/api/openapi.json');
    const paths = Object.keys(res.json.paths);
    expect(paths.filter((p) => ['/healthz', '/readyz', '/metrics'].includes(p))).toEqual([]);
  });

  it('times requests by matched route pattern, never the raw URL, and unmatched ones as "unmatched"', async () => {
    expect((await visitor().get('/api/settings.php?route=/secret-query-value')).status).toBe(200);
    expect((await visitor().get('/api/no-such-call.php?token=abc')).status).toBe(404);
    expect((await visitor().get('/random/scan/path-xyz')).status).toBe(404);
    const res = await visitor().get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = String(res.json);
    const settings = { method: 'GET', route: '/api/settings.php', status_code: '200' };
    expect(sampleValue(text, 'http_request_duration_seconds_count', settings)).toBeGreaterThanOrEqual(1);
    expect(sampleValue(text, 'http_request_duration_seconds_bucket', { ...settings, le: '5' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(sampleValue(text, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBe(
      2,
    );
    expect(text).not.toMatch(/secret-query-value|no-such-call|path-xyz|token=abc/);
    // The process's own metrics come along. (The CPU counter starts at the registry's creation and
    // the kernel counts CPU time in ticks: a short moment can read 0, so only its presence is checked.)
    expect(sampleValue(text, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts messages by sender and kind, and operator answers with the wait in operator_response_seconds', async () => {
    const before = await scrape();
    const a = await createChatMember(db(), siteId, server.url, { credits: 100 });
    const b = await createChatMember(db(), siteId, server.url);
    expect((await sendText(a.browser, b.profile.id, 'Hoi')).status).toBe(200);
    expect((await sendText(a.browser, b.profile.id, 'Nog een')).status).toBe(200);

    const waiting = await createWaitingConversation(db(), siteId, { now: new Date(clock.now().getTime() - 95_000) });
    const operator = await loginStaff(server.url, await createStaff(db(), 'operator', [siteId]), clock.now());
    expect((await operator.post('/api/admin/inbox-open.php', { id: waiting.conversationId })).status).toBe(200);
    const answer = await operator.post('/api/admin/inbox-answer.php', {
      id: waiting.conversationId,
      client_id: randomUUID(),
      text: 'Zeker!',
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);

    const after = await scrape();
    const member = { sender: 'member', kind: 'text' };
    const operatorText = { sender: 'operator', kind: 'text' };
    expect(
      (sampleValue(after, 'messages_sent_total', member) ?? 0) -
        (sampleValue(before, 'messages_sent_total', member) ?? 0),
    ).toBe(2);
    expect(
      (sampleValue(after, 'messages_sent_total', operatorText) ?? 0) -
        (sampleValue(before, 'messages_sent_total', operatorText) ?? 0),
    ).toBe(1);
    expect(sampleValue(after, 'operator_response_seconds_count')).toBe(1);
    expect(sampleValue(after, 'operator_response_seconds_sum')).toBe(95);
    expect(sampleValue(after, 'operator_response_seconds_bucket', { le: '60' })).toBe(0);
    expect(sampleValue(after, 'operator_response_seconds_bucket', { le: '120' })).toBe(1);
  });

  it('reads queue depth, failed jobs and payments by state from the database, cached between scrapes', async () => {
    const now = clock.now();
    await insertJob(db(), { kind: 'probe_due', payload: {}, runAt: new Date(now.getTime() - 1000), maxAttempts: 3 });
    await insertJob(db(), { kind: 'probe_due', payload: {}, runAt: new Date(now.getTime() - 1000), maxAttempts: 3 });
    await insertJob(db(), {
      kind: 'probe_later',
      payload: {},
      runAt: new Date(now.getTime() + 3600_000),
      maxAttempts: 3,
    });
    const failedId = await insertJob(db(), { kind: 'probe_failed', payload: {}, runAt: now, maxAttempts: 1 });
    await db().execute(
      sql`update jobs set status = 'failed', finished_at = ${now.toISOString()}::timestamptz where id = ${failedId}`,
    );
    const payer = await createChatMember(db(), siteId, server.url);
    const packageId = (await createPackage(db(), siteId)).id;
    const pay = (status: string) => createPayment(db(), { siteId, userId: payer.user.id, packageId, status });
    await pay('paid');
    await pay('open');
    clock.advance(31);

    const text = await scrape();
    expect(sampleValue(text, 'jobs_queued', { kind: 'probe_due', state: 'due' })).toBe(2);
    expect(sampleValue(text, 'jobs_queued', { kind: 'probe_later', state: 'scheduled' })).toBe(1);
    expect(sampleValue(text, 'jobs_failed', { kind: 'probe_failed' })).toBe(1);
    const paid = sampleValue(text, 'payments', { state: 'paid' }) ?? 0;
    expect(paid).toBeGreaterThanOrEqual(1);
    expect(sampleValue(text, 'payments', { state: 'open' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(text, 'payments', { state: 'expired' })).toBe(0);

    // Within the cache time a new payment is not counted yet; after it, it is.
    await pay('paid');
    expect(sampleValue(await scrape(), 'payments', { state: 'paid' })).toBe(paid);
    clock.advance(31);
    expect(sampleValue(await scrape(), 'payments', { state: 'paid' })).toBe(paid + 1);
  });

  it('counts open member sockets in websocket_connections', async () => {
    const member = await createChatMember(db(), siteId, server.url);
    const gauge = async () => sampleValue(await scrape(), 'websocket_connections');
    const until = async (expected: number) => {
      let seen: number | undefined;
      for (let i = 0; i < 100 && seen !== expected; i++) {
        seen = await gauge();
        if (seen !== expected) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return seen;
    };
    expect(await gauge()).toBe(0);
    const socket = await connectRealtime(server.url, member.browser);
    expect(await until(1)).toBe(1);
    socket.close();
    expect(await until(0)).toBe(0);
  });

  it('refuses /metrics (404) to a request forwarded by a proxy it does not trust', async () => {
    const res = await visitor().get('/metrics', { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(res.status).toBe(404);
  });

  it('with TRUST_PROXY refuses /metrics to a public client address and serves a private one', async () => {
    const sibling = await startSibling(server, { TRUST_PROXY: '1' });
    try {
      const browser = new Browser(sibling.url);
      const outside = await browser.get('/metrics', { headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(outside.status).toBe(404);
      expect(String(outside.json)).not.toMatch(/http_request_duration_seconds/);
      const inside = await browser.get('/metrics', { headers: { 'x-forwarded-for': '10.0.0.5' } });
      expect(inside.status).toBe(200);
      expect(String(inside.json)).toMatch(/^# HELP /m);
    } finally {
      await sibling.app.close();
    }
  });

  it('with METRICS_TOKEN serves /metrics only to its bearer, from any address', async () => {
    const token = `t-${randomUUID()}`;
    const sibling = await startSibling(server, { METRICS_TOKEN: token });
    try {
      const browser = new Browser(sibling.url);
      expect((await browser.get('/metrics')).status).toBe(404);
      expect((await browser.get('/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(404);
      expect((await browser.get('/metrics', { headers: { authorization: `Basic ${token}` } })).status).toBe(404);
      const ok = await browser.get('/metrics', { headers: { authorization: `Bearer ${token}` } });
      expect(ok.status).toBe(200);
      expect(String(ok.json)).toMatch(/http_request_duration_seconds_bucket/);
    } finally {
      await sibling.app.close();
    }
  });

  it('builds many apps in one process, each with its own registry', async () => {
    const apps: FastifyInstance[] = [];
    try {
      for (let i = 0; i < 2; i++) apps.push((await startSibling(server, {})).app);
      for (const app of apps) {
        const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });
});
