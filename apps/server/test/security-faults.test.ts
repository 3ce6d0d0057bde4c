/**
 * Money under faults, against the real server in a child process on PostgreSQL:
 * 1. SIGKILL at seeded random moments while chat sends and payment webhooks run; after every kill
 *    (database quiet) and at the end the ledger must balance, nothing acknowledged may be missing
 *    and nothing may be paid twice.
 * 2. A database connection lost mid-request answers 503 `{error, message}` (not 500, not a hang) and
 *    the same process serves again afterwards.
 * Needs TEST_DATABASE_URL (a fresh database is created there and dropped afterwards); skipped otherwise.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.js';
import { settleTestProviderPayment } from '../src/db/repositories/test-provider.js';
import { messages, payments } from '../src/db/schema.js';
import { seedMoney } from '../src/seed/money.js';
import { mulberry32 } from '../src/seed/random.js';
import { createChatMember } from './helpers/chat-factories.js';
import { type ChildServer, createChildServer } from './helpers/child-server.js';
import { createSite } from './helpers/factories.js';
import { Browser } from './helpers/server.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
/** Seed of every random choice (delays, senders, order); FAULTS_SEED replays another run. */
const SEED = Number(process.env.FAULTS_SEED ?? 7008);
const KILL_ROUNDS = 4;
const KILL_DELAY_MS = { min: 20, max: 400 };
const MEMBERS = 10;
const START_CREDITS = 50;
/** Credits of the package every payment buys (seed/money.ts DEMO_PACKAGES[0]). */
const PACKAGE_CREDITS = 60;
/** Per member: payments settled paid at the provider, and one cancelled (never grants). */
const PAID_PER_MEMBER = 2;
const CANCELED_PER_MEMBER = 1;
const WEBHOOKS_PER_PAYMENT = 4;
const WORKERS = 12;
/** Sends per refill of the work queue while kills are still to come, and after the last kill. */
const REFILL_SENDS = 10;
const TAIL_SENDS = 100;
const REQUEST_TIMEOUT_MS = 15_000;
const MAX_ATTEMPTS = 40;
const CHILD_APP = 'faults-child';
const DAY = 86_400_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rejects with a `timeout` error when `promise` takes longer than `ms` (a hang is a finding, not a wait). */
function timed<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`timeout after ${ms} ms: ${what}`), { timeout: true })),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type Member = Awaited<ReturnType<typeof createChatMember>>;
type Answer = Awaited<ReturnType<Browser['request']>>;

describe.skipIf(!ADMIN_URL)('security faults: money under SIGKILL and lost database connections (PostgreSQL)', () => {
  const dbName = `t_faults_${randomBytes(5).toString('hex')}`;
  let database: Database | undefined;
  let child: ChildServer | undefined;
  let siteId = 0;
  let packageId = 0;
  const db = () => database!.db;
  /** The rows of a raw query (node-postgres answers `{rows}`). */
  const select = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
    ((await db().execute(query)) as unknown as { rows: T[] }).rows;
  const urlOf = (name: string, app: string) => {
    const url = new URL(ADMIN_URL!);
    url.pathname = `/${name}`;
    url.searchParams.set('application_name', app);
    return url.toString();
  };
  const admin = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  const member = (credits: number) =>
    createChatMember(db(), siteId, child!.url, {
      credits,
      user: { paid_user: true, signup_date: new Date(Date.now() - 60 * DAY) },
    });
  /** A caller without cookies or client header: the payment provider. */
  let hook: Browser;

  /** On a failure, shows what the server logged (LOG_LEVEL warn) before it. */
  const showServerLogOnFailure = () =>
    onTestFailed(() => console.error(`child server output (last part):\n${child?.output().slice(-6000)}`));

  beforeAll(async () => {
    await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
    database = await openDatabase({ url: urlOf(dbName, 'faults-test'), dataDir: '' });
    siteId = (await createSite(db(), { is_default: true, message_credits: 10, message_length: 200 })).id;
    packageId = (await seedMoney(db(), siteId))[0]!; // 60 credits for 9.95
    child = await createChildServer({ databaseUrl: urlOf(dbName, CHILD_APP) });
    await child.start();
    hook = new Browser(child.url);
  });

  afterAll(async () => {
    // Always: the child first (it holds connections), then our pool, then the database.
    await child?.stop().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)).catch(() => undefined);
  });

  /** Waits until the child's connections are gone from PostgreSQL (after a SIGKILL: nothing in flight any more). */
  const waitForQuietDatabase = async () => {
    for (let i = 0; i < 600; i++) {
      const rows = await select<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where datname = ${dbName} and application_name = ${CHILD_APP}`,
      );
      if (rows[0]?.n === 0) return;
      await sleep(25);
    }
    throw new Error('the killed server still has connections after 15 s');
  };

  /**
   * The money invariants, each one SQL statement (one snapshot): balances equal the ledger and are
   * never negative, a paid payment has exactly one purchase row (of its credits, to its member) and
   * nothing else has one, a message that cost credits has exactly one ledger row of its price and
   * every message ledger row has its message. Returns every violation (empty when all hold).
   */
  const violations = async (): Promise<Record<string, unknown[]>> => {
    const q = (query: ReturnType<typeof sql>) => select<unknown>(query);
    const found: Record<string, unknown[]> = {
      balanceNotLedger: await q(sql`
        select u.id, u.credits, coalesce(sum(l.delta), 0)::int as ledger
        from users u left join credit_ledger l on l.user_id = u.id
        group by u.id having u.credits <> coalesce(sum(l.delta), 0) or u.credits < 0`),
      negativeBalanceAfter: await q(sql`select id, user_id, balance_after from credit_ledger where balance_after < 0`),
      paidWithoutOnePurchase: await q(sql`
        select p.id, count(l.id)::int as rows
        from payments p left join credit_ledger l on l.reason = 'purchase' and l.reference = 'payment:' || p.id
        where p.status = 'paid' group by p.id having count(l.id) <> 1`),
      strayPurchase: await q(sql`
        select l.id, l.reference, l.delta, p.status
        from credit_ledger l left join payments p on l.reference = 'payment:' || p.id
        where l.reason = 'purchase'
          and (p.id is null or p.status <> 'paid' or l.delta <> p.credits or l.user_id <> p.user_id)`),
      paidMessageWithoutOneRow: await q(sql`
        select m.id, m.credits_spent, count(l.id)::int as rows
        from messages m left join credit_ledger l on l.reference = 'message:' || m.id
        where m.credits_spent > 0 group by m.id, m.credits_spent having count(l.id) <> 1`),
      strayMessageRow: await q(sql`
        select l.id, l.reference, l.delta
        from credit_ledger l
        left join messages m on l.reference = 'message:' || m.id
        left join profiles pr on pr.id = m.sender_profile_id
        where l.reference like 'message:%'
          and (m.id is null or l.delta <> -m.credits_spent or pr.user_id is distinct from l.user_id)`),
    };
    return Object.fromEntries(Object.entries(found).filter(([, rows]) => rows.length > 0));
  };

  it('keeps every credit exact through SIGKILLs during chat sends and payment webhooks', {
    timeout: 150_000,
  }, async () => {
    showServerLogOnFailure();
    const started = Date.now();
    const random = mulberry32(SEED);
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => member(START_CREDITS)));

    type Op =
      | { kind: 'send'; from: number; to: number; clientId: string; text: string }
      | { kind: 'start'; member: number; outcome: 'paid' | 'canceled' }
      | { kind: 'webhook'; providerId: string };
    interface Ack {
      messageId: number;
      from: number;
      creditsSpent: number;
      /** Kill rounds completed when the 200 came (0 = before the first kill). */
      round: number;
    }
    interface Started {
      paymentId: number;
      providerId: string;
      member: number;
      outcome: 'paid' | 'canceled';
    }
    const queue: Op[] = [];
    const starts: Op[] = [];
    for (let m = 0; m < MEMBERS; m++) {
      for (let i = 0; i < PAID_PER_MEMBER; i++) starts.push({ kind: 'start', member: m, outcome: 'paid' });
      for (let i = 0; i < CANCELED_PER_MEMBER; i++) starts.push({ kind: 'start', member: m, outcome: 'canceled' });
    }
    starts.sort(() => random() - 0.5);
    const sends: Extract<Op, { kind: 'send' }>[] = [];
    const newSend = (): Op => {
      const from = Math.floor(random() * MEMBERS);
      const to = (from + 1 + Math.floor(random() * (MEMBERS - 1))) % MEMBERS;
      const op = { kind: 'send' as const, from, to, clientId: randomUUID(), text: `Bericht ${sends.length}` };
      sends.push(op);
      return op;
    };
    const insertAnywhere = (op: Op) => queue.splice(Math.floor(random() * (queue.length + 1)), 0, op);
    const refill = (n: number) => {
      for (let i = 0; i < n; i++) insertAnywhere(newSend());
      for (let i = 0; i < 2 && starts.length > 0; i++) insertAnywhere(starts.pop()!);
    };

    const acks = new Map<string, Ack>();
    const refused = new Set<string>();
    const startedPayments: Started[] = [];
    const unexpected: { op: string; status: number; body: unknown }[] = [];
    const hangs: string[] = [];
    const stats = { requests: 0, transportErrors: 0, retried: 0, webhooksOk: 0, startsOk: 0 };
    const inflight = { send: 0, start: 0, webhook: 0 };
    let round = 0;
    /** Definitive answers since the server last (re)started. */
    let answeredThisRound = 0;
    let killsDone = false;
    let tailAdded = false;
    let busy = 0;
    let resolveUp: () => void = () => undefined;
    let up: Promise<void> = Promise.resolve();

    const execute = (op: Op): Promise<Answer> => {
      if (op.kind === 'send') {
        return members[op.from]!.browser.post('/api/message.php', {
          profile: members[op.to]!.profile.id,
          text: op.text,
          client_id: op.clientId,
        });
      }
      if (op.kind === 'start') {
        return members[op.member]!.browser.post('/api/payment.php', { package: packageId, method: 'ideal' });
      }
      return hook.post('/api/payment-webhook.php', { id: op.providerId }, { clientHeader: false });
    };
    const describeOp = (op: Op) =>
      op.kind === 'send'
        ? `send ${op.clientId}`
        : op.kind === 'start'
          ? `start for ${op.member}`
          : `webhook ${op.providerId}`;

    /** Handles a definitive answer (anything but a transport error or a 5xx). */
    const settle = async (op: Op, res: Answer) => {
      if (op.kind === 'send') {
        if (res.status === 200 && res.json?.message?.client_id === op.clientId) {
          acks.set(op.clientId, {
            messageId: res.json.message.id,
            from: op.from,
            creditsSpent: res.json.message.credits_spent,
            round,
          });
        } else if (res.status === 402 && res.json?.error === 'not_enough_credits') refused.add(op.clientId);
        else unexpected.push({ op: describeOp(op), status: res.status, body: res.json });
        return;
      }
      if (op.kind === 'start') {
        if (res.status !== 200) return void unexpected.push({ op: describeOp(op), status: res.status, body: res.json });
        stats.startsOk += 1;
        const paymentId: number = res.json.payment.payment_id;
        const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
        const providerId = row?.provider_payment_id;
        if (!providerId) return void unexpected.push({ op: describeOp(op), status: 200, body: row });
        // The payer's choice on the provider's page; the webhooks then tell the server.
        const moved = await settleTestProviderPayment(db(), providerId, op.outcome, ['open'], new Date());
        if (!moved) return void unexpected.push({ op: `settle ${providerId}`, status: 0, body: null });
        startedPayments.push({ paymentId, providerId, member: op.member, outcome: op.outcome });
        for (let i = 0; i < WEBHOOKS_PER_PAYMENT; i++) insertAnywhere({ kind: 'webhook', providerId });
        return;
      }
      if (res.status === 200 && res.json?.ok === true) stats.webhooksOk += 1;
      else unexpected.push({ op: describeOp(op), status: res.status, body: res.json });
    };

    /** Runs one operation until it has a definitive answer, retrying over kills (same client_id). */
    const runOp = async (op: Op) => {
      for (let attempt = 1; ; attempt++) {
        if (attempt > MAX_ATTEMPTS) throw new Error(`${describeOp(op)}: no answer after ${MAX_ATTEMPTS} attempts`);
        if (attempt > 1) stats.retried += 1;
        await up;
        stats.requests += 1;
        inflight[op.kind] += 1;
        let res: Answer;
        try {
          res = await timed(execute(op), REQUEST_TIMEOUT_MS, describeOp(op));
        } catch (err) {
          if ((err as { timeout?: boolean }).timeout) hangs.push(describeOp(op));
          stats.transportErrors += 1;
          await sleep(20);
          continue;
        } finally {
          inflight[op.kind] -= 1;
        }
        if (res.status >= 500) {
          // Never expected: a killed server answers nothing, a restarted one has its database.
          unexpected.push({ op: describeOp(op), status: res.status, body: res.json });
          await sleep(50);
          continue;
        }
        answeredThisRound += 1;
        await settle(op, res);
        return;
      }
    };

    const worker = async () => {
      for (;;) {
        if (queue.length === 0 && !killsDone) refill(REFILL_SENDS);
        if (queue.length === 0 && killsDone && !tailAdded) {
          tailAdded = true;
          refill(TAIL_SENDS);
          while (starts.length > 0) insertAnywhere(starts.pop()!);
        }
        const op = queue.shift();
        if (!op) {
          if (busy === 0) return; // nothing left and nobody can add more (webhooks come from starts)
          await sleep(5);
          continue;
        }
        busy += 1;
        try {
          await runOp(op);
        } finally {
          busy -= 1;
        }
      }
    };

    const killLog: { round: number; delayMs: number; inflight: typeof inflight; answered: number }[] = [];
    const restartMs: number[] = [];
    const afterKill: { round: number; violations: Record<string, unknown[]>; missingAcks: unknown[] }[] = [];
    /** Acknowledged messages not stored (or stored under another id). */
    const missingAcks = async () => {
      const ids = [...acks.keys()];
      if (ids.length === 0) return [];
      const rows = await db()
        .select({ id: messages.id, client_id: messages.client_id })
        .from(messages)
        .where(inArray(messages.client_id, ids));
      const stored = new Map(rows.map((r) => [r.client_id, Number(r.id)]));
      return [...acks]
        .filter(([clientId, ack]) => stored.get(clientId) !== ack.messageId)
        .map(([clientId]) => clientId);
    };

    const killer = async () => {
      try {
        for (let r = 1; r <= KILL_ROUNDS; r++) {
          const delayMs = KILL_DELAY_MS.min + Math.floor(random() * (KILL_DELAY_MS.max - KILL_DELAY_MS.min));
          // The delay runs from the first answer of the (re)started server, so that every kill cuts
          // into a server that is serving, not one still warming up.
          for (let waited = 0; answeredThisRound === 0; waited += 10) {
            if (waited > 30_000) throw new Error(`round ${r}: the server answered nothing in 30 s`);
            await sleep(10);
          }
          await sleep(delayMs);
          up = new Promise<void>((resolve) => {
            resolveUp = resolve;
          });
          killLog.push({ round: r, delayMs, inflight: { ...inflight }, answered: answeredThisRound });
          answeredThisRound = 0;
          const exit = await child!.kill('SIGKILL');
          expect(exit.signal).toBe('SIGKILL');
          round = r;
          await waitForQuietDatabase();
          afterKill.push({ round: r, violations: await violations(), missingAcks: await missingAcks() });
          const restart = Date.now();
          await child!.start();
          restartMs.push(Date.now() - restart);
          resolveUp();
        }
      } finally {
        killsDone = true;
        resolveUp();
      }
    };

    await Promise.all([killer(), ...Array.from({ length: WORKERS }, worker)]);
    const runMs = Date.now() - started;

    // Retries of acknowledged sends (same client_id) must answer the stored message and charge nothing.
    const before = (
      await select<{ messages: number; ledger: number; rows: number }>(
        sql`select (select count(*)::int from messages) as messages,
                 (select coalesce(sum(delta), 0)::int from credit_ledger) as ledger,
                 (select count(*)::int from credit_ledger) as rows`,
      )
    )[0]!;
    const replayed = sends.filter((s) => acks.has(s.clientId));
    const replayWrong: unknown[] = [];
    for (let i = 0; i < replayed.length; i += WORKERS) {
      await Promise.all(
        replayed.slice(i, i + WORKERS).map(async (op) => {
          const res = await timed(execute(op), REQUEST_TIMEOUT_MS, describeOp(op));
          if (res.status !== 200 || res.json?.message?.id !== acks.get(op.clientId)!.messageId) {
            replayWrong.push({ clientId: op.clientId, status: res.status, body: res.json });
          }
        }),
      );
    }
    const after = (
      await select<{ messages: number; ledger: number; rows: number }>(
        sql`select (select count(*)::int from messages) as messages,
                 (select coalesce(sum(delta), 0)::int from credit_ledger) as ledger,
                 (select count(*)::int from credit_ledger) as rows`,
      )
    )[0]!;

    // What the outside saw must be what is stored: exactly the acknowledged messages, each once.
    const storedMessages = await select<{ client_id: string; id: number; credits_spent: number; user_id: number }>(
      sql`select m.client_id, m.id::int as id, m.credits_spent, p.user_id
            from messages m join profiles p on p.id = m.sender_profile_id`,
    );
    const storedByClient = new Map(storedMessages.map((m) => [m.client_id, m]));
    const storedNotAcked = storedMessages.filter((m) => !acks.has(m.client_id)).map((m) => m.client_id);
    const refusedButStored = [...refused].filter((c) => storedByClient.has(c));
    const unanswered = sends.filter((s) => !acks.has(s.clientId) && !refused.has(s.clientId)).map((s) => s.clientId);

    // Every payment the payer paid is credited (once, by the invariants); cancelled ones never.
    const paymentRows = await db().select().from(payments);
    const byId = new Map(paymentRows.map((p) => [p.id, p]));
    const notApplied = startedPayments
      .filter((s) => byId.get(s.paymentId)?.status !== s.outcome)
      .map((s) => ({ ...s, status: byId.get(s.paymentId)?.status }));
    const orphaned = paymentRows.filter((p) => !startedPayments.some((s) => s.paymentId === p.id));

    // Each member's balance from the outside: start + 60 per paid payment - the price of each stored message.
    const expectedBalance = members.map((m, i) => {
      const bought = startedPayments.filter((s) => s.member === i && s.outcome === 'paid').length * PACKAGE_CREDITS;
      const spent = storedMessages.filter((s) => s.user_id === m.user.id).reduce((t, s) => t + s.credits_spent, 0);
      return START_CREDITS + bought - spent;
    });
    const balances = await select<{ id: number; credits: number }>(sql`select id, credits from users order by id`);
    const actualBalance = members.map((m) => balances.find((b) => b.id === m.user.id)?.credits);

    const inflightAtKills = killLog.map((k) => `${k.inflight.send}+${k.inflight.start}+${k.inflight.webhook}`);
    const ackedBeforeAKill = [...acks.values()].filter((ack) => ack.round < KILL_ROUNDS).length;
    const survived = afterKill.filter(
      (k) => Object.keys(k.violations).length === 0 && k.missingAcks.length === 0,
    ).length;
    console.log(
      `security-faults: survived ${survived}/${KILL_ROUNDS} SIGKILL points (seed ${SEED}, delays ${killLog
        .map((k) => k.delayMs)
        .join(
          '/',
        )} ms, answered before each kill ${killLog.map((k) => k.answered).join('/')}, in flight sends+starts+webhooks ${inflightAtKills.join(' / ')}, restarts ${restartMs
        .map((ms) => (ms / 1000).toFixed(1))
        .join('/')} s); ${stats.requests} requests (${stats.transportErrors} cut off, ${stats.retried} retries), ` +
        `${sends.length} sends (${acks.size} stored, ${ackedBeforeAKill} of them acknowledged before a kill, ` +
        `${refused.size} refused 402), ${acks.size} replays, ${startedPayments.length} payments ` +
        `(${startedPayments.filter((s) => s.outcome === 'paid').length} paid, ${orphaned.length} orphaned open), ` +
        `${stats.webhooksOk} webhooks; ${(runMs / 1000).toFixed(1)} s under kills`,
    );

    expect(killLog).toHaveLength(KILL_ROUNDS);
    expect(afterKill.filter((k) => Object.keys(k.violations).length > 0 || k.missingAcks.length > 0)).toEqual([]);
    expect(hangs).toEqual([]);
    expect(unexpected).toEqual([]);
    expect(await violations()).toEqual({});
    expect(await missingAcks()).toEqual([]);
    expect(unanswered).toEqual([]);
    expect(storedNotAcked).toEqual([]);
    expect(refusedButStored).toEqual([]);
    expect(replayWrong).toEqual([]);
    expect(after).toEqual(before);
    expect(notApplied).toEqual([]);
    expect(orphaned.filter((p) => p.status !== 'open')).toEqual([]);
    expect(actualBalance).toEqual(expectedBalance);
    expect(startedPayments).toHaveLength(MEMBERS * (PAID_PER_MEMBER + CANCELED_PER_MEMBER));
    expect(acks.size).toBeGreaterThan(0);
  });

  it('answers 503 {error, message} when the database connection is lost and serves again without a restart', {
    timeout: 60_000,
  }, async () => {
    showServerLogOnFailure();
    if (child!.pid === null) await child!.start();
    const pid = child!.pid;
    const exitsBefore = child!.exits.length;
    const random = mulberry32(SEED + 1);
    // Four senders, so that concurrent sends of one member stay few (each waits for the other's debit).
    const [b, ...senders] = await Promise.all([member(0), ...Array.from({ length: 4 }, () => member(5000))]);
    const a = senders[0]!;

    // Payments paid at the provider, each told to the server by one webhook during the faults.
    const providerIds: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await a.browser.post('/api/payment.php', { package: packageId, method: 'ideal' });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const [row] = await db().select().from(payments).where(eq(payments.id, res.json.payment.payment_id));
      await settleTestProviderPayment(db(), row!.provider_payment_id!, 'paid', ['open'], new Date());
      providerIds.push(row!.provider_payment_id!);
    }

    const results = { ok: 0, unavailable: [] as Answer[], wrong: [] as unknown[] };
    const unavailableSends: { sender: Member; clientId: string }[] = [];
    const hookAnswers = new Map<string, number>();
    let stop = false;
    const load = async (w: number) => {
      const sender = senders[w % senders.length]!;
      for (let n = 0; !stop; n++) {
        const kind = (w + n) % 3;
        const clientId = randomUUID();
        const providerId = providerIds.find((id) => !hookAnswers.has(id));
        if (kind === 2 && providerId) hookAnswers.set(providerId, 0);
        const request =
          kind === 0
            ? sender.browser.get('/api/user.php')
            : kind === 1 || !providerId
              ? sender.browser.post('/api/message.php', {
                  profile: b.profile.id,
                  text: `Hoi ${n}`,
                  client_id: clientId,
                })
              : hook.post('/api/payment-webhook.php', { id: providerId }, { clientHeader: false });
        try {
          const res = await timed(request, 10_000, `load ${kind}`);
          if (kind === 2 && providerId) hookAnswers.set(providerId, res.status);
          if (res.status === 200) results.ok += 1;
          else if (res.status === 503) {
            results.unavailable.push(res);
            if (kind === 1 || (kind === 2 && !providerId)) unavailableSends.push({ sender, clientId });
          } else results.wrong.push({ kind, status: res.status, body: res.json });
        } catch (err) {
          results.wrong.push({ kind, error: String(err) });
          await sleep(50);
        }
      }
    };
    const terminate = () =>
      admin(
        async (c) =>
          (
            await c.query(
              'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = $2 AND pid <> pg_backend_pid()',
              [dbName, CHILD_APP],
            )
          ).rowCount ?? 0,
      );
    let terminated = 0;
    let rounds = 0;
    const workers = Array.from({ length: 16 }, (_, w) => load(w));
    for (; rounds < 12 && (rounds < 4 || results.unavailable.length === 0); rounds++) {
      await sleep(100 + Math.floor(random() * 150));
      terminated += await terminate();
    }
    await sleep(200);
    stop = true;
    await Promise.all(workers);
    expect(child!.exits.slice(exitsBefore), 'the server process died on the lost connection').toEqual([]);

    // A webhook answers 200 only once the payment's state is stored; when the sync failed it answers 503 so the provider calls again.
    const waiting = (await db().select().from(payments).where(eq(payments.user_id, a.user.id))).filter(
      (p) => p.status !== 'paid' && hookAnswers.get(p.provider_payment_id!) === 200,
    ).length;

    // The same process serves again: sessions, sends (the 503 ones retried with their client_id), webhooks.
    const recovered: Answer[] = [];
    for (let i = 0; i < 20; i++) recovered.push(await timed(a.browser.get('/api/user.php'), 10_000, 'user'));
    for (const { sender, clientId } of unavailableSends) {
      recovered.push(
        await timed(
          sender.browser.post('/api/message.php', { profile: b.profile.id, text: 'retry', client_id: clientId }),
          10_000,
          'retry',
        ),
      );
    }
    for (const id of providerIds) {
      recovered.push(
        await timed(hook.post('/api/payment-webhook.php', { id }, { clientHeader: false }), 10_000, 'hook'),
      );
    }
    const aPayments = await db().select().from(payments).where(eq(payments.user_id, a.user.id));
    console.log(
      `security-faults: connection loss: ${terminated} backends terminated in ${rounds} rounds; ` +
        `${results.ok} answers 200, ${results.unavailable.length} answered 503, ${results.wrong.length} other; ` +
        `${waiting} webhook(s) answered 200 without applying the payment`,
    );

    expect(child!.pid).toBe(pid);
    expect(results.wrong).toEqual([]);
    expect(waiting).toBe(0);
    expect(results.unavailable.length).toBeGreaterThan(0);
    for (const res of results.unavailable) {
      expect(res.json).toEqual({ error: 'service_unavailable', message: expect.any(String) });
      expect(res.json.message.length).toBeGreaterThan(0);
    }
    expect(recovered.map((r) => r.status)).toEqual(recovered.map(() => 200));
    expect(aPayments.map((p) => p.status)).toEqual(aPayments.map(() => 'paid'));
    expect(child!.pid).toBe(pid);
    expect(await violations()).toEqual({});
  });
});
