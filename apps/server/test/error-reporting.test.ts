/**
 * Error reporting to a Sentry-compatible service (issue: production, "Seeing what it does";
 * docs/operations.md): a 5xx of a real route and a job's failed attempts arrive at a fake ingest
 * server on loopback as Sentry envelopes, with the member's id and without the message text, the
 * cookie or the query; nothing is sent without SENTRY_DSN or for a 4xx.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { ErrorEvent } from '@sentry/node';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { insertJob } from '../src/db/repositories/jobs.js';
import { JobWorker } from '../src/jobs/worker.js';
import { errorReportingSettings, flushErrorReports, scrubEvent } from '../src/observability/error-reporting.js';
import { createChatMember, sendText } from './helpers/chat-factories.js';
import { dbKinds, openTestDatabase } from './helpers/database.js';
import { createSite } from './helpers/factories.js';
import { refuseExplodingMessages } from './helpers/refuse-messages.js';
import { Browser } from './helpers/server.js';

/** One envelope as the fake ingest server received it. */
interface Envelope {
  path: string;
  items: Record<string, unknown>[];
}

/** A Sentry ingest endpoint on 127.0.0.1 that keeps every envelope POSTed to /api/<project>/envelope/. */
async function startFakeIngest() {
  const envelopes: Envelope[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      const items = body
        .toString('utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      envelopes.push({ path: (req.url ?? '').split('?')[0] ?? '', items });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/7`,
    envelopes,
    /** The error events received so far (the payload item after an `event` item header). */
    events(): ErrorEvent[] {
      return envelopes.flatMap((envelope) =>
        envelope.items.flatMap((item, i) =>
          item.type === 'event' ? [envelope.items[i + 1] as unknown as ErrorEvent] : [],
        ),
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Starts a real server over `database` with `env`, on loopback. */
async function startServer(database: Database, env: Record<string, string>) {
  const config = {
    ...loadConfig({ WEB_DIST: '/nonexistent', DATA_DIR: '/tmp/test-data', ...env }),
    logLevel: 'silent',
  };
  const app = await buildApp(config, database.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  config.publicUrl = url;
  return { app, url };
}

describe('error reporting: what leaves the server (scrubEvent)', () => {
  it('keeps the method, the URL without query, the user agent and the user id only', () => {
    const event = scrubEvent({
      type: undefined,
      request: {
        method: 'POST',
        url: 'https://site.example/api/message.php?token=abc#x',
        data: { text: 'hallo', password: 'pw' },
        cookies: { sid: 'session' },
        query_string: 'token=abc',
        headers: { 'user-agent': 'Mozilla/5.0', cookie: 'sid=session', authorization: 'Bearer x' },
      },
      user: { id: '42', email: 'member@example.com', ip_address: '203.0.113.7', username: 'Lisa' },
      extra: { text: 'hallo', message: 'hoi', body: '<p>mail</p>', password: 'pw', attempt: 2 },
      exception: { values: [{ type: 'DrizzleQueryError', value: 'Failed query: insert ...\nparams: 1,hallo daar' }] },
      breadcrumbs: [{ message: 'hallo' }],
    });
    expect(event.request).toEqual({
      method: 'POST',
      url: 'https://site.example/api/message.php',
      headers: { 'user-agent': 'Mozilla/5.0' },
    });
    expect(event.user).toEqual({ id: '42' });
    expect(event.extra).toEqual({ attempt: 2 });
    expect(event.exception?.values?.[0]?.value).toBe('Failed query: insert ...\nparams: [redacted]');
    expect(event.breadcrumbs).toBeUndefined();
  });
});

describe('error reporting: settings', () => {
  it('reports nothing without SENTRY_DSN and names environment and release from the environment', () => {
    expect(errorReportingSettings({ sentryDsn: undefined, isProduction: true })).toBeNull();
    const dsn = 'https://key@o1.ingest.example/42';
    expect(errorReportingSettings({ sentryDsn: dsn, isProduction: true }, {})).toEqual({
      dsn,
      environment: 'production',
      release: 'server@0.0.0',
    });
    expect(
      errorReportingSettings(
        { sentryDsn: dsn, isProduction: false },
        { SENTRY_ENVIRONMENT: 'staging', GIT_SHA: 'abc123' },
      ),
    ).toMatchObject({ environment: 'staging', release: 'abc123' });
  });

  it('refuses a SENTRY_DSN that is no DSN with an error naming it', () => {
    for (const dsn of ['not a url', 'https://o1.ingest.example/42', 'ftp://key@host/1', 'https://key@host/']) {
      expect(() => errorReportingSettings({ sentryDsn: dsn, isProduction: true }, {}), dsn).toThrow(/SENTRY_DSN/);
    }
  });
});

describe.each(dbKinds())('error reporting on %s', (kind) => {
  let database: Database;
  let ingest: Awaited<ReturnType<typeof startFakeIngest>>;
  let siteId: number;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ingest = await startFakeIngest();
    siteId = (await createSite(database.db, { is_default: true, message_credits: 10 })).id;
    await refuseExplodingMessages(database);
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(async () => {
    await ingest?.close();
    await database?.close();
  });

  it("reports a route's 500 with the member's id, route and request id, without the text, cookie or query", async () => {
    const server = await startServer(database, { SENTRY_DSN: ingest.dsn });
    apps.push(server.app);
    const member = await createChatMember(database.db, siteId, server.url);
    const other = await createChatMember(database.db, siteId, server.url);
    const text = `explode: heel geheim ${randomUUID()}`;
    const failed = await sendText(member.browser, other.profile.id, text);
    expect(failed.status).toBe(500);
    // A client error is no server error: nothing is reported for it.
    expect((await member.browser.get('/api/no-such-call.php?token=abc')).status).toBe(404);
    expect((await member.browser.post('/api/message.php', { profile: 'x' })).status).toBe(400);
    expect(await flushErrorReports()).toBe(true);

    expect(ingest.envelopes.map((e) => e.path)).toEqual(['/api/7/envelope/']);
    const [event] = ingest.events();
    expect(event).toMatchObject({
      level: 'error',
      // SENTRY_ENVIRONMENT unset and NODE_ENV not production.
      environment: 'development',
      user: { id: String(member.user.id) },
      transaction: 'POST /api/message.php',
      tags: { route: '/api/message.php', method: 'POST', request_id: failed.headers['x-request-id'] },
    });
    expect(event?.release).toMatch(/\S/);
    expect(event?.exception?.values?.map((v) => v.value)).toContain('message refused by the test trigger');
    const sent = JSON.stringify(ingest.envelopes);
    const sid = member.browser.cookie('sid') ?? '';
    expect(sid.length).toBeGreaterThan(10);
    for (const secret of [text, 'heel geheim', sid, member.email, member.password, 'token=abc']) {
      expect(sent, `the report holds ${secret}`).not.toContain(secret);
    }
    expect(event?.request).toBeUndefined();
  });

  it("reports a job's failed attempts with its kind: a warning while a retry follows, an error at the last", async () => {
    const server = await startServer(database, { SENTRY_DSN: ingest.dsn });
    apps.push(server.app);
    const before = ingest.events().length;
    const clock = new ManualClock(new Date());
    const worker = new JobWorker<{ probe_fail: { text: string } }>({
      db: database.db,
      clock,
      handlers: {
        probe_fail: async () => {
          throw new Error('the probe job failed');
        },
      },
    });
    await insertJob(database.db, {
      kind: 'probe_fail',
      payload: { text: 'geheime payload' },
      runAt: clock.now(),
      maxAttempts: 2,
    });
    expect(await worker.runDue()).toBe(1);
    clock.advance(60);
    expect(await worker.runDue()).toBe(1);
    expect(await flushErrorReports()).toBe(true);

    const events = ingest.events().slice(before);
    expect(events.map((e) => [e.level, e.tags?.job_kind, e.tags?.attempt, e.tags?.final])).toEqual([
      ['warning', 'probe_fail', '1', 'false'],
      ['error', 'probe_fail', '2', 'true'],
    ]);
    expect(events[0]?.exception?.values?.at(-1)?.value).toBe('the probe job failed');
    expect(JSON.stringify(events)).not.toContain('geheime payload');
  });

  it('sends nothing without SENTRY_DSN', async () => {
    const server = await startServer(database, {});
    apps.push(server.app);
    const before = ingest.envelopes.length;
    const member = await createChatMember(database.db, siteId, server.url);
    const other = await createChatMember(database.db, siteId, server.url);
    expect((await sendText(member.browser, other.profile.id, `explode: ${randomUUID()}`)).status).toBe(500);
    expect(await flushErrorReports()).toBe(true);
    expect(ingest.envelopes.length).toBe(before);
    expect((await new Browser(server.url).get('/healthz')).status).toBe(200);
  });
});
