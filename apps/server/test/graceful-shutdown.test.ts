/**
 * The graceful stop of the real server (apps/server/src/main.ts in a child process, issue:
 * production): after SIGTERM a request in flight still completes with 200, member sockets get 1012
 * "reconnect", new connections are refused, and the process exits 0; a stop that cannot finish
 * exits 1 once SHUTDOWN_TIMEOUT_SECONDS are over. A request is held in flight without timers: the
 * test locks the table the login writes to and waits until PostgreSQL shows the server waiting.
 * Under load (issue 29): 200 keep-alive connections on the member API, SIGTERM, then the clients
 * give up on what is still running; every answer is 200 or 503 with `Connection: close`, the log has
 * no unhandled error (the pool closes only after the last handler), the process exits 0.
 * These need TEST_DATABASE_URL (a fresh database per run); skipped otherwise. On PGlite the app in
 * this process shows that its close waits for the handler of a request whose client went away.
 */
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { CLIENT_HEADER } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { listJobs } from '../src/db/repositories/jobs.js';
import { outbox } from '../src/db/schema.js';
import { type RequestsInFlight, trackRequests } from '../src/lifecycle/in-flight.js';
import { closeApp } from '../src/lifecycle/shutdown.js';
import { connectRealtime } from './helpers/chat-factories.js';
import { type ChildServer, createChildServer } from './helpers/child-server.js';
import { openTestDatabase } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';
import { Browser } from './helpers/server.js';

/** The URL of the PostgreSQL database behind `database` (its pool's connection string). */
function urlOf(database: Database): string {
  return (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
    .connectionString;
}

/** Whether a TCP connection to 127.0.0.1:`port` is refused now. */
function isRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

/**
 * Logs `member` in over a connection the client keeps open for minutes afterwards, as browsers and
 * proxies do: the server must close it itself to finish its stop. Answers the status and JSON body.
 */
function keepAliveLogin(baseUrl: string, body: { email: string; password: string }) {
  const agent = new http.Agent({ keepAlive: true, timeout: 600_000 });
  return new Promise<{ status: number; json: unknown }>((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      `${baseUrl}/api/user.php`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', [CLIENT_HEADER.name]: CLIENT_HEADER.value },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Just enough of an SMTP server on 127.0.0.1 for nodemailer, standing in for the mail provider: it
 * answers the end of a message's data only once `release()` was called, so a delivery job stays in
 * flight as long as the test wants. `held` counts messages waiting for that answer.
 */
async function startHoldingSmtp() {
  const state = { held: 0, delivered: 0 };
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server = net.createServer((socket) => {
    let inData = false;
    let buffer = '';
    const reply = (line: string) => socket.write(`${line}\r\n`);
    socket.on('error', () => undefined);
    reply('220 holding-smtp ESMTP');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line !== '.') continue;
          inData = false;
          state.held++;
          void released.then(() => {
            state.delivered++;
            reply('250 queued');
          });
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    state,
    url: `smtp://127.0.0.1:${port}`,
    release: () => release(),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Polls `check` up to `tries` times, 50 ms apart; false if it never held. */
async function eventually(check: () => Promise<boolean>, tries = 200): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** The member API calls of the load: what a logged-in member's app asks most. */
const LOAD_PATHS = ['/api/user.php', '/api/search.php', '/api/chats.php', '/api/likes.php', '/api/settings.php'];
/** Concurrent keep-alive connections of the load, and requests each sends at most. */
const LOAD_CONNECTIONS = 200;
const LOAD_REQUESTS_PER_CONNECTION = 40;

/** One GET over `agent`: its status and Connection header, or the error when no answer came. */
function getOver(agent: http.Agent, url: string, cookie: string) {
  return new Promise<{ status: number; connection: string | undefined } | Error>((resolve) => {
    const req = http.get(url, { agent, headers: { cookie } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      res.on('error', resolve);
    });
    req.on('error', resolve);
  });
}

/**
 * Runs `LOAD_CONNECTIONS` clients on one keep-alive agent against the member API as the member of
 * `cookie`, each sending up to `LOAD_REQUESTS_PER_CONNECTION` requests one after the other until a
 * request fails (refused after the stop, or given up by `abort`). `answered(n)` resolves once n
 * answers came; `abort()` gives up every request still waiting, as a proxy whose client left does.
 */
function memberLoad(baseUrl: string, cookie: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: LOAD_CONNECTIONS });
  const answers: { status: number; connection: string | undefined }[] = [];
  let waiting: { n: number; resolve: () => void }[] = [];
  const client = async (index: number) => {
    for (let i = 0; i < LOAD_REQUESTS_PER_CONNECTION; i++) {
      const path = LOAD_PATHS[(index + i) % LOAD_PATHS.length]!;
      const answer = await getOver(agent, `${baseUrl}${path}`, cookie);
      if (answer instanceof Error) return;
      answers.push(answer);
      for (const w of waiting.filter((w) => answers.length >= w.n)) w.resolve();
      waiting = waiting.filter((w) => answers.length < w.n);
    }
  };
  const done = Promise.all(Array.from({ length: LOAD_CONNECTIONS }, (_, i) => client(i)));
  return {
    answers,
    done,
    answered: (n: number) =>
      answers.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ n, resolve })),
    abort: () => agent.destroy(),
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('graceful shutdown of the server process (PostgreSQL)', () => {
  let database: Database;
  let member: Awaited<ReturnType<typeof createMember>>;
  let child: ChildServer | undefined;
  /** The test's own connection, holding the table lock. */
  let locker: pg.Client | undefined;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    const site = await createSite(database.db, { is_default: true });
    member = await createMember(database.db, site.id);
  });
  afterEach(async () => {
    await locker?.end().catch(() => undefined);
    locker = undefined;
    await child?.stop();
    child = undefined;
  });
  afterAll(() => database?.close());

  /** Starts a server (SHUTDOWN_TIMEOUT_SECONDS `timeout`) with a member logged in over a socket. */
  async function startServer(timeout: string, env: Record<string, string> = {}) {
    child = await createChildServer({
      databaseUrl: urlOf(database),
      env: { SHUTDOWN_TIMEOUT_SECONDS: timeout, ...env },
    });
    await child.start();
    const browser = new Browser(child.url);
    const loggedIn = await browser.post('/api/user.php', { email: member.email, password: member.password });
    expect(loggedIn.status).toBe(200);
    const realtime = await connectRealtime(child.url, browser);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      realtime.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    return { server: child, closed };
  }

  /** Holds the next login on `server` in flight: it waits for the table lock the test takes here. */
  async function loginInFlight(server: ChildServer) {
    locker = new pg.Client({ connectionString: urlOf(database) });
    await locker.connect();
    await locker.query('begin');
    // Reads of login_attempts go on; the login's insert of its attempt waits.
    await locker.query('lock table login_attempts in exclusive mode');
    // Settled either way: the second test's process exits with it unanswered.
    const login = keepAliveLogin(server.url, { email: member.email, password: member.password }).catch(
      (err: Error) => err,
    );
    const waiting = await eventually(async () => {
      const result = await database.db.execute(
        sql`select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
            where c.relname = 'login_attempts' and not l.granted`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n > 0;
    });
    expect(waiting, 'the login reached the locked table').toBe(true);
    // Wrapped: an async function returning the promise itself would wait for it.
    return { login };
  }

  it('finishes the request in flight, closes sockets with 1012, refuses new connections and exits 0', async () => {
    const { server, closed } = await startServer('20');
    const { login } = await loginInFlight(server);

    const exited = server.kill('SIGTERM');
    expect(await closed).toEqual({ code: 1012, reason: 'reconnect' });
    expect(await eventually(() => isRefused(server.port)), 'new connections refused').toBe(true);
    expect(server.exits).toEqual([]);

    await locker!.query('commit');
    const answer = await login;
    expect(answer).toMatchObject({ status: 200, json: { email: member.email } });
    // Within the bound of 20 s although the client would keep the connection for 10 minutes.
    expect(await exited).toMatchObject({ code: 0, signal: null });
  });

  it('lets a job in flight finish and settle before the database closes', async () => {
    const smtp = await startHoldingSmtp();
    try {
      const { server } = await startServer('20', { SMTP_URL: smtp.url });
      const asked = await new Browser(server.url).post('/api/password-reset.php', { email: member.email });
      expect(asked.status).toBe(200);
      expect(await eventually(async () => smtp.state.held === 1), 'the mail job waits at the SMTP server').toBe(true);

      const exited = server.kill('SIGTERM');
      expect(await eventually(() => isRefused(server.port)), 'new connections refused').toBe(true);
      expect(server.exits).toEqual([]);
      smtp.release();
      expect(await exited).toMatchObject({ code: 0, signal: null });
      expect(smtp.state.delivered).toBe(1);
      const [job] = await listJobs(database.db, 'send_mail');
      expect(job).toMatchObject({ status: 'done', attempts: 1, lock_token: null });
      const [mail] = await database.db.select().from(outbox).where(eq(outbox.recipient, member.email));
      expect(mail?.sent_at).not.toBeNull();
    } finally {
      smtp.release();
      await smtp.close();
    }
  });

  it('answers 200 or 503 with Connection: close under 200 connections, closes the pool after the last handler and exits 0', async () => {
    const { server } = await startServer('20');
    const browser = new Browser(server.url);
    expect((await browser.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(200);
    const load = memberLoad(server.url, `sid=${browser.cookie('sid')}`);
    // Every connection has had about one answer: the server is busy with requests on all of them.
    await load.answered(LOAD_CONNECTIONS);
    const exited = server.kill('SIGTERM');
    expect(await eventually(() => isRefused(server.port)), 'new connections refused').toBe(true);
    // The stop has begun; the clients give up on what still runs, and those handlers go on without them.
    load.abort();
    await load.done;

    expect(await exited).toMatchObject({ code: 0, signal: null });
    // The server's log says why when an answer is wrong.
    const log = server.output();
    const statuses = new Set(load.answers.map((a) => a.status));
    expect(
      [...statuses].filter((status) => status !== 200 && status !== 503),
      log,
    ).toEqual([]);
    expect(load.answers.filter((a) => a.status === 503 && a.connection !== 'close')).toEqual([]);
    expect(load.answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(LOAD_CONNECTIONS);
    expect(log).not.toMatch(/unhandled error|Cannot use a pool|"status":5\d\d|stop failed|stop not finished/);
  }, 60_000);

  it('exits 1 when the stop cannot finish within SHUTDOWN_TIMEOUT_SECONDS', async () => {
    const { server } = await startServer('1');
    const { login } = await loginInFlight(server);
    const exit = await server.kill('SIGTERM');
    expect(exit).toMatchObject({ code: 1, signal: null });
    expect(server.output()).toContain('stop not finished after 1 s: exiting anyway');
    expect(await login).toBeInstanceOf(Error);
  });
});

/** Lets `rounds` turns of the event loop pass (setImmediate), so work already queued runs; no timer. */
async function turns(rounds: number): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('graceful shutdown of an app in this process (PGlite)', () => {
  let database: Database;
  let app: FastifyInstance;
  let requests: RequestsInFlight;
  let url: string;
  let someone: Awaited<ReturnType<typeof createMember>>;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const site = await createSite(database.db, { is_default: true });
    someone = await createMember(database.db, site.id);
    const config = { ...loadConfig({ WEB_DIST: '/nonexistent', DATA_DIR: '/tmp/test-data' }), logLevel: 'warn' };
    app = await buildApp(config, database.db, undefined, {}, { logStream: { write: (l) => void lines.push(l) } });
    requests = trackRequests(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  // The test closes both itself; this is for a failure half-way.
  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
  });

  it('closes only after the handler of a request whose client went away has answered, then the database', async () => {
    const browser = new Browser(url);
    expect((await browser.post('/api/user.php', { email: someone.email, password: someone.password })).status).toBe(
      200,
    );

    // PGlite is one connection: while this transaction is open, the request's session lookup waits.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding: () => void = () => undefined;
    const isHolding = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const held = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      holding();
      await gate;
    });
    await isHolding;
    const request = http.get(`${url}/api/user.php`, { headers: { cookie: `sid=${browser.cookie('sid')}` } });
    request.on('error', () => undefined);
    expect(await eventually(async () => requests.size === 1), 'the request reached the server').toBe(true);
    request.destroy();

    const closing = closeApp(app);
    let isClosed = false;
    void closing.then(() => {
      isClosed = true;
    });
    await once(app.server, 'close');
    // The app's other onClose hooks take a few turns; the handler still waits for the database.
    await turns(50);
    expect(isClosed, 'the app waits for the handler still running').toBe(false);
    expect(requests.size).toBe(1);

    release();
    await held;
    await closing;
    expect(requests.size).toBe(0);
    await database.close();
    expect(lines.filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
  });
});
