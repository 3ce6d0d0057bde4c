/**
 * `npm run bench:chat`: realtime chat under load on PostgreSQL (docs/benchmarks.md).
 * Creates its own database on the server of TEST_DATABASE_URL or DATABASE_URL (dropped at the end),
 * 1,000 members with sessions and plenty of credits, starts the server in a child process on
 * loopback, opens 1,000 WebSockets, and lets 200 members send messages at a steady total rate for a
 * bounded time. Prints messages/s accepted, HTTP send latency and send→delivery latency on the
 * recipient's socket (p50/p95/p99). Each sender keeps at most one send in flight, so an overloaded
 * server shows as a lower accepted rate. Options: BENCH_SECONDS (20), BENCH_RATE (500 msg/s),
 * BENCH_MEMBERS (1000), BENCH_SENDERS (200).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { openDatabase } from '../src/db/client.js';
import { creditLedger, profiles, sessions, users } from '../src/db/schema.js';
import { hashToken } from '../src/services/sessions.js';
import { createSite } from '../test/helpers/factories.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);
const SENDERS = Math.min(Number(process.env.BENCH_SENDERS ?? 200), Math.floor(MEMBERS / 2));
const CREDITS = 1_000_000;
const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

type Member = { userId: number; profileId: number; token: string };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function seed(url: string): Promise<Member[]> {
  const database = await openDatabase({ url, dataDir: '' });
  const db = database.db;
  const site = await createSite(db, { is_default: true, domain: 'localhost' });
  const members: Member[] = [];
  const dob = '1990-01-01';
  for (let start = 0; start < MEMBERS; start += 500) {
    const n = Math.min(500, MEMBERS - start);
    const userRows = await db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          site_id: site.id,
          email: `bench${start + i}@example.com`,
          password_hash: 'x',
          status: 'confirmed',
          paid_user: true,
          credits: CREDITS,
        })),
      )
      .returning({ id: users.id });
    const profileRows = await db
      .insert(profiles)
      .values(
        userRows.map((u, i) => ({
          site_id: site.id,
          user_id: u.id,
          name: `Bench${start + i}`,
          status: 'active',
          gender: i % 2 ? 'male' : 'female',
          date_of_birth: dob,
          country: 'NL',
        })),
      )
      .returning({ id: profiles.id, user_id: profiles.user_id });
    await db
      .insert(creditLedger)
      .values(userRows.map((u) => ({ user_id: u.id, delta: CREDITS, balance_after: CREDITS, reason: 'bench' })));
    const tokens = userRows.map(() => randomBytes(32).toString('base64url'));
    await db.insert(sessions).values(
      userRows.map((u, i) => ({
        token_hash: hashToken(tokens[i] ?? ''),
        user_id: u.id,
        expires_at: new Date(Date.now() + 86_400_000),
      })),
    );
    userRows.forEach((u, i) => {
      const profile = profileRows.find((p) => p.user_id === u.id);
      members.push({ userId: u.id, profileId: profile?.id ?? 0, token: tokens[i] ?? '' });
    });
  }
  await database.close();
  return members;
}

function startServer(url: string): Promise<{ child: ChildProcess; port: number }> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'chat-server.ts');
  const child = fork(script, [], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: path.join(os.tmpdir(), 'bench-chat'),
      WEB_DIST: '/nonexistent',
    },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

function connect(port: number, member: Member): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { cookie: `sid=${member.token}` } });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function post(port: number, token: string, body: unknown): Promise<number> {
  const data = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/message.php',
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          'x-request-type': 'client',
          cookie: `sid=${token}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(data);
  });
}

async function main(): Promise<void> {
  const name = `bench_chat_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let server: { child: ChildProcess; port: number } | undefined;
  const sockets: WebSocket[] = [];
  try {
    const t0 = performance.now();
    const members = await seed(url.toString());
    console.log(`seeded ${members.length} members in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    server = await startServer(url.toString());
    const { port } = server;

    const sentAt = new Map<string, number>();
    const delivery: number[] = [];
    const t1 = performance.now();
    for (let i = 0; i < members.length; i += 100) {
      const batch = members.slice(i, i + 100);
      sockets.push(...(await Promise.all(batch.map((m) => connect(port, m)))));
    }
    console.log(`${sockets.length} WebSockets open in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    // Receivers are members SENDERS..2*SENDERS-1; every socket listens (senders get their own echo too).
    sockets.forEach((ws, i) => {
      const me = members[i]?.profileId;
      ws.on('message', (data) => {
        const event = JSON.parse(String(data)) as { type: string; message?: { client_id: string; sender: number } };
        if (event.type !== 'message' || !event.message || event.message.sender === me) return;
        const start = sentAt.get(event.message.client_id);
        if (start !== undefined) delivery.push(performance.now() - start);
      });
    });

    const httpLatency: number[] = [];
    const statuses = new Map<number, number>();
    const perSenderInterval = (SENDERS / RATE) * 1000;
    const end = performance.now() + SECONDS * 1000;
    let sent = 0;
    let lastDone = performance.now();
    console.log(`sending: ${SENDERS} senders, ${RATE} msg/s total for ${SECONDS} s…`);
    await Promise.all(
      Array.from({ length: SENDERS }, async (_, s) => {
        const from = members[s];
        const to = members[SENDERS + s];
        if (!from || !to) return;
        await new Promise((r) => setTimeout(r, (s / SENDERS) * perSenderInterval));
        let next = performance.now();
        while (performance.now() < end) {
          const clientId = randomUUID();
          const started = performance.now();
          sentAt.set(clientId, started);
          sent++;
          // Each sender has at most one send in flight: an overloaded server shows as a lower
          // accepted rate instead of an ever-growing queue (the run stays bounded in time).
          const status = await post(port, from.token, {
            profile: to.profileId,
            text: `Bericht ${sent}`,
            client_id: clientId,
          });
          lastDone = performance.now();
          httpLatency.push(lastDone - started);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          // Behind schedule (the server is slower than the target rate): do not try to catch up.
          next = Math.max(next + perSenderInterval, performance.now());
          const wait = next - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        }
      }),
    );
    const elapsed = (lastDone - (end - SECONDS * 1000)) / 1000;
    await new Promise((r) => setTimeout(r, 2000)); // let the last deliveries arrive
    const accepted = statuses.get(200) ?? 0;
    delivery.sort((a, b) => a - b);
    httpLatency.sort((a, b) => a - b);
    console.log('\nresult');
    console.log(
      `  sent ${sent}, accepted ${accepted} (${(accepted / elapsed).toFixed(0)} msg/s over ${elapsed.toFixed(1)} s; target ${RATE}), statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    console.log(`  delivered on the recipient socket: ${delivery.length}`);
    console.log(
      `  send→delivery p50 ${ms(percentile(delivery, 50))}  p95 ${ms(percentile(delivery, 95))}  p99 ${ms(percentile(delivery, 99))}  max ${ms(delivery.at(-1) ?? Number.NaN)}`,
    );
    console.log(
      `  HTTP send       p50 ${ms(percentile(httpLatency, 50))}  p95 ${ms(percentile(httpLatency, 95))}  p99 ${ms(percentile(httpLatency, 99))}`,
    );
    console.log(`  machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}`);
  } finally {
    for (const ws of sockets) ws.terminate();
    agent.destroy();
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
