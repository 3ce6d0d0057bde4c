/**
 * `npm run bench:photos` (issue: explicit photos): photo uploads on the request path, and what the
 * photos' scoring does to the other requests. On PostgreSQL (TEST_DATABASE_URL or DATABASE_URL, a
 * database of its own that is dropped afterwards), the real app in its own process with the job
 * worker running in it, as main.ts runs it, so every uploaded photo is scored by the score_photo job
 * meanwhile. For BENCH_SECONDS (20), BENCH_UPLOADERS (4) members each upload a profile photo and then
 * send a chat photo, one after the other; at the same time BENCH_READERS (20) other members ask for
 * their own member (GET /api/user.php) about every 50 ms. The photos are the shipped harmless set
 * (test/fixtures/harmless-photos). Prints the uploads' latency per kind, the readers' latency (what a
 * photo being processed or scored costs everyone else), the server's CPU per upload and how many
 * photos the job scored. Results: docs/benchmarks.md.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import pg from 'pg';
import { type BenchMember, seedBenchMembers, startBenchServer } from './members.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const UPLOADERS = Number(process.env.BENCH_UPLOADERS ?? 4);
const READERS = Number(process.env.BENCH_READERS ?? 20);
/** Members uploading take turns so nobody reaches the premium limit of 25 photos. */
const MEMBERS = 2 * UPLOADERS * 10 + READERS;
const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

/** Latencies (ms) and answer statuses of one kind of call. */
class Calls {
  readonly ms: number[] = [];
  readonly statuses = new Map<number, number>();
  add(status: number, started: number): void {
    this.ms.push(performance.now() - started);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }
  line(label: string): string {
    const sorted = [...this.ms].sort((a, b) => a - b);
    const f = (n: number) => n.toFixed(1);
    return `  ${label.padEnd(22)} ${sorted.length} calls (${(sorted.length / SECONDS).toFixed(1)}/s), p50 ${f(percentile(sorted, 50))} ms, p95 ${f(percentile(sorted, 95))} ms, p99 ${f(percentile(sorted, 99))} ms, max ${f(sorted.at(-1) ?? Number.NaN)} ms, statuses ${JSON.stringify(Object.fromEntries(this.statuses))}`;
  }
}

/** CPU seconds (user + system) of a process so far, from /proc (Linux); NaN elsewhere. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** POSTs a multipart form with `file` as member `token`; answers the status. */
async function upload(port: number, token: string, route: string, file: Buffer, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`http://127.0.0.1:${port}${route}`, {
    method: 'POST',
    body: form,
    headers: { cookie: `sid=${token}`, 'x-request-type': 'client' },
  });
  await res.arrayBuffer();
  return res.status;
}

/** Prints the run's figures; `scored` says what the job scored. */
function printResult(
  profilePhotos: Calls,
  chatPhotos: Calls,
  reads: Calls,
  cpu: number,
  loadBefore: number,
  scored: string,
) {
  const uploads = profilePhotos.ms.length + chatPhotos.ms.length;
  console.log('\nresult');
  console.log(profilePhotos.line('profile photo upload'));
  console.log(chatPhotos.line('chat photo send'));
  console.log(reads.line('GET user.php meanwhile'));
  console.log(
    `  server CPU ${((cpu * 1000) / Math.max(1, uploads)).toFixed(1)} ms per upload (the process: requests and scoring)`,
  );
  console.log(`  scored: ${scored}`);
  console.log(
    `  machine: ${os.cpus().length} cores, Node ${process.version}, load average (1 min) ${loadBefore.toFixed(2)} before, ${(os.loadavg()[0] ?? 0).toFixed(2)} after`,
  );
}

async function main(): Promise<void> {
  const name = `bench_photos_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let server: { child: ChildProcess; port: number } | undefined;
  try {
    const members = await seedBenchMembers(url.toString(), MEMBERS, 1_000_000);
    const dir = new URL('../test/fixtures/harmless-photos/', import.meta.url).pathname;
    const photos = await Promise.all(
      (await readdir(dir)).filter((f) => f.endsWith('.jpg')).map((f) => readFile(dir + f)),
    );
    server = await startBenchServer(url.toString(), { BENCH_JOB_WORKER: '1' });
    const { port, child } = server;
    const profilePhotos = new Calls();
    const chatPhotos = new Calls();
    const reads = new Calls();
    const end = performance.now() + SECONDS * 1000;
    const cpuBefore = cpuSeconds(child.pid);
    const loadBefore = os.loadavg()[0] ?? 0;
    console.log(`${UPLOADERS} uploaders, ${READERS} readers, ${SECONDS} s, ${photos.length} photos…`);
    let turn = 0;
    const uploaders = Array.from({ length: UPLOADERS }, async () => {
      while (performance.now() < end) {
        const n = turn++;
        const pair = n % ((MEMBERS - READERS) >> 1);
        const from = members[2 * pair] as BenchMember;
        const to = members[2 * pair + 1] as BenchMember;
        const photo = photos[n % photos.length] as Buffer;
        let started = performance.now();
        profilePhotos.add(await upload(port, from.token, '/api/photos.php', photo, {}), started);
        started = performance.now();
        const fields = { profile: String(to.profileId), client_id: randomUUID() };
        chatPhotos.add(await upload(port, from.token, '/api/chat-photo.php', photo, fields), started);
      }
    });
    const readers = members.slice(MEMBERS - READERS).map(async (m) => {
      while (performance.now() < end) {
        const started = performance.now();
        const res = await fetch(`http://127.0.0.1:${port}/api/user.php`, {
          headers: { cookie: `sid=${m.token}`, 'x-request-type': 'client' },
        });
        await res.arrayBuffer();
        reads.add(res.status, started);
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    await Promise.all([...uploaders, ...readers]);
    const cpu = cpuSeconds(child.pid) - cpuBefore;
    // The scores the job wrote (it may still be behind: wait up to 60 s for it to catch up).
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const count = async () => {
      const r = await db.query(
        `select (select count(*) from photos) as photos, (select count(*) from photos where explicit_score is not null) as scored,
                (select count(*) from messages where kind = 'photo') as chat, (select count(*) from chat_photo_scores) as chat_scored`,
      );
      return r.rows[0] as { photos: string; scored: string; chat: string; chat_scored: string };
    };
    // A checkout from before the photos were scored has no scores to count.
    const scoring = await count().then(
      () => true,
      () => false,
    );
    if (!scoring) {
      await db.end();
      printResult(profilePhotos, chatPhotos, reads, cpu, loadBefore, 'no scores (a checkout without the model)');
      return;
    }
    let counts = await count();
    const behind = counts.photos !== counts.scored || counts.chat !== counts.chat_scored;
    const caughtUp = performance.now();
    for (let i = 0; i < 120 && (counts.photos !== counts.scored || counts.chat !== counts.chat_scored); i++) {
      await new Promise((r) => setTimeout(r, 500));
      counts = await count();
    }
    await db.end();
    printResult(
      profilePhotos,
      chatPhotos,
      reads,
      cpu,
      loadBefore,
      `${counts.scored} of ${counts.photos} profile photos, ${counts.chat_scored} of ${counts.chat} chat photos${behind ? ` (the job caught up ${((performance.now() - caughtUp) / 1000).toFixed(1)} s after the uploads)` : ''}`,
    );
  } finally {
    if (server) {
      server.child.send('stop');
      await new Promise((r) => server?.child.once('exit', r));
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
