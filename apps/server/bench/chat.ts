/**
 * `npm run bench:chat`: realtime chat under load on PostgreSQL (docs/benchmarks.md).
 * Creates its own database on the server of TEST_DATABASE_URL or DATABASE_URL (dropped at the end),
 * 1,000 members with sessions and plenty of credits, starts the server in a child process on
 * loopback, opens 1,000 WebSockets, and lets 200 members send messages at a steady total rate for a
 * bounded time. Prints messages/s accepted, HTTP send latency and send→delivery latency on the
 * recipient's socket (p50/p95/p99). Each sender keeps at most one send in flight, so an overloaded
 * server shows as a lower accepted rate. The first BENCH_WARMUP_SECONDS (3) send at the same rate
 * but are reported on their own line and not counted: a freshly started process has a cold JIT, an
 * empty connection pool and unplanned statements, which is not the steady state being measured.
 * Options: BENCH_SECONDS (20), BENCH_RATE (500 msg/s), BENCH_MEMBERS (1000), BENCH_SENDERS (200),
 * BENCH_WARMUP_SECONDS (3), BENCH_WORKERS (1: server worker processes on one port, as WEB_CONCURRENCY).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import WebSocket from 'ws';
import { type BenchMember, seedBenchMembers, startBenchServer } from './members.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);
const SENDERS = Math.min(Number(process.env.BENCH_SENDERS ?? 200), Math.floor(MEMBERS / 2));
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CREDITS = 1_000_000;
const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

type Member = BenchMember;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** The sends of one phase of the run (warm-up or measured) and what came of them. */
interface Phase {
  sent: number;
  lastDone: number;
  statuses: Map<number, number>;
  /** Milliseconds from starting the POST to its answer. */
  http: number[];
  /** Milliseconds from starting the POST to the `message` event on the recipient's socket. */
  delivery: number[];
  /** CPU seconds the server processes used during the phase (/proc), NaN where there is no /proc. */
  cpuSeconds: number;
}
const newPhase = (): Phase => ({
  sent: 0,
  lastDone: 0,
  statuses: new Map(),
  http: [],
  delivery: [],
  cpuSeconds: Number.NaN,
});

/** CPU seconds (user + system) used so far by a process and its children (cluster workers), from /proc. */
function treeCpuSeconds(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const tree = [pid];
  let total = 0;
  for (let i = 0; i < tree.length; i++) {
    try {
      const fields = readFileSync(`/proc/${tree[i]}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      total += (Number(fields[11]) + Number(fields[12])) / 100;
      const children = readFileSync(`/proc/${tree[i]}/task/${tree[i]}/children`, 'utf8').trim();
      if (children) tree.push(...children.split(' ').map(Number));
    } catch {
      if (i === 0) return Number.NaN;
    }
  }
  return total;
}

/**
 * Ordinary chat texts of ordinary length (no link, number or handle the sender must confirm), so the
 * send runs the message-signal detectors over text as members write it (issue: safer conversations).
 */
const TEXTS = [
  'Hoi! Leuk profiel, ik zie dat je ook van wandelen houdt. Waar loop je het liefst?',
  'Haha, dat herken ik. Ik werk in de financiële sector, maar in het weekend sta ik op het veld.',
  'Hey, how was your weekend? I finally tried that new Italian place near the station.',
  'Guten Abend! Ich koche heute Lasagne, magst du lieber Pasta oder Pizza?',
  'Zullen we zaterdag koffie drinken? Bij het station is een gezellig café.',
];

/** Prints one phase: accepted rate over the time its sends took, latency percentiles. */
function report(label: string, phase: Phase, seconds: number, startedAt: number): void {
  const accepted = phase.statuses.get(200) ?? 0;
  const elapsed = Math.max(seconds, (phase.lastDone - startedAt) / 1000);
  const delivery = phase.delivery.sort((a, b) => a - b);
  const httpLatency = phase.http.sort((a, b) => a - b);
  console.log(`  ${label}`);
  console.log(
    `    sent ${phase.sent}, accepted ${accepted} (${(accepted / elapsed).toFixed(0)} msg/s over ${elapsed.toFixed(1)} s; target ${RATE}), statuses ${JSON.stringify(Object.fromEntries(phase.statuses))}`,
  );
  console.log(`    delivered on the recipient socket: ${delivery.length}`);
  console.log(
    `    send→delivery p50 ${ms(percentile(delivery, 50))}  p95 ${ms(percentile(delivery, 95))}  p99 ${ms(percentile(delivery, 99))}  max ${ms(delivery.at(-1) ?? Number.NaN)}`,
  );
  console.log(
    `    HTTP send       p50 ${ms(percentile(httpLatency, 50))}  p95 ${ms(percentile(httpLatency, 95))}  p99 ${ms(percentile(httpLatency, 99))}`,
  );
  console.log(
    `    server CPU per accepted message: ${((phase.cpuSeconds * 1000) / Math.max(1, accepted)).toFixed(2)} ms`,
  );
}

/** The send→delivery p99 of each second of sending (the first seconds after a start show the warm-up). */
function reportSeconds(bySecond: Map<number, number[]>): void {
  const seconds = [...bySecond.keys()].sort((a, b) => a - b);
  const cells = seconds.map((s) => {
    const sorted = (bySecond.get(s) ?? []).sort((a, b) => a - b);
    return `${s}: ${percentile(sorted, 99).toFixed(0)}`;
  });
  console.log(`  send→delivery p99 ms by second of sending (sends started in that second): ${cells.join(', ')}`);
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
    const members = await seedBenchMembers(url.toString(), MEMBERS, CREDITS);
    console.log(`seeded ${members.length} members in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const forkedAt = performance.now();
    server = await startBenchServer(url.toString());
    console.log(
      `server listening ${((performance.now() - forkedAt) / 1000).toFixed(1)} s after its start (CPU ${treeCpuSeconds(server.child.pid).toFixed(1)} s)`,
    );
    const { port } = server;

    const t1 = performance.now();
    for (let i = 0; i < members.length; i += 100) {
      const batch = members.slice(i, i + 100);
      sockets.push(...(await Promise.all(batch.map((m) => connect(port, m)))));
    }
    console.log(`${sockets.length} WebSockets open in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    // Client id → the phase it was sent in and when its send started.
    const inFlight = new Map<string, { phase: Phase; started: number; second: number }>();
    // Receivers are members SENDERS..2*SENDERS-1: only their sockets are read (every socket stays
    // open and subscribed; senders' echoes and balance events arrive but are not parsed here).
    sockets.slice(SENDERS, 2 * SENDERS).forEach((ws, i) => {
      const me = members[SENDERS + i]?.profileId;
      ws.on('message', (data) => {
        const event = JSON.parse(String(data)) as { type: string; message?: { client_id: string; sender: number } };
        if (event.type !== 'message' || !event.message || event.message.sender === me) return;
        const sent = inFlight.get(event.message.client_id);
        if (!sent) return;
        inFlight.delete(event.message.client_id);
        const latency = performance.now() - sent.started;
        sent.phase.delivery.push(latency);
        const list = bySecond.get(sent.second);
        if (list) list.push(latency);
        else bySecond.set(sent.second, [latency]);
      });
    });

    const loadBefore = os.loadavg()[0] ?? 0;
    const warmup = newPhase();
    const measured = newPhase();
    /** Delivery latencies by the second of sending their send started in. */
    const bySecond = new Map<number, number[]>();
    const sendingFrom = performance.now();
    const perSenderInterval = (SENDERS / RATE) * 1000;
    const measureFrom = performance.now() + WARMUP_SECONDS * 1000;
    const end = measureFrom + SECONDS * 1000;
    let sent = 0;
    const serverPid = server.child.pid;
    const cpuAtStart = treeCpuSeconds(serverPid);
    let cpuAtMeasure = Number.NaN;
    const cpuTimer = setTimeout(() => {
      cpuAtMeasure = treeCpuSeconds(serverPid);
    }, measureFrom - performance.now());
    console.log(
      `sending: ${SENDERS} senders, ${RATE} msg/s total, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s measured…`,
    );
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
          const phase = started < measureFrom ? warmup : measured;
          inFlight.set(clientId, { phase, started, second: Math.floor((started - sendingFrom) / 1000) });
          sent++;
          phase.sent++;
          // Each sender has at most one send in flight: an overloaded server shows as a lower
          // accepted rate instead of an ever-growing queue (the run stays bounded in time).
          const status = await post(port, from.token, {
            profile: to.profileId,
            text: `${TEXTS[sent % TEXTS.length]} (${sent})`,
            client_id: clientId,
          });
          phase.lastDone = performance.now();
          phase.http.push(phase.lastDone - started);
          phase.statuses.set(status, (phase.statuses.get(status) ?? 0) + 1);
          // Behind schedule (the server is slower than the target rate): do not try to catch up.
          next = Math.max(next + perSenderInterval, performance.now());
          const wait = next - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        }
      }),
    );
    const cpuAtEnd = treeCpuSeconds(serverPid);
    clearTimeout(cpuTimer);
    warmup.cpuSeconds = cpuAtMeasure - cpuAtStart;
    measured.cpuSeconds = cpuAtEnd - (Number.isNaN(cpuAtMeasure) ? cpuAtStart : cpuAtMeasure);
    await new Promise((r) => setTimeout(r, 2000)); // let the last deliveries arrive
    console.log('\nresult');
    if (WARMUP_SECONDS > 0)
      report('warm-up (not counted)', warmup, WARMUP_SECONDS, measureFrom - WARMUP_SECONDS * 1000);
    report('measured', measured, SECONDS, measureFrom);
    reportSeconds(bySecond);
    console.log(
      `  machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, ${process.env.BENCH_WORKERS ?? 1} server process(es), load average (1 min) ${loadBefore.toFixed(2)} before sending, ${(os.loadavg()[0] ?? 0).toFixed(2)} after`,
    );
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
