import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, gt, like, lt } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blocks,
  conversationMembers,
  conversations,
  creditLedger,
  messages,
  profiles,
  staff,
  users,
} from '../src/db/schema.js';
import { seedMoney } from '../src/seed/money.js';
import { createSession } from '../src/services/access/create-session.js';
import { startStaffSession } from '../src/services/staff/staff-sessions.js';
import { createChatMember, createGift, sendText } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createDiscountCode } from './helpers/discount-factories.js';
import { createProfile, createSite } from './helpers/factories.js';
import {
  captureServerErrors,
  describeRequest,
  type FuzzContext,
  type FuzzHints,
  type FuzzRequest,
  type FuzzResponse,
  fieldProbes,
  fuzzStats,
  hash32,
  listOperations,
  type OpenApiDocument,
  requestArb,
  responseProblem,
  sendFuzzRequest,
  sendRaw,
} from './helpers/fuzz-inputs.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createStaff } from './helpers/staff.js';
import { jpegWithGps, postMultipart } from './helpers/uploads.js';

/**
 * Property-based bad-input test (docs/security.md): every JSON operation of GET /api/openapi.json
 * gets valid values, wrong types, missing and extra fields, huge numbers, 100k strings, NUL and
 * control characters, lone surrogates, huge arrays, deep nesting and malformed JSON, sent as a
 * logged-in premium member. Property: never a 5xx; every 4xx is `{ error, message, data? }`. Then
 * broken multipart uploads, then the credit invariants in the database ("nothing half-written").
 * FUZZ_SEED and FUZZ_RUNS (runs per operation) reproduce or widen a run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_250_611);
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
/** FUZZ_VERBOSE=1 prints the time and the status counts of every operation. */
const VERBOSE = process.env.FUZZ_VERBOSE === '1';
const MULTIPART_OK = [400, 413, 415];
const timings: string[] = [];

afterAll(() => {
  console.log(
    `security-fuzz: ${fuzzStats.requests} generated requests (seed ${SEED}, ${RUNS} runs per operation; ${timings.join(', ')})`,
  );
});

/** A violation of the property, grouped by operation, status, error code and the cause the server logged. */
interface Violation {
  key: string;
  count: number;
  example: string;
  response: string;
  serverError: string;
}

/** The failure report: one entry per distinct violation with an example request, the response and the logged cause. */
function formatViolations(kind: string, found: Map<string, Violation>): string {
  const lines = [...found.values()].map(
    (v) =>
      `- ${v.key} (x${v.count})\n    request:  ${v.example}\n    response: ${v.response}\n    server:   ${v.serverError}`,
  );
  return `${found.size} distinct violation(s) on ${kind} (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}):\n${lines.join('\n')}`;
}

/** A connection the server reset or closed without an answer counts as a failed response (status 0). */
function transportFailure(err: unknown): FuzzResponse {
  return { status: 0, text: `no response: ${(err as { code?: string }).code ?? String(err)}`, json: undefined };
}

/** multipart/form-data of `parts`; without `close` the closing boundary is left off (a truncated upload). */
function multipart(
  boundary: string,
  parts: Array<{ name: string; filename?: string; type?: string; data: Buffer | string }>,
  close = true,
): Buffer {
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
    ),
    typeof p.data === 'string' ? Buffer.from(p.data) : p.data,
    Buffer.from('\r\n'),
  ]);
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

describe.each(dbKinds())('security fuzz: bad input on %s', (kind) => {
  let server: TestServer;
  let photoDir: string;
  let siteId: number;
  let mainUserId: number;
  let mainProfileId: number;
  let otherProfileId: number;
  let mainSid: string;
  let hints: FuzzHints;
  let serverErrors: { take(): string[] };
  let started = 0;
  let requestsBefore = 0;
  const db = () => server.database.db;
  const violations = new Map<string, Violation>();
  const newSession = () => createSession({ db: db() }, { userId: mainUserId, ip: null, userAgent: 'security-fuzz' });
  /** The back office's calls are fuzzed as an admin of every site, with a full staff session. */
  let staffId = 0;
  let staffSid = '';
  const newStaffSession = async () =>
    (await startStaffSession(db(), { staffId, stage: 'full', now: new Date(), ip: null, userAgent: 'security-fuzz' }))
      .token;

  /** Checks one response; a problem is recorded (not thrown) so one run reports every distinct 5xx. */
  function check(label: string, req: string, res: FuzzResponse, allowed?: number[]) {
    let problem = responseProblem(res);
    if (!problem && allowed && !allowed.includes(res.status))
      problem = `status ${res.status}, expected ${allowed.join('/')}`;
    const logged = serverErrors.take();
    if (!problem) return;
    const error = (res.json as { error?: unknown } | undefined)?.error;
    const cause = logged[0] ?? '(nothing logged)';
    const key = `${label} -> ${problem}${typeof error === 'string' ? ` ${error}` : ''} | ${cause.replace(/\d+/g, 'N').slice(0, 160)}`;
    const seen = violations.get(key);
    if (seen) seen.count += 1;
    else
      violations.set(key, {
        key: `${label} -> ${problem}`,
        count: 1,
        example: req,
        response: res.text.slice(0, 300),
        serverError: cause,
      });
  }

  beforeAll(async () => {
    started = Date.now();
    requestsBefore = fuzzStats.requests;
    photoDir = mkdtempSync(path.join(os.tmpdir(), 'security-fuzz-'));
    server = await startTestServer(kind, { env: { PHOTO_DIR: photoDir, PHOTO_MAX_MB: '0.25' } });
    serverErrors = captureServerErrors(server.app);
    siteId = (await createSite(db(), { is_default: true, message_length: 500 })).id;
    const packages = await seedMoney(db(), siteId);
    await createDiscountCode(db(), siteId, { code: 'FUZZ10' });
    const gift = await createGift(db(), siteId, 20);
    if (VERBOSE) console.log(`${kind}: server started in ${(Date.now() - started) / 1000} s`);
    const main = await createChatMember(db(), siteId, server.url, { credits: 5_000, user: { paid_user: true } });
    const other = await createChatMember(db(), siteId, server.url, { credits: 0, profile: { gender: 'male' } });
    const fictional = await createProfile(db(), siteId, { name: 'Fictie' });
    mainUserId = main.user.id;
    mainProfileId = main.profile.id;
    otherProfileId = other.profile.id;
    mainSid = main.browser.cookie('sid') ?? '';
    staffId = (await createStaff(db(), 'admin', null)).id;
    staffSid = await newStaffSession();
    const first = await sendText(main.browser, other.profile.id, 'Hallo daar!');
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const photo = await postMultipart(`${server.url}/api/photos.php`, {
      file: await jpegWithGps(320, 240),
      sid: mainSid,
    });
    expect(photo.status, JSON.stringify(photo.json)).toBe(200);
    const payment = await main.browser.post('/api/payment.php', { package: packages[0], method: 'ideal' });
    expect(payment.status, JSON.stringify(payment.json)).toBe(200);
    if (VERBOSE)
      console.log(`${kind}: members, message, photo, payment ready after ${(Date.now() - started) / 1000} s`);
    const [conversation] = await db().select({ id: conversations.id }).from(conversations);
    hints = {
      profile: [other.profile.id, fictional.id],
      id: [other.profile.id, fictional.id],
      profile_id: [fictional.id, other.profile.id],
      conversation: [conversation!.id],
      before: [first.json.message.id],
      gift: [gift.id],
      package: packages,
      payment_id: [payment.json.payment.payment_id],
      photo: [photo.json.id],
      email: fc.oneof(
        { arbitrary: fc.constant(other.email), weight: 1 },
        { arbitrary: fc.uuid().map((u) => `fuzz-${u.slice(0, 8)}@example.com`), weight: 4 },
      ),
      password: ['Zebra-Kayak-Orbit-93!'],
      date_of_birth: ['1990-01-01', '1975-06-15'],
      client_id: fc.uuid(),
      text: ['Hallo, hoe gaat het met je vandaag?'],
      code: ['FUZZ10'],
      discount_code: ['FUZZ10'],
      country: ['NL'],
      region: ['NL-NH'],
      city: ['Amsterdam'],
      interests: [['music', 'travelling'], ['sports']],
      repeat: [false],
      method: ['ideal', 'creditcard'],
      countryregion: ['NL-NH'],
      iban: ['NL91ABNA0417164300'],
      phone: ['+31612345678'],
      name: ['Fuzzy Tester'],
      account_holder: ['F. Tester'],
      path: ['/members'],
      route: ['/', '/members'],
      domain: ['127.0.0.1'],
      lat: [52.37],
      lon: [4.89],
    };
  });

  afterAll(async () => {
    await server?.close();
    if (photoDir) rmSync(photoDir, { recursive: true, force: true });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    timings.push(`${kind}: ${fuzzStats.requests - requestsBefore} in ${seconds} s`);
  });

  it('answers every generated request to every JSON operation below 500, and every 4xx as { error, message, data? }', async () => {
    violations.clear();
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDocument;
    const ops = listOperations(doc);
    expect(ops.length).toBeGreaterThan(50);
    const ctx: FuzzContext = { doc, hints };
    for (const op of ops) {
      const name = `${op.method} ${op.path}`;
      // Logging out (all=1 too) must not end the session the other operations use.
      const endsSession = op.path === '/api/logout.php';
      const endsStaffSession = op.path === '/api/admin/logout.php';
      const seed = (SEED ^ hash32(name)) | 0;
      const opStarted = Date.now();
      const statuses: Record<number, number> = {};
      const probes = fieldProbes(ctx, op, seed);
      await fc.assert(
        fc.asyncProperty(requestArb(ctx, op), async (req: FuzzRequest) => {
          serverErrors.take();
          const sid = endsSession ? await newSession() : mainSid;
          const staff = endsStaffSession ? await newStaffSession() : staffSid;
          const res = await sendFuzzRequest(server.url, req, sid, staff).catch(transportFailure);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (VERBOSE && res.status >= 400 && /^(valid|body: valid body|valid baseline)$/.test(req.kind)) {
            console.log(`  valid -> ${res.status}: ${describeRequest(req, 200)} => ${res.text.slice(0, 200)}`);
          }
          check(name, describeRequest(req), res);
          return true;
        }),
        // fast-check counts examples in numRuns: the probes come on top of the RUNS generated requests.
        { seed, numRuns: RUNS + probes.length, examples: probes.map((probe) => [probe] as [FuzzRequest]) },
      );
      if (VERBOSE) console.log(`${name}: ${(Date.now() - opStarted) / 1000} s, statuses ${JSON.stringify(statuses)}`);
      // Keep the member able to reach the other member: undo blocks, and log in again if a call ended the session.
      await db().delete(blocks).where(eq(blocks.blocker_profile_id, mainProfileId));
      // A staff call may have banned, suspended, hidden or deleted the member: give the account back.
      await db()
        .update(users)
        .set({ status: 'confirmed', suspended_until: null, deletion_requested_at: null })
        .where(eq(users.id, mainUserId));
      await db().update(profiles).set({ status: 'active' }).where(eq(profiles.id, mainProfileId));
      const me = await fetch(`${server.url}/api/user.php`, { headers: { cookie: `sid=${mainSid}` } });
      if (me.status !== 200) mainSid = await newSession();
      // The admin stays an admin of every site with a live session (a call may have ended it).
      await db().update(staff).set({ role: 'admin', site_ids: null, disabled_at: null }).where(eq(staff.id, staffId));
      const staffMe = await fetch(`${server.url}/api/admin/me.php`, { headers: { cookie: `staff_sid=${staffSid}` } });
      if (staffMe.status !== 200) staffSid = await newStaffSession();
    }
    const report = formatViolations(kind, violations);
    if (violations.size) console.log(report);
    expect(violations.size, report).toBe(0);
  }, 600_000);

  it('answers broken multipart uploads to POST /api/photos.php and /api/chat-photo.php with 400/413/415', async () => {
    violations.clear();
    const jpeg = await jpegWithGps(64, 48);
    const b = `fuzz${randomBytes(6).toString('hex')}`;
    const mp = (boundary = b) => `multipart/form-data; boundary=${boundary}`;
    const file = { name: 'file', filename: 'p.jpg', type: 'image/jpeg', data: jpeg };
    for (const target of ['/api/photos.php', '/api/chat-photo.php']) {
      const fields = () =>
        target === '/api/chat-photo.php'
          ? [
              { name: 'profile', data: String(otherProfileId) },
              { name: 'client_id', data: randomUUID() },
            ]
          : [{ name: 'is_private', data: 'false' }];
      const full = () => multipart(b, [...fields(), file]);
      const closing = Buffer.byteLength(`--${b}--\r\n`);
      const cases: Array<{ name: string; contentType?: string; body: Buffer; allowed?: number[] }> = [
        { name: 'truncated: no closing boundary', body: multipart(b, [...fields(), file], false) },
        {
          name: 'truncated inside the file data',
          body: full().subarray(0, full().length - closing - Math.floor(jpeg.length / 2)),
        },
        {
          name: 'truncated inside the part headers',
          body: Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="fi`),
        },
        { name: 'only the opening boundary', body: Buffer.from(`--${b}\r\n`) },
        { name: 'no file part', body: multipart(b, fields()) },
        { name: 'file part under another name', body: multipart(b, [...fields(), { ...file, name: 'photo' }]) },
        { name: 'empty file', body: multipart(b, [...fields(), { ...file, data: Buffer.alloc(0) }]) },
        { name: 'not an image', body: multipart(b, [...fields(), { ...file, data: Buffer.from('no picture here') }]) },
        { name: 'file over PHOTO_MAX_MB', body: multipart(b, [...fields(), { ...file, data: randomBytes(300_000) }]) },
        {
          name: 'two files',
          body: multipart(b, [...fields(), file, { ...file, filename: 'q.jpg' }]),
          allowed: [200, 400, 413],
        },
        {
          name: 'too many fields',
          body: multipart(b, [
            ...Array.from({ length: 6 }, (_, i) => ({ name: `f${i}`, data: 'x' })),
            ...fields(),
            file,
          ]),
          allowed: [200, 400, 413],
        },
        {
          name: 'NUL, control characters and traversal in names',
          body: multipart(b, [
            ...fields().map((f) => ({ ...f, data: `${f.data}\u0000\u0001` })),
            { ...file, filename: '../../\u0000evil.jpg' },
          ]),
          allowed: [200, 400],
        },
        { name: 'boundary in the header differs', contentType: mp('other'), body: full() },
        { name: 'empty body', body: Buffer.alloc(0) },
        { name: 'content type text/plain', contentType: 'text/plain', body: full() },
        { name: 'content type application/json', contentType: 'application/json', body: Buffer.from('{"file":"x"}') },
        { name: 'content type application/octet-stream', contentType: 'application/octet-stream', body: jpeg },
        { name: 'content type image/jpeg', contentType: 'image/jpeg', body: jpeg },
        { name: 'multipart without boundary', contentType: 'multipart/form-data', body: full() },
        { name: 'multipart/mixed', contentType: `multipart/mixed; boundary=${b}`, body: full() },
        { name: 'form-urlencoded', contentType: 'application/x-www-form-urlencoded', body: Buffer.from('file=abc') },
        { name: 'no content type', contentType: undefined, body: full() },
      ];
      if (target === '/api/chat-photo.php') {
        for (const [profile, clientId] of [
          ['\u0000', randomUUID()],
          ['1e308', randomUUID()],
          ['-1', randomUUID()],
          ['9007199254740993', randomUUID()],
          [String(otherProfileId), `abc\u0000defghij`],
          [String(otherProfileId), 'x'.repeat(99)],
        ]) {
          cases.push({
            name: `bad fields profile=${JSON.stringify(profile)} client_id=${JSON.stringify(clientId?.slice(0, 12))}`,
            body: multipart(b, [{ name: 'profile', data: profile! }, { name: 'client_id', data: clientId! }, file]),
            allowed: [400],
          });
        }
      }
      for (const c of cases) {
        const contentType = 'contentType' in c ? c.contentType : mp();
        const req = { method: 'POST', path: target, contentType, body: c.body };
        const res = await sendRaw(server.url, { ...req, sid: mainSid }).catch(transportFailure);
        check(
          `POST ${target} ${c.name}`,
          describeRequest({ ...req, query: '', kind: c.name }, 120),
          res,
          c.allowed ?? MULTIPART_OK,
        );
      }
      // Any prefix of a valid upload that stops before the closing boundary is a truncated upload.
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: full().length - closing - 3 }), async (cut) => {
          const body = full().subarray(0, cut);
          const res = await sendRaw(server.url, {
            method: 'POST',
            path: target,
            contentType: mp(),
            body,
            sid: mainSid,
          }).catch(transportFailure);
          check(
            `POST ${target} truncated at a random byte`,
            `${body.length} of ${full().length} bytes`,
            res,
            MULTIPART_OK,
          );
          return true;
        }),
        { seed: (SEED ^ hash32(target)) | 0, numRuns: RUNS },
      );
    }
    const report = formatViolations(kind, violations);
    if (violations.size) console.log(report);
    expect(violations.size, report).toBe(0);
  }, 120_000);

  it('leaves nothing half-written: balance = sum of the ledger, paid messages have their ledger row, nothing negative', async () => {
    const problems: string[] = [];
    const allUsers = await db().select({ id: users.id, credits: users.credits }).from(users);
    const ledger = await db().select().from(creditLedger).orderBy(creditLedger.user_id, creditLedger.id);
    for (const u of allUsers) {
      const rows = ledger.filter((r) => r.user_id === u.id);
      const sum = rows.reduce((s, r) => s + r.delta, 0);
      if (u.credits !== sum) problems.push(`user ${u.id}: credits ${u.credits} but ledger sum ${sum}`);
      if (u.credits < 0) problems.push(`user ${u.id}: negative balance ${u.credits}`);
      let running = 0;
      for (const r of rows) {
        running += r.delta;
        if (r.balance_after !== running)
          problems.push(`ledger ${r.id} (user ${u.id}): balance_after ${r.balance_after}, running sum ${running}`);
        if (r.balance_after < 0)
          problems.push(`ledger ${r.id} (user ${u.id}): negative balance_after ${r.balance_after}`);
      }
    }
    const paid = await db()
      .select({ id: messages.id, spent: messages.credits_spent, userId: profiles.user_id })
      .from(messages)
      .innerJoin(profiles, eq(profiles.id, messages.sender_profile_id))
      .where(gt(messages.credits_spent, 0));
    const byReference = new Map(ledger.filter((r) => r.reference).map((r) => [r.reference, r]));
    for (const m of paid) {
      const row = byReference.get(`message:${m.id}`);
      if (!row) problems.push(`message ${m.id}: ${m.spent} credits spent without a ledger row`);
      else if (row.delta !== -m.spent || row.user_id !== m.userId) {
        problems.push(
          `message ${m.id}: spent ${m.spent} by user ${m.userId}, ledger says ${row.delta} for user ${row.user_id}`,
        );
      }
    }
    const messageRefs = await db().select().from(creditLedger).where(like(creditLedger.reference, 'message:%'));
    const messageIds = new Set((await db().select({ id: messages.id }).from(messages)).map((m) => m.id));
    for (const r of messageRefs) {
      if (!messageIds.has(Number(r.reference?.slice('message:'.length))))
        problems.push(`ledger ${r.id}: ${r.reference} does not exist`);
    }
    const negative = await db().select({ id: messages.id }).from(messages).where(lt(messages.credits_spent, 0));
    for (const m of negative) problems.push(`message ${m.id}: negative credits_spent`);
    for (const c of await db().select({ id: conversations.id }).from(conversations)) {
      const sides = await db().select().from(conversationMembers).where(eq(conversationMembers.conversation_id, c.id));
      if (sides.length !== 2) problems.push(`conversation ${c.id}: ${sides.length} member rows`);
    }
    const [me] = await db().select().from(users).where(eq(users.id, mainUserId));
    expect(me?.deletion_requested_at ?? null).toBeNull();
    expect(problems).toEqual([]);
    // The checks had paid messages of the member to look at (the setup message and what the fuzz sent).
    expect(paid.filter((m) => m.userId === mainUserId).length).toBeGreaterThan(0);
  });
});
