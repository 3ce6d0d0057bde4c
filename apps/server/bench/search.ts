/**
 * `npm run bench:search`: latency of the member search at 100,000 members, on PostgreSQL and PGlite.
 *
 * For each database: seeds a fresh database with the demo seed, runs VACUUM (ANALYZE), then times the
 * same fixed list of realistic searches (filters, pages, logged-in viewers and visitors) twice, one at
 * a time: (a) in the server, calling searchMembers() directly, (b) over HTTP, GET /api/search.php on
 * the real server on a loopback port with session cookies. Prints p50/p95/p99/mean/max, a table per
 * filter shape, and EXPLAIN (ANALYZE, BUFFERS) of the statements of the two slowest shapes. Everything
 * it creates (temp folders, the database) is removed at the end unless --keep.
 */

import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { CLIENT_HEADER, type SearchResponse } from '@app/contracts';
import { buildApp } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { findSiteForDomain, type SiteRow } from '../src/db/repositories/sites.js';
import { findUserById, type UserRow } from '../src/db/repositories/users.js';
import { SESSION_COOKIE } from '../src/http/context.js';
import { mulberry32 } from '../src/seed/random.js';
import { createSession } from '../src/services/access/create-session.js';
import { searchMembers } from '../src/services/discovery/search-members.js';
import { type LatencySummary, ms, summarize, table } from './stats.js';
import { type CapturedStatement, capturingDb, openPglite, openPostgres, type Target } from './targets.js';
import { type Place, type PlannedSearch, planSearches, type Shape, toQueryString } from './workload.js';

const USAGE = `usage: npm run bench:search -- [--postgres | --pglite] [--members N] [--pglite-members N]
       [--searches N] [--keep] [--db NAME] [--pglite-dir DIR]
  --postgres / --pglite  run only that database (default: both)
  --members N            members to seed (default 100000)
  --pglite-members N     members to seed on PGlite (default: --members)
  --searches N           timed searches per mode (default 1000, at most 10000)
  --keep                 keep the seeded databases (their names are printed) for another run
  --db NAME              reuse an existing seeded database on the server (not seeded, never dropped)
  --pglite-dir DIR       reuse an existing seeded PGlite folder (not seeded, never deleted)
The server is TEST_DATABASE_URL, else DATABASE_URL, else postgres://root@127.0.0.1:5432/test.`;

/** Logged-in members searches are made as; each gets a session for the HTTP run. */
const VIEWER_POOL = 200;
/** Untimed searches before each timed run (connections, caches, JIT of the JS). */
const WARMUP = 50;
/** Target of the Discovery issue: p95 of a search on PostgreSQL. */
const TARGET_P95_MS = 30;
/** One HTTP request may take at most this long; the run stops rather than hang. */
const REQUEST_TIMEOUT_MS = 10_000;
const DEFAULT_ADMIN_URL = 'postgres://root@127.0.0.1:5432/test';
/** The search code measured; their hashes tie a report to the code state (it changes often). */
const SEARCH_SOURCES = [
  '../src/services/discovery/search-members.ts',
  '../src/db/repositories/member-search.ts',
  '../src/db/repositories/profiles.ts',
  '../src/db/schema.ts',
];

/** `file sha256-prefix` of each search source, as they are on disk now. */
async function sourceFingerprint(): Promise<string> {
  const parts = await Promise.all(
    SEARCH_SOURCES.map(async (rel) => {
      const text = await readFile(new URL(rel, import.meta.url));
      return `${path.basename(rel)} ${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;
    }),
  );
  return parts.join(', ');
}

interface Options {
  kinds: ('postgres' | 'pglite')[];
  members: number;
  pgliteMembers: number;
  searches: number;
  keep: boolean;
  db: string | undefined;
  pgliteDir: string | undefined;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      postgres: { type: 'boolean', default: false },
      pglite: { type: 'boolean', default: false },
      members: { type: 'string' },
      'pglite-members': { type: 'string' },
      searches: { type: 'string' },
      keep: { type: 'boolean', default: false },
      db: { type: 'string' },
      'pglite-dir': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const int = (value: string | undefined, fallback: number, min: number, max: number, flag: string) => {
    const n = value === undefined ? fallback : Number(value);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`${flag} must be an integer ${min}-${max}\n${USAGE}`);
    return n;
  };
  const members = int(values.members, 100_000, 100, 1_000_000, '--members');
  const both = values.postgres === values.pglite;
  return {
    kinds: [
      ...(both || values.postgres ? ['postgres' as const] : []),
      ...(both || values.pglite ? ['pglite' as const] : []),
    ],
    members,
    pgliteMembers: int(values['pglite-members'], members, 100, 1_000_000, '--pglite-members'),
    searches: int(values.searches, 1000, 10, 10_000, '--searches'),
    keep: values.keep,
    db: values.db,
    pgliteDir: values['pglite-dir'],
  };
}

/** Cleanups still to run, newest first; Ctrl-C runs them too. */
const cleanups: (() => Promise<void>)[] = [];
async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const next = cleanups.pop();
    await next?.().catch((err: unknown) => console.error('cleanup failed:', err));
  }
}

/** A logged-in viewer: the account and the session cookie token of the HTTP run. */
interface Viewer {
  user: UserRow;
  token: string;
}

/** What the timed runs measured for one search. */
interface Timing {
  search: PlannedSearch;
  inProcessMs: number;
  httpMs: number;
  numResults: number;
}

/** The default site (the seed makes one, domain localhost). */
async function defaultSite(target: Target): Promise<SiteRow> {
  const site = await findSiteForDomain(target.database.db, 'localhost');
  if (!site) throw new Error('the database has no site: was it seeded?');
  return site;
}

/** VIEWER_POOL members with an active profile, drawn deterministically, each with a fresh session. */
async function makeViewers(target: Target, site: SiteRow): Promise<Viewer[]> {
  const rows = await target.raw.query(
    `select u.id from users u join profiles p on p.user_id = u.id
     where u.site_id = $1 and u.status = 'confirmed' and p.status = 'active' order by u.id`,
    [site.id],
  );
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) throw new Error('no confirmed members with an active profile');
  const rand = mulberry32(4242);
  const viewers: Viewer[] = [];
  for (let i = 0; i < VIEWER_POOL; i++) {
    const id = ids[Math.floor(rand() * ids.length)] as number;
    const user = await findUserById(target.database.db, id);
    if (!user) throw new Error(`user ${id} vanished`);
    const token = await createSession(
      { db: target.database.db },
      { userId: id, ip: '127.0.0.1', userAgent: 'bench-search' },
    );
    viewers.push({ user, token });
  }
  return viewers;
}

/** Countries and regions of active profiles, one entry per profile (so places weigh by population). */
async function loadPlaces(target: Target, site: SiteRow): Promise<Place[]> {
  const rows = await target.raw.query(
    `select country, region from profiles where site_id = $1 and status = 'active' order by id`,
    [site.id],
  );
  return rows.map((r) => ({ country: String(r.country), region: r.region === null ? null : String(r.region) }));
}

/** Runs one search in the server; returns milliseconds and the number of matches. */
async function searchInProcess(
  target: Target,
  site: SiteRow,
  viewers: Viewer[],
  s: PlannedSearch,
): Promise<{ ms: number; numResults: number }> {
  const viewer = s.viewer === null ? null : (viewers[s.viewer]?.user ?? null);
  const started = performance.now();
  const res = await searchMembers(
    { db: target.database.db, clock: systemClock },
    { site, viewer, query: s.query, hasTrafficSource: false },
  );
  return { ms: performance.now() - started, numResults: res.total };
}

/** GET on the loopback server over a keep-alive connection, as a browser sends it; resolves with the raw body. */
function httpGet(agent: http.Agent, port: number, pathAndQuery: string, cookie: string | null) {
  const headers: Record<string, string> = {
    [CLIENT_HEADER.name]: CLIENT_HEADER.value,
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br',
  };
  if (cookie) headers.cookie = cookie;
  return new Promise<{ status: number; body: Buffer; encoding: string | undefined }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathAndQuery, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          encoding: res.headers['content-encoding'],
        }),
      );
      res.on('error', reject);
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', reject);
  });
}

function decodeBody(body: Buffer, encoding: string | undefined): SearchResponse {
  const raw = encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;
  return JSON.parse(raw.toString('utf8')) as SearchResponse;
}

/** Starts the real server on 127.0.0.1 over the target's database; returns its port and a stopper. */
async function startServer(target: Target, photoDir: string) {
  const config = {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      DATA_DIR: photoDir,
      PHOTO_DIR: photoDir,
      WEB_DIST: path.join(photoDir, 'no-web-client'),
    }),
    logLevel: 'silent',
  };
  const app = await buildApp(config, target.database.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, close: () => app.close() };
}

/** Times `searches` one at a time over HTTP; checks each answer against the in-process match count. */
async function runHttp(
  target: Target,
  photoDir: string,
  viewers: Viewer[],
  warmup: PlannedSearch[],
  timings: Timing[],
): Promise<{ mismatches: number }> {
  const server = await startServer(target, photoDir);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const once = async (s: PlannedSearch) => {
      const token = s.viewer === null ? null : (viewers[s.viewer]?.token ?? null);
      const cookie = token ? `${SESSION_COOKIE}=${token}` : null;
      const started = performance.now();
      const res = await httpGet(agent, server.port, `/api/search.php?${toQueryString(s.query)}`, cookie);
      const elapsed = performance.now() - started;
      if (res.status !== 200) throw new Error(`GET /api/search.php answered ${res.status}: ${res.body.toString()}`);
      return { ms: elapsed, body: decodeBody(res.body, res.encoding) };
    };
    for (const s of warmup) await once(s);
    let mismatches = 0;
    for (const t of timings) {
      const res = await once(t.search);
      t.httpMs = res.ms;
      if (res.body.numResults !== t.numResults) mismatches++;
    }
    return { mismatches };
  } finally {
    agent.destroy();
    await server.close();
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of every SELECT the search code sends for `s`. */
async function explainSearch(target: Target, site: SiteRow, viewers: Viewer[], s: PlannedSearch): Promise<string[]> {
  const statements: CapturedStatement[] = [];
  const viewer = s.viewer === null ? null : (viewers[s.viewer]?.user ?? null);
  await searchMembers(
    { db: capturingDb(target, statements), clock: systemClock },
    { site, viewer, query: s.query, hasTrafficSource: false },
  );
  const out: string[] = [];
  for (const [i, st] of statements.entries()) {
    // EXPLAIN ANALYZE executes the statement: only reads are explained.
    if (!/^\s*(select|with)\b/i.test(st.sql)) {
      out.push(`statement ${i + 1}: not a SELECT, not explained: ${st.sql.slice(0, 120)}`);
      continue;
    }
    const rows = await target.raw.query(`EXPLAIN (ANALYZE, BUFFERS) ${st.sql}`, st.params);
    const plan = rows.map((r) => String(r['QUERY PLAN'] ?? Object.values(r)[0])).join('\n');
    out.push(`statement ${i + 1}: ${st.sql}\nparams: ${JSON.stringify(st.params)}\n${plan}`);
  }
  return out;
}

function describeSearch(s: PlannedSearch): string {
  return `${s.viewer === null ? 'visitor' : 'logged-in viewer'}, ?${toQueryString(s.query)}`;
}

function summaryRow(label: string, x: LatencySummary): string[] {
  return [label, String(x.n), ms(x.p50), ms(x.p95), ms(x.p99), ms(x.mean), ms(x.max)];
}

/** Seeds (or reuses), times and explains one database; returns its part of the report. */
async function benchTarget(target: Target, opts: Options, photoDir: string, members: number): Promise<string[]> {
  const label = target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const report: string[] = [];
  const version = String((await target.raw.query('select version() as v'))[0]?.v ?? '?');
  const site = await defaultSite(target);
  const counts = (
    await target.raw.query(
      `select (select count(*) from profiles) as profiles,
              (select count(*) from profiles where status = 'active') as active,
              (select count(*) from users) as users`,
    )
  )[0];
  let started = performance.now();
  await target.raw.query('VACUUM (ANALYZE)');
  const analyzeSeconds = (performance.now() - started) / 1000;
  console.log(`[${label}] VACUUM (ANALYZE) in ${analyzeSeconds.toFixed(1)} s`);

  const viewers = await makeViewers(target, site);
  const places = await loadPlaces(target, site);
  const warmup = planSearches(mulberry32(1), WARMUP, places, viewers.length);
  const planned = planSearches(mulberry32(2), opts.searches, places, viewers.length);

  console.log(`[${label}] in-process: ${WARMUP} warm-up + ${planned.length} timed searches…`);
  for (const s of warmup) await searchInProcess(target, site, viewers, s);
  const timings: Timing[] = [];
  started = performance.now();
  for (const s of planned) {
    const r = await searchInProcess(target, site, viewers, s);
    timings.push({ search: s, inProcessMs: r.ms, httpMs: Number.NaN, numResults: r.numResults });
  }
  const inProcessWall = (performance.now() - started) / 1000;

  console.log(`[${label}] HTTP: ${WARMUP} warm-up + ${planned.length} timed requests…`);
  started = performance.now();
  const { mismatches } = await runHttp(target, photoDir, viewers, warmup, timings);
  const httpWall = (performance.now() - started) / 1000;

  const inProcess = summarize(timings.map((t) => t.inProcessMs));
  const overHttp = summarize(timings.map((t) => t.httpMs));
  const seeded =
    target.seedSeconds === null
      ? `reused database \`${target.location}\` (not seeded by this run)`
      : `seeded ${members.toLocaleString('en')} members in ${target.seedSeconds.toFixed(0)} s`;
  report.push(
    `### ${label}`,
    '',
    `${version.split(',')[0]}; ${seeded}; ${counts?.profiles} profiles (${counts?.active} active), ${counts?.users} users; ` +
      `VACUUM (ANALYZE) ${analyzeSeconds.toFixed(1)} s. ${planned.length} searches per mode after ${WARMUP} warm-up, ` +
      `one at a time; ${viewers.length} logged-in viewers. Wall time: in-process ${inProcessWall.toFixed(1)} s, HTTP ${httpWall.toFixed(1)} s.`,
    '',
    table(
      ['search latency (ms)', 'n', 'p50', 'p95', 'p99', 'mean', 'max'],
      [
        summaryRow('(a) in the server: searchMembers()', inProcess),
        summaryRow('(b) over HTTP: GET /api/search.php', overHttp),
      ],
    ),
    '',
  );
  if (mismatches > 0)
    report.push(`**${mismatches} HTTP answers had another numResults than the in-process call.**`, '');

  const byShape = new Map<string, Timing[]>();
  for (const t of timings) {
    const key = t.search.shape;
    byShape.set(key, [...(byShape.get(key) ?? []), t]);
  }
  const visitorKey = (t: Timing) => (t.search.viewer === null ? 'visitors' : 'logged-in viewers');
  const byViewer = new Map<string, Timing[]>();
  for (const t of timings) byViewer.set(visitorKey(t), [...(byViewer.get(visitorKey(t)) ?? []), t]);
  const byPage = new Map<string, Timing[]>();
  for (const t of timings) {
    const key = t.search.query.page === 1 ? 'page 1' : t.search.query.page <= 3 ? 'pages 2-3' : 'pages 4-10';
    byPage.set(key, [...(byPage.get(key) ?? []), t]);
  }
  const groupRow = (name: string, list: Timing[]) => {
    const a = summarize(list.map((t) => t.inProcessMs));
    const b = summarize(list.map((t) => t.httpMs));
    const matches = list.reduce((sum, t) => sum + t.numResults, 0) / list.length;
    return [
      name,
      String(list.length),
      Math.round(matches).toLocaleString('en'),
      ms(a.p50),
      ms(a.p95),
      ms(a.max),
      ms(b.p50),
      ms(b.p95),
    ];
  };
  const shapes = [...byShape.entries()].sort(
    (x, y) => summarize(y[1].map((t) => t.inProcessMs)).p95 - summarize(x[1].map((t) => t.inProcessMs)).p95,
  );
  report.push(
    table(
      ['group', 'n', 'mean matches', 'in-server p50', 'in-server p95', 'in-server max', 'HTTP p50', 'HTTP p95'],
      [
        ...shapes.map(([shape, list]) => groupRow(shape, list)),
        ...[...byViewer.entries()].map(([k, list]) => groupRow(k, list)),
        ...[...byPage.entries()].sort().map(([k, list]) => groupRow(k, list)),
      ],
    ),
    '',
  );
  if (target.kind === 'postgres') {
    const verdict = (x: LatencySummary) => (x.p95 < TARGET_P95_MS ? 'met' : 'MISSED');
    report.push(
      `Target p95 < ${TARGET_P95_MS} ms: in the server ${verdict(inProcess)} (${ms(inProcess.p95)} ms), over HTTP ${verdict(overHttp)} (${ms(overHttp.p95)} ms).`,
      '',
    );
  }

  // The two shapes with the highest in-server p95; their slowest search, explained now.
  for (const [shape, list] of shapes.slice(0, 2) as [Shape, Timing[]][]) {
    const slowest = list.reduce((a, b) => (b.inProcessMs > a.inProcessMs ? b : a));
    console.log(`[${label}] EXPLAIN of the slowest "${shape}" search…`);
    const plans = await explainSearch(target, site, viewers, slowest.search);
    report.push(
      `EXPLAIN (ANALYZE, BUFFERS), shape "${shape}", its slowest search (${ms(slowest.inProcessMs)} ms in the server): ${describeSearch(slowest.search)}`,
      '',
      '```',
      ...plans.flatMap((p) => [p, '']),
      '```',
      '',
    );
  }
  return report;
}

async function main(): Promise<void> {
  const opts = parseOptions();
  const adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || DEFAULT_ADMIN_URL;
  process.once('SIGINT', () => {
    console.error('interrupted: cleaning up…');
    void runCleanups().finally(() => process.exit(130));
  });
  const photoDir = await mkdtemp(path.join(os.tmpdir(), 'bench-search-photos-'));
  cleanups.push(() => rm(photoDir, { recursive: true, force: true }));

  const cpu = os.cpus();
  const report: string[] = [
    `${new Date().toISOString()}; ${cpu.length} × ${cpu[0]?.model.trim() ?? '?'}; ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB; Node ${process.version}; load average at start ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}.`,
    `Command: npm run bench:search -- ${process.argv.slice(2).join(' ')}`.trimEnd(),
    `Search code (sha256 of the files as measured): ${await sourceFingerprint()}.`,
    '',
  ];
  try {
    for (const kind of opts.kinds) {
      const members = kind === 'postgres' ? opts.members : opts.pgliteMembers;
      const reuse = kind === 'postgres' ? opts.db : opts.pgliteDir;
      console.log(
        reuse
          ? `[${kind}] reusing ${reuse}`
          : `[${kind}] seeding ${members.toLocaleString('en')} members (photos in ${photoDir})…`,
      );
      const target =
        kind === 'postgres'
          ? await openPostgres({ adminUrl, members, photoDir, keep: opts.keep, reuse })
          : await openPglite({ members, photoDir, keep: opts.keep, reuse });
      cleanups.push(() => target.close());
      try {
        report.push(...(await benchTarget(target, opts, photoDir, members)));
      } finally {
        cleanups.pop();
        await target.close();
        if (opts.keep && !reuse) console.log(`[${kind}] kept: ${target.location}`);
      }
    }
  } finally {
    await runCleanups();
  }
  console.log(`\n===== report =====\n\n${report.join('\n')}`);
}

main().catch(async (err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  await runCleanups();
  process.exit(1);
});
