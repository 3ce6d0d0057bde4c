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
 * hello-world, CPU ms per request of the server and of the bench database's PostgreSQL backends, the
 * server's GC ms per request (gc-probe.cjs), and its resident memory after the run. A warm-up of the
 * mix runs first and is not counted. Everything it creates (databases, temp folders) is removed at the
 * end unless --keep.
 *
 * The floor (issue 31, PostgreSQL): after the warm-up the statements this code sends for each GET call
 * are recorded under load (statement-recorder.cjs) and replayed by a bare Fastify + pg server
 * (floor-server.mjs); every GET run is followed by the same run on the floor, and a table prints
 * app/floor per call and for the mix. `--baseline REF` runs the server of an older commit on the same
 * database too, each of its runs right before the same run of this code.
 */
import { type ChildProcess, execFileSync, execSync, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
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
       [--baseline REF] [--skip-floor]
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
  --baseline REF   also run the server of git commit REF (PostgreSQL only), on the same database,
                   each run right before the same run of this code (e.g. --baseline 41df770)
  --skip-floor     do not replay this code's statements through the bare Fastify + pg floor
                   (PostgreSQL; by default each GET run is followed by the same run on the floor)
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
  /** A git commit whose server runs beside this code's, each run back to back on the same database. */
  baseline: string | undefined;
  /** Skip the floor: the app's recorded statements replayed through a bare Fastify + pg server. */
  skipFloor: boolean;
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
      baseline: { type: 'string' },
      'skip-floor': { type: 'boolean', default: false },
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
  if (values.baseline && values.pglite)
    throw new Error(`--baseline needs PostgreSQL (PGlite has one process)\n${USAGE}`);
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
    baseline: values.baseline,
    skipFloor: values['skip-floor'] || values.pglite,
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
  /** Milliseconds of garbage collection per request in the server (gc-probe.cjs); NaN for hello-world. */
  gcMs: number;
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

/** The benchmark's database: only its PostgreSQL backends are counted (the server is shared). */
let benchDatabase = '';

/**
 * CPU seconds used so far by each PostgreSQL backend of the benchmark's database (its process title
 * names the database), by process id; every postgres process when the database is not known.
 */
function databaseCpu(): Map<number, number> {
  const used = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      if (benchDatabase && !readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${benchDatabase} `)) continue;
    } catch {
      continue;
    }
    used.set(Number(entry), cpuSeconds(Number(entry)));
  }
  return used;
}

/** CPU seconds the backends used between two databaseCpu snapshots (a backend that ended is left out). */
function databaseCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of databaseCpu()) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** The process whose CPU a run reports (the app or the hello-world server). */
let measuredPid = 0;
/** The app server of the run, asked for its GC time (gc-probe.cjs); null for hello-world. */
let measuredServer: ChildProcess | null = null;

/** Milliseconds the server has spent in garbage collection so far (NaN when it does not answer). */
async function gcMilliseconds(server: ChildProcess | null): Promise<number> {
  if (!server?.connected) return Number.NaN;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.off('message', onMessage);
      resolve(Number.NaN);
    }, 2000);
    const onMessage = (msg: unknown) => {
      if ((msg as { type?: string } | null)?.type !== 'gc') return;
      clearTimeout(timer);
      server.off('message', onMessage);
      resolve((msg as { ms: number }).ms);
    };
    server.on('message', onMessage);
    server.send({ type: 'gc?' });
  });
}

/** Runs autocannon against `port` for `seconds`; each request made by `next()`. */
async function load(
  label: string,
  port: number,
  opts: { connections: number; seconds: number; rate?: number },
  next: (() => Partial<LoadRequest>) | null,
): Promise<RunResult> {
  const statuses = new Map<number, number>();
  const gcBefore = await gcMilliseconds(measuredServer);
  const cpuBefore = treeCpuSeconds(measuredPid);
  const databaseBefore = databaseCpu();
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
  const serverCpu = treeCpuSeconds(measuredPid) - cpuBefore;
  const databaseSeconds = databaseCpuSince(databaseBefore);
  const gc = (await gcMilliseconds(measuredServer)) - gcBefore;
  return {
    serverCpuMs: (serverCpu * 1000) / total,
    databaseCpuMs: (databaseSeconds * 1000) / total,
    gcMs: gc / total,
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
  const gc = Number.isNaN(r.gcMs) ? '-' : r.gcMs.toFixed(3);
  return `| ${r.label} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(0)} / ${r.p99.toFixed(0)} | ${r.errors} | ${ratio} | ${r.serverCpuMs.toFixed(2)} / ${r.databaseCpuMs.toFixed(2)} | ${gc} | ${r.statuses} |`;
}

/** A server build to benchmark: this code's, or a baseline commit's. */
interface ServerBuild {
  /** How the tables name its runs: "this code" or the commit. */
  name: string;
  main: string;
}

/** Builds the compiled server into its own folder, as `npm start` runs it. */
async function compiledServer(): Promise<ServerBuild> {
  const dist = path.join(ROOT_DIR, 'apps/server/dist/bench');
  await buildServer(dist);
  return { name: 'this code', main: path.join(dist, 'main.js') };
}

/**
 * The compiled server of commit `ref`: its files extracted with `git archive` (as
 * test/previous-release.test.ts does) into apps/server/dist/bench-base/<ref> (inside the repository, so
 * node_modules resolve; its own workspace packages first), built with its own build script.
 */
async function baselineServer(ref: string): Promise<ServerBuild> {
  const commit = execFileSync('git', ['rev-parse', '--short', `${ref}^{commit}`], {
    cwd: ROOT_DIR,
    encoding: 'utf8',
  }).trim();
  const dir = path.join(ROOT_DIR, 'apps/server/dist/bench-base', commit);
  await rm(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execSync(
    `git archive --format=tar ${commit} -- apps/server packages locales scripts tsconfig.base.json ` +
      `':(exclude)apps/server/test' ':(exclude)apps/server/bench' ':(exclude)packages/*/test' | tar -x -C '${dir}'`,
    { cwd: ROOT_DIR, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  mkdirSync(path.join(dir, 'node_modules/@app'), { recursive: true });
  for (const name of readdirSync(path.join(dir, 'packages'))) {
    symlinkSync(path.join(dir, 'packages', name), path.join(dir, 'node_modules/@app', name), 'dir');
  }
  const build = (await import(pathToFileURL(path.join(dir, 'scripts/build-server.mjs')).href)) as {
    buildServer(outdir: string): Promise<number>;
  };
  const dist = path.join(dir, 'apps/server/dist/bench');
  await build.buildServer(dist);
  return { name: commit, main: path.join(dist, 'main.js') };
}

/** One started app server of a run, with the build it runs. */
interface RunningServer {
  build: ServerBuild;
  child: Child;
}

/** A recorded statement of the app (statement-recorder.cjs): what the floor sends again. */
interface RecordedStatement {
  name: string | null;
  text: string;
  values: unknown[];
  wave: number;
}

/** Seconds of load per round while a call's statements are recorded, rounds at most, requests enough. */
const RECORD_SECONDS = 2;
const RECORD_ROUNDS = 5;
const RECORD_ENOUGH = 100;

/** Asks a server's statement recorder something and waits for its answer of `type`. */
function askRecorder<T>(child: ChildProcess, message: object, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} from the server`)), 10_000);
    const onMessage = (msg: unknown) => {
      if ((msg as { type?: string } | null)?.type !== type) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(msg as T);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

/**
 * Records the statements `app` sends for each GET call under load (each call alone at ALONE_CONNECTIONS
 * for RECORD_SECONDS): per call path, the recorded requests' statement sequences.
 */
async function recordStatements(
  app: Child,
  calls: string[],
  request: (call: string) => Partial<LoadRequest>,
): Promise<Record<string, RecordedStatement[][]>> {
  const recorded: Record<string, RecordedStatement[][]> = {};
  for (const call of calls) {
    const path = String(request(call).path).split('?')[0] as string;
    app.child.send({ type: 'record', on: true, clear: true });
    // Until enough requests finished while recording (a loaded machine answers slowly).
    for (let round = 0; round < RECORD_ROUNDS && (recorded[path]?.length ?? 0) < RECORD_ENOUGH; round++) {
      await autocannon({
        url: `http://127.0.0.1:${app.port}`,
        connections: ALONE_CONNECTIONS,
        duration: RECORD_SECONDS,
        requests: [{ setupRequest: (req: LoadRequest): LoadRequest => ({ ...req, ...request(call) }) as LoadRequest }],
      });
      const answer = await askRecorder<{ calls: Record<string, RecordedStatement[][]> }>(
        app.child,
        { type: 'statements?' },
        'statements',
      );
      recorded[path] = answer.calls[path] ?? [];
    }
    app.child.send({ type: 'record', on: false });
  }
  return recorded;
}

/** The floor server (floor-server.mjs) on the bench database, loaded with the recorded sequences. */
async function startFloor(databaseUrl: string, calls: Record<string, RecordedStatement[][]>): Promise<Child> {
  const floor = await startChild(path.join(path.dirname(fileURLToPath(import.meta.url)), 'floor-server.mjs'), {
    ...process.env,
    DATABASE_URL: databaseUrl,
  });
  await askRecorder(floor.child, { type: 'sequences', calls }, 'sequences-loaded');
  return floor;
}

/** Statements per recorded request of each call: in all, and one after another (waves). */
function printSequences(calls: Record<string, RecordedStatement[][]>): void {
  console.log('\n| call | requests recorded | statements per request | one after another |');
  console.log('|---|---|---|---|');
  for (const [call, requests] of Object.entries(calls)) {
    const total = requests.reduce((sum, r) => sum + r.length, 0) / Math.max(1, requests.length);
    const waves = requests.map((r) => 1 + Math.max(...r.map((s) => s.wave)));
    console.log(
      `| ${call} | ${requests.length} | ${total.toFixed(2)} | ${(waves.reduce((a, b) => a + b, 0) / Math.max(1, waves.length)).toFixed(2)} (max ${Math.max(...waves)}) |`,
    );
  }
}

/** This code against its floor: req/s and server CPU per request of each run, as app/floor. */
function printAgainstFloor(results: RunResult[], appName: string, prefixed: boolean): void {
  console.log('\n| run | app req/s | floor req/s | app/floor | app / floor server CPU ms/req | CPU app/floor |');
  console.log('|---|---|---|---|---|---|');
  for (const floor of results.filter((r) => r.label.startsWith('floor: '))) {
    const part = floor.label.slice('floor: '.length);
    const app = results.find((r) => r.label === (prefixed ? `${appName}: ${part}` : part));
    if (!app) continue;
    console.log(
      `| ${part} | ${app.rps.toFixed(0)} | ${floor.rps.toFixed(0)} | ${((app.rps / floor.rps) * 100).toFixed(0)}% | ${app.serverCpuMs.toFixed(2)} / ${floor.serverCpuMs.toFixed(2)} | ${(app.serverCpuMs / floor.serverCpuMs).toFixed(2)} |`,
    );
  }
}

async function benchOne(members: number, options: Options, builds: ServerBuild[], adminUrl: string): Promise<void> {
  const photoDir = await mkdtemp(path.join(os.tmpdir(), 'bench-http-photos-'));
  console.log(`\n## ${members} members on ${options.pglite ? 'PGlite' : 'PostgreSQL'}`);
  const t0 = performance.now();
  const target = options.pglite
    ? await openPglite({ members, photoDir, keep: options.keep, reuse: undefined })
    : await openPostgres({ adminUrl, members, photoDir, keep: options.keep, reuse: options.db, bench: 'http' });
  const servers: RunningServer[] = [];
  let hello: Child | undefined;
  let floor: Child | undefined;
  try {
    if (target.seedSeconds !== null) console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    if (target.kind === 'postgres') await target.raw.query('vacuum (analyze)');
    const workload = await prepareWorkload(target);
    const url = target.kind === 'postgres' ? new URL(adminUrl) : null;
    if (url) url.pathname = `/${target.location}`;
    benchDatabase = target.kind === 'postgres' ? target.location : '';
    if (target.kind === 'pglite') await target.database.close();

    hello = await startChild(path.join(path.dirname(fileURLToPath(import.meta.url)), 'hello-server.mjs'), {});
    measuredPid = hello.child.pid ?? 0;
    measuredServer = null;
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

    // Every build at once on the same database (an idle one costs next to nothing), each run of one
    // right after the same run of the other, so both see the same machine and the same data.
    for (const build of builds) {
      const child = await startServerProcess(build.main, {
        DATABASE_URL: url?.toString(),
        DATA_DIR: target.kind === 'pglite' ? target.location : photoDir,
        PHOTO_DIR: photoDir,
        cpuProf: options.cpuProf,
        workers: options.workers,
      });
      servers.push({ build, child });
    }
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
    /** What a run loads: an app server (with its GC probe) or the floor. */
    interface LoadTarget {
      name: string;
      port: number;
      child: ChildProcess;
      /** Answers only GET calls (the floor replays recorded reads). */
      getsOnly: boolean;
    }
    const targets: LoadTarget[] = servers.map((s) => ({
      name: s.build.name,
      port: s.child.port,
      child: s.child.child,
      getsOnly: false,
    }));
    /** Runs `label` on each target in turn (its name in the label when there are several). */
    const onEach = async (
      label: string,
      opts: { connections: number; seconds: number; rate?: number },
      next: () => Partial<LoadRequest>,
      counted = true,
      isGet = true,
    ) => {
      for (const target of targets) {
        if (target.getsOnly && !isGet) continue;
        measuredPid = target.child.pid ?? 0;
        measuredServer = target.getsOnly ? null : target.child;
        const name = targets.length > 1 ? `${target.name}: ${label}` : label;
        const result = await load(name, target.port, opts, next);
        if (counted) results.push(result);
      }
    };
    const getCalls = [...new Set([...MIX.map((m) => m.call), ...options.calls])];
    // Every server warms up before any GET run (with --only alone too: the recording below warms only
    // this code's server, so a baseline's first runs were measured cold).
    if (options.only !== 'send') {
      await onEach(
        'warm-up (not counted)',
        { connections: options.connections, seconds: WARMUP_SECONDS },
        () => callRequest(mixCall(), member(), workload, rand),
        false,
      );
    }
    if (!options.skipFloor && url) {
      // The floor: this code's statements for each GET call, recorded under load, replayed by a bare server.
      const app = servers[servers.length - 1] as RunningServer;
      const calls = await recordStatements(app.child, getCalls, (call) => callRequest(call, member(), workload, rand));
      floor = await startFloor(url.toString(), calls);
      targets.push({ name: 'floor', port: floor.port, child: floor.child, getsOnly: true });
      printSequences(calls);
    }
    if (floor) {
      // The floor's own warm-up (its connections prepare their statements), not counted.
      measuredPid = floor.child.pid ?? 0;
      measuredServer = null;
      await load('floor warm-up', floor.port, { connections: options.connections, seconds: WARMUP_SECONDS }, () =>
        callRequest(mixCall(), member(), workload, rand),
      );
    }
    if (!options.only || options.only === 'mix') {
      await onEach(
        `mix at ${options.connections} connections`,
        { connections: options.connections, seconds: options.seconds },
        () => callRequest(mixCall(), member(), workload, rand),
      );
    }
    if (!options.only || options.only === 'send') {
      await onEach(
        `message sends at ${options.rate}/s`,
        { connections: ALONE_CONNECTIONS, seconds: options.seconds, rate: options.rate },
        () => callRequest('send', member(), workload, rand),
        true,
        false,
      );
    }
    if (!options.only || options.only === 'alone') {
      // settings.php reads no member data: what every call costs before its own work.
      for (const call of options.calls) {
        await onEach(
          `${call} alone at ${ALONE_CONNECTIONS} connections`,
          { connections: ALONE_CONNECTIONS, seconds: options.seconds },
          () => callRequest(call, member(), workload, rand),
        );
      }
    }
    console.log(
      `\n| run | req/s | p50 / p99 ms | errors | of hello-world | CPU ms/request server / database | GC ms/request | statuses |`,
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const r of results) console.log(line(r, helloRun.rps));
    if (floor) printAgainstFloor(results, servers[servers.length - 1]?.build.name ?? '', true);
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    for (const server of servers) {
      console.log(
        `\nserver resident memory (${server.build.name}) after ${seconds} s of load: ${rssMb(server.child.child.pid).toFixed(0)} MB`,
      );
    }
    console.log(
      `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    if (hello) await stopChild(hello);
    if (floor) await stopChild(floor);
    for (const server of servers) await stopServerProcess(server.child);
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
  // gc-probe.cjs answers the server's garbage-collection time over IPC (GC ms/request);
  // statement-recorder.cjs records its statements for the floor when asked.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const execArgv = [
    '--enable-source-maps',
    '--require',
    path.join(here, 'gc-probe.cjs'),
    '--require',
    path.join(here, 'statement-recorder.cjs'),
  ];
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
  const builds = [await compiledServer()];
  if (options.baseline) builds.unshift(await baselineServer(options.baseline));
  console.log(`# bench:http ${new Date().toISOString()} (${builds.map((b) => b.name).join(', ')})`);
  for (const members of options.members) await benchOne(members, options, builds, adminUrl);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
