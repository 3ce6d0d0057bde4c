/**
 * `npm run bench:http`: throughput of the member API under many members at once (issue: throughput,
 * docs/benchmarks.md). For each member count (default 600 and 100,000): seeds a fresh database with the
 * demo seed, runs VACUUM (ANALYZE), logs in 200 members, starts the production server (the compiled
 * apps/server/dist, as `npm start` runs it) in its own process on loopback, and runs autocannon from
 * this process:
 *   1. a bare Fastify hello-world route in its own process, the yardstick;
 *   2. the member mix at 200 connections: 30% GET /api/user.php, 15% /api/chats.php, 15% /api/likes.php,
 *      20% /api/search.php pages 1-3, 20% /api/profile.php?id=, each request as one of the 200 members;
 *   3. message sends (POST /api/message.php) at a fixed rate;
 *   4. each call alone at 50 connections.
 * Prints req/s, p50/p99 latency, errors (socket errors, timeouts and non-2xx answers), the ratio to
 * hello-world, and the server's resident memory after the run. A warm-up of the mix runs first and is
 * not counted. Everything it creates (databases, temp folders) is removed at the end unless --keep.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CLIENT_HEADER } from '@app/contracts';
import autocannon, { type Request as LoadRequest } from 'autocannon';
import webPush from 'web-push';
// @ts-expect-error plain JavaScript build script without types
import { buildServer } from '../../../scripts/build-server.mjs';
import { serverNodeOptions } from '../../../scripts/node-options.mjs';
import { ROOT_DIR } from '../src/config.js';
import { findSiteForDomain } from '../src/db/repositories/sites.js';
import { SESSION_COOKIE } from '../src/http/context.js';
import { mulberry32 } from '../src/seed/random.js';
import { createSession } from '../src/services/access/create-session.js';
import { openPglite, openPostgres, type Target } from './targets.js';

const USAGE = `usage: npm run bench:http -- [--members 600,100000] [--pglite] [--seconds N] [--connections N]
       [--rate N] [--only mix|alone|send] [--calls LIST] [--workers N] [--keep] [--db NAME] [--cpu-prof DIR]
  --members LIST   member counts to seed, comma-separated (default 600,100000)
  --pglite         run on the embedded database (PGlite) instead of PostgreSQL
  --seconds N      seconds of each measured run (default 15; warm-up 5)
  --connections N  connections of the mix (default 200; each call alone uses 50)
  --rate N         message sends per second (default 200)
  --only PART      run only the mix, the calls alone or the sends (hello-world always runs)
  --calls LIST     the calls run alone (default user,chats,likes,search,profile,settings)
  --workers N      server processes sharing the port (WEB_CONCURRENCY; default 1)
  --keep           keep the seeded database (its name is printed)
  --db NAME        reuse a seeded PostgreSQL database (not seeded, never dropped; one member count)
  --cpu-prof DIR   write a V8 CPU profile of the server (open in Chrome DevTools or speedscope)
The PostgreSQL server is TEST_DATABASE_URL, else DATABASE_URL, else postgres://root@127.0.0.1:5432/test.`;

/** Logged-in members the load is made as. */
const MEMBER_POOL = 200;
/** Connections of each call alone. */
const ALONE_CONNECTIONS = 50;
const WARMUP_SECONDS = 5;
/** Share of each call in the mix (issue: throughput). */
const MIX: readonly { call: string; weight: number }[] = [
  { call: 'user', weight: 30 },
  { call: 'chats', weight: 15 },
  { call: 'likes', weight: 15 },
  { call: 'search', weight: 20 },
  { call: 'profile', weight: 20 },
];

interface Options {
  members: number[];
  pglite: boolean;
  seconds: number;
  connections: number;
  rate: number;
  only: 'mix' | 'alone' | 'send' | undefined;
  /** The calls run alone (default: each call of the mix and settings). */
  calls: string[];
  /** Server processes (WEB_CONCURRENCY). */
  workers: number;
  keep: boolean;
  db: string | undefined;
  cpuProf: string | undefined;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      members: { type: 'string', default: '600,100000' },
      pglite: { type: 'boolean', default: false },
      seconds: { type: 'string', default: '15' },
      connections: { type: 'string', default: '200' },
      rate: { type: 'string', default: '200' },
      only: { type: 'string' },
      calls: { type: 'string' },
      workers: { type: 'string', default: '1' },
      keep: { type: 'boolean', default: false },
      db: { type: 'string' },
      'cpu-prof': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const members = values.members.split(',').map(Number);
  if (members.some((n) => !Number.isInteger(n) || n < 300 || n > 1_000_000))
    throw new Error(`--members must list integers 300-1000000\n${USAGE}`);
  const only = values.only as Options['only'];
  if (only && !['mix', 'alone', 'send'].includes(only)) throw new Error(`--only mix|alone|send\n${USAGE}`);
  return {
    members: values.db ? members.slice(0, 1) : members,
    pglite: values.pglite,
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    rate: Number(values.rate),
    only,
    calls: values.calls ? values.calls.split(',') : [...MIX.map((m) => m.call), 'settings'],
    workers: Number(values.workers),
    keep: values.keep,
    db: values.db,
    cpuProf: values['cpu-prof'],
  };
}

/** One logged-in member of the load: their session token and their own profile id. */
interface Member {
  token: string;
  profileId: number;
}

/** What the load uses: members, profiles to view and write to. */
interface Workload {
  members: Member[];
  /** Active profiles of the site (the profile views pick from these). */
  profileIds: number[];
}

/** Logs in MEMBER_POOL confirmed members with active profiles and gives them credits to send with. */
async function prepareWorkload(target: Target): Promise<Workload> {
  const site = await findSiteForDomain(target.database.db, 'localhost');
  if (!site) throw new Error('the database has no site: was it seeded?');
  const rows = await target.raw.query(
    `select u.id as user_id, p.id as profile_id from users u join profiles p on p.user_id = u.id
     where u.site_id = $1 and u.status = 'confirmed' and p.status = 'active' and not p.is_fictional
     order by u.id`,
    [site.id],
  );
  if (rows.length < MEMBER_POOL) throw new Error(`only ${rows.length} members with an active profile`);
  const rand = mulberry32(1818);
  const picked = new Set<number>();
  while (picked.size < MEMBER_POOL) picked.add(Math.floor(rand() * rows.length));
  const members: Member[] = [];
  for (const index of picked) {
    const row = rows[index] as { user_id: number; profile_id: number };
    const token = await createSession(
      { db: target.database.db },
      { userId: Number(row.user_id), ip: '127.0.0.1', userAgent: 'bench-http' },
    );
    members.push({ token, profileId: Number(row.profile_id) });
  }
  // Credits to send messages with, booked as the money rules book them (a ledger row per change), and
  // premium as after a first purchase (free members may open only a few conversations).
  await target.raw.query(
    `with given as (update users set credits = credits + 1000000, paid_user = true where id = any($1::int[]) returning id, credits)
     insert into credit_ledger (user_id, delta, balance_after, reason) select id, 1000000, credits, 'bench' from given`,
    [[...picked].map((i) => Number((rows[i] as { user_id: number }).user_id))],
  );
  const active = await target.raw.query(`select id from profiles where site_id = $1 and status = 'active'`, [site.id]);
  return { members, profileIds: active.map((r) => Number(r.id)) };
}

/** A child process that tells its port over IPC once it listens. */
interface Child {
  child: ChildProcess;
  port: number;
}

function startChild(script: string, env: NodeJS.ProcessEnv, execArgv: string[] = []): Promise<Child> {
  const child = fork(script, [], { env, execArgv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`${path.basename(script)} exited with ${code}`)));
  });
}

async function stopChild(c: Child): Promise<void> {
  const exited = new Promise((r) => c.child.once('exit', r));
  c.child.send('stop');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (c.child.exitCode === null) c.child.kill('SIGKILL');
}

/** Resident memory in MB of a process and its descendants (every cluster worker), from /proc. */
function rssMb(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  let kb = 0;
  for (const p of processTree(pid)) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}

/** The request of one call, as the web client sends it. */
function callRequest(call: string, member: Member, workload: Workload, rand: () => number): Partial<LoadRequest> {
  const headers: Record<string, string> = {
    cookie: `${SESSION_COOKIE}=${member.token}`,
    [CLIENT_HEADER.name]: CLIENT_HEADER.value,
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br',
  };
  switch (call) {
    case 'settings':
      return { method: 'GET', path: '/api/settings.php', headers };
    case 'user':
      return { method: 'GET', path: '/api/user.php', headers };
    case 'chats':
      return { method: 'GET', path: '/api/chats.php', headers };
    case 'likes':
      return { method: 'GET', path: '/api/likes.php', headers };
    case 'search':
      return { method: 'GET', path: `/api/search.php?page=${1 + Math.floor(rand() * 3)}&per_page=24`, headers };
    case 'profile': {
      const id = workload.profileIds[Math.floor(rand() * workload.profileIds.length)];
      return { method: 'GET', path: `/api/profile.php?id=${id}`, headers };
    }
    case 'send': {
      let to = member;
      while (to === member) to = workload.members[Math.floor(rand() * workload.members.length)] as Member;
      const body = JSON.stringify({ profile: to.profileId, text: 'Hoi, hoe gaat het?', client_id: randomUUID() });
      return {
        method: 'POST',
        path: '/api/message.php',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      };
    }
    default:
      throw new Error(`unknown call ${call}`);
  }
}

/** What one autocannon run measured. */
interface RunResult {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  statuses: string;
  /** CPU milliseconds per request of the server process and of all PostgreSQL processes. */
  serverCpuMs: number;
  databaseCpuMs: number;
}

/** The process and its descendants (cluster workers), from /proc/<pid>/task/<pid>/children. */
function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    try {
      const children = readFileSync(`/proc/${tree[i]}/task/${tree[i]}/children`, 'utf8').trim();
      if (children) tree.push(...children.split(' ').map(Number));
    } catch {
      // gone meanwhile
    }
  }
  return tree;
}

/** CPU seconds used so far by a process and its descendants. */
function treeCpuSeconds(pid: number): number {
  return processTree(pid).reduce((sum, p) => sum + cpuSeconds(p), 0);
}

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat; 0 when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // After the command: state is field 3, utime 14 and stime 15 (1-based), in clock ticks (100 Hz).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by every process named postgres (the server's backends). */
function databaseCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    total += cpuSeconds(Number(entry));
  }
  return total;
}

/** The process whose CPU a run reports (the app or the hello-world server). */
let measuredPid = 0;

/** Runs autocannon against `port` for `seconds`; each request made by `next()`. */
async function load(
  label: string,
  port: number,
  opts: { connections: number; seconds: number; rate?: number },
  next: (() => Partial<LoadRequest>) | null,
): Promise<RunResult> {
  const statuses = new Map<number, number>();
  const cpuBefore = treeCpuSeconds(measuredPid);
  const databaseBefore = databaseCpuSeconds();
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: opts.connections,
    duration: opts.seconds,
    ...(opts.rate ? { overallRate: opts.rate } : {}),
    timeout: 10,
    requests: [
      next
        ? {
            setupRequest: (req: LoadRequest): LoadRequest => ({ ...req, ...next() }) as LoadRequest,
            onResponse: (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1),
          }
        : {
            method: 'GET',
            path: '/hello',
            onResponse: (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1),
          },
    ],
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  const total = Math.max(1, result.requests.total);
  return {
    serverCpuMs: ((treeCpuSeconds(measuredPid) - cpuBefore) * 1000) / total,
    databaseCpuMs: ((databaseCpuSeconds() - databaseBefore) * 1000) / total,
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    statuses: [...statuses.entries()].map(([s, n]) => `${s}:${n}`).join(' '),
  };
}

function line(r: RunResult, hello: number): string {
  const ratio = hello > 0 ? `${((r.rps / hello) * 100).toFixed(1)}%` : '-';
  return `| ${r.label} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(0)} / ${r.p99.toFixed(0)} | ${r.errors} | ${ratio} | ${r.serverCpuMs.toFixed(2)} / ${r.databaseCpuMs.toFixed(2)} | ${r.statuses} |`;
}

/** Builds the compiled server into its own folder, as `npm start` runs it. */
async function compiledServer(): Promise<string> {
  const dist = path.join(ROOT_DIR, 'apps/server/dist/bench');
  await buildServer(dist);
  return path.join(dist, 'main.js');
}

async function benchOne(members: number, options: Options, serverMain: string, adminUrl: string): Promise<void> {
  const photoDir = await mkdtemp(path.join(os.tmpdir(), 'bench-http-photos-'));
  console.log(`\n## ${members} members on ${options.pglite ? 'PGlite' : 'PostgreSQL'}`);
  const t0 = performance.now();
  const target = options.pglite
    ? await openPglite({ members, photoDir, keep: options.keep, reuse: undefined })
    : await openPostgres({ adminUrl, members, photoDir, keep: options.keep, reuse: options.db, bench: 'http' });
  let server: Child | undefined;
  let hello: Child | undefined;
  try {
    if (target.seedSeconds !== null) console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    if (target.kind === 'postgres') await target.raw.query('vacuum (analyze)');
    const workload = await prepareWorkload(target);
    const url = target.kind === 'postgres' ? new URL(adminUrl) : null;
    if (url) url.pathname = `/${target.location}`;
    if (target.kind === 'pglite') await target.database.close();

    hello = await startChild(path.join(path.dirname(fileURLToPath(import.meta.url)), 'hello-server.mjs'), {});
    measuredPid = hello.child.pid ?? 0;
    const helloRun = await load(
      'hello-world (bare Fastify)',
      hello.port,
      {
        connections: options.connections,
        seconds: options.seconds,
      },
      null,
    );
    await stopChild(hello);
    hello = undefined;

    server = await startServerProcess(serverMain, {
      DATABASE_URL: url?.toString(),
      DATA_DIR: target.kind === 'pglite' ? target.location : photoDir,
      PHOTO_DIR: photoDir,
      cpuProf: options.cpuProf,
      workers: options.workers,
    });
    measuredPid = server.child.pid ?? 0;
    const rand = mulberry32(99);
    const member = () => workload.members[Math.floor(rand() * workload.members.length)] as Member;
    const mixCall = () => {
      let pick = rand() * 100;
      for (const { call, weight } of MIX) {
        pick -= weight;
        if (pick < 0) return call;
      }
      return 'user';
    };
    const results: RunResult[] = [helloRun];
    const started = performance.now();
    if (!options.only || options.only === 'mix') {
      await load(
        'warm-up (not counted)',
        server.port,
        { connections: options.connections, seconds: WARMUP_SECONDS },
        () => callRequest(mixCall(), member(), workload, rand),
      );
      results.push(
        await load(
          `mix at ${options.connections} connections`,
          server.port,
          { connections: options.connections, seconds: options.seconds },
          () => callRequest(mixCall(), member(), workload, rand),
        ),
      );
    }
    if (!options.only || options.only === 'send') {
      results.push(
        await load(
          `message sends at ${options.rate}/s`,
          server.port,
          { connections: ALONE_CONNECTIONS, seconds: options.seconds, rate: options.rate },
          () => callRequest('send', member(), workload, rand),
        ),
      );
    }
    if (!options.only || options.only === 'alone') {
      // settings.php reads no member data: what every call costs before its own work.
      for (const call of options.calls) {
        results.push(
          await load(
            `${call} alone at ${ALONE_CONNECTIONS} connections`,
            server.port,
            { connections: ALONE_CONNECTIONS, seconds: options.seconds },
            () => callRequest(call, member(), workload, rand),
          ),
        );
      }
    }
    const rss = rssMb(server.child.pid);
    console.log(
      `\n| run | req/s | p50 / p99 ms | errors | of hello-world | CPU ms/request server / database | statuses |`,
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const r of results) console.log(line(r, helloRun.rps));
    console.log(
      `\nserver resident memory after ${((performance.now() - started) / 1000).toFixed(0)} s of load: ${rss.toFixed(0)} MB`,
    );
    console.log(
      `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    if (hello) await stopChild(hello);
    if (server) await stopServerProcess(server);
    if (target.kind === 'postgres') await target.close();
    else await rm(target.location, { recursive: true, force: true });
    await rm(photoDir, { recursive: true, force: true });
    if (options.keep && target.kind === 'postgres') console.log(`kept database ${target.location}`);
  }
}

/** The compiled server (apps/server/dist/bench/main.js) as production runs it, on a free loopback port. */
async function startServerProcess(
  serverMain: string,
  opts: {
    DATABASE_URL: string | undefined;
    DATA_DIR: string;
    PHOTO_DIR: string;
    cpuProf: string | undefined;
    workers: number;
  },
): Promise<Child> {
  const port = await freePort();
  const vapid = webPush.generateVAPIDKeys();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    NO_SEED: '1',
    // The database holds the demo seed on purpose (its published password included).
    SEED_DEMO: '1',
    // What a production start requires (config validation): a public origin, shared keys, and the
    // test payment provider allowed explicitly (this machine reaches no Mollie).
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    UNSUBSCRIBE_SECRET: randomUUID(),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    ALLOW_TEST_PAYMENTS: '1',
    WEB_CONCURRENCY: String(opts.workers),
    // The heap limit `npm start` and the image give the server (scripts/node-options.mjs).
    NODE_OPTIONS: serverNodeOptions(process.env.NODE_OPTIONS),
    PHOTO_DIR: opts.PHOTO_DIR,
    DATA_DIR: opts.DATA_DIR,
    WEB_DIST: path.join(opts.PHOTO_DIR, 'no-web-client'),
  };
  delete env.TEST_DATABASE_URL;
  if (opts.DATABASE_URL) env.DATABASE_URL = opts.DATABASE_URL;
  else delete env.DATABASE_URL;
  const execArgv = ['--enable-source-maps'];
  if (opts.cpuProf) execArgv.push('--cpu-prof', `--cpu-prof-dir=${opts.cpuProf}`);
  const child = fork(serverMain, [], { env, execArgv, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (output.length < 100_000) output += chunk.toString();
      if (output.includes('Site ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  // Logs keep flowing (production logs every request): read and drop them, as a log shipper would.
  child.stdout?.removeAllListeners('data');
  child.stdout?.resume();
  return { child, port };
}

async function stopServerProcess(server: Child): Promise<void> {
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
}

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function main(): Promise<void> {
  const options = parseOptions();
  const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
  const serverMain = await compiledServer();
  console.log(`# bench:http ${new Date().toISOString()}`);
  for (const members of options.members) await benchOne(members, options, serverMain, adminUrl);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
