import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { CLIENT_HEADER } from '@app/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/client.js';
import {
  blocks,
  complaints,
  conversationMembers,
  directDebitMandates,
  messages,
  outbox,
  payments,
  photos,
  profiles,
  users,
} from '../src/db/schema.js';
import { seedMoney } from '../src/seed/money.js';
import { createSession } from '../src/services/access/create-session.js';
import {
  CLIENT_HEADER_OPERATIONS,
  DOCUMENTED_OPERATIONS,
  HIDDEN_OPERATIONS,
  holdsProfileCard,
  MATRIX,
  type MatrixEntry,
  type MatrixResponse,
  type MemberRef,
  type MemberRole,
  openApiOperations,
  PRODUCTION_VARIANTS,
  type RequestSpec,
  ROLES,
  type Role,
  registeredOperations,
  summaryLine,
  type Target,
  type World,
} from './helpers/authz-matrix.js';
import { createChatMember } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createDiscountCode, createPayment } from './helpers/discount-factories.js';
import { createConversation, createLike } from './helpers/discovery-factories.js';
import { createMember, createPhoto, createProfile, createSite } from './helpers/factories.js';
import { runScoreJob } from './helpers/score-photos.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { jpegWithGps, postMultipart } from './helpers/uploads.js';

const DAY = 86_400_000;
/** The owner's IBAN: a valid one no other role uses, so it can be looked for in every answer. */
const OWNER_IBAN = 'DE89370400440532013000';

beforeAll(() => console.log(summaryLine()));

describe.each(dbKinds())('security: authorization matrix on %s', (kind) => {
  let server: TestServer;
  let w: World;

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildWorld(server);
  });
  afterAll(() => server?.close());

  it('lists exactly the operations the server serves: openapi.json plus the hidden ones', async () => {
    const res = await new Browser(server.url).get('/api/openapi.json');
    expect(res.status).toBe(200);
    const documented = new Set(openApiOperations(res.json));
    const registered = new Set(registeredOperations(server.app.printRoutes()));
    const missing = [...documented].filter((op) => !(op in MATRIX));
    expect.soft(missing, 'operations of openapi.json without a row in helpers/authz-matrix.ts').toEqual([]);
    const gone = DOCUMENTED_OPERATIONS.filter((op) => !documented.has(op));
    expect.soft(gone, 'matrix rows of operations openapi.json no longer lists').toEqual([]);
    const undocumented = [...registered].filter((op) => !documented.has(op)).sort();
    expect
      .soft(undocumented, 'hidden routes (not in openapi.json) must each have a hidden row')
      .toEqual([...HIDDEN_OPERATIONS].sort());
    expect.soft([...documented].filter((op) => !registered.has(op))).toEqual([]);
  });

  for (const [op, entry] of Object.entries(MATRIX)) {
    it(`${op}: ${entry.rule}`, async () => {
      for (const role of ROLES) await runCheck(w, op, entry, role);
    });
  }

  it('refuses every state-changing call without the client header, and a WebSocket from another origin', async () => {
    const owner = w.member('premium');
    for (const op of CLIENT_HEADER_OPERATIONS) {
      const entry = MATRIX[op]!;
      const c = { role: 'premium' as const, w, t: w.target('premium'), actor: owner };
      const spec = await entry.request(c);
      const before = await ownerState(w.db, owner);
      // A multipart call is refused before its body is read; send it as JSON (postMultipart always adds the header).
      const bare: RequestSpec = { ...spec, multipart: undefined, clientHeader: false };
      if (spec.multipart) bare.body = {};
      const res = await send(w, op, bare, spec.sid === undefined ? owner.sid : spec.sid);
      const shown = `${op} without the header → ${res.status} ${JSON.stringify(res.json)}`;
      expect.soft(res.status, shown).toBe(403);
      expect.soft(res.json?.error, shown).toBe('client_header_required');
      expect.soft(await ownerState(w.db, owner), `${op} without the header changed the owner's data`).toEqual(before);
      await spec.cleanup?.();
    }
    const foreign = await openSocket(`${w.url}/api/realtime`, owner.sid, 'http://evil.example');
    expect.soft(foreign.status, 'a WebSocket from another origin').toBe(4403);
  });

  it('serves the development outbox only with DEV_OUTBOX=1 in production, and the test checkout only without Mollie', async () => {
    for (const variant of PRODUCTION_VARIANTS) {
      const config = {
        ...loadConfig({ WEB_DIST: '/nonexistent', DATA_DIR: '/tmp/test-data', ...variant.env }),
        logLevel: 'silent',
      };
      const app = await buildApp(config, w.db);
      try {
        const name = JSON.stringify(variant.env);
        for (const url of ['/dev/outbox', `/dev/outbox.json?to=${encodeURIComponent(w.spareEmail)}`]) {
          expect.soft((await app.inject({ url })).statusCode, `${url} with ${name}`).toBe(variant.outbox);
        }
        const checkout = `/test-provider/checkout/${w.openPayment.providerId}`;
        expect
          .soft((await app.inject({ url: checkout })).statusCode, `${checkout} with ${name}`)
          .toBe(variant.checkout);
      } finally {
        await app.close();
      }
    }
  });
});

/**
 * One cell of the matrix: builds the role's request, sends it and checks the status, the error code,
 * the entry's own assertions, that no one but the owner receives the owner's secrets, that the
 * blocked member never sees the blocker's card, and that a visitor's, the non-party's or the blocked
 * member's call changed nothing of the owner's (unless the row says it may, and it succeeded).
 */
async function runCheck(w: World, op: string, entry: MatrixEntry, role: Role): Promise<void> {
  const actor = role === 'visitor' ? null : w.member(role);
  const c = { role, w, t: w.target(role), actor };
  const spec = await entry.request(c);
  const expected = entry.expect[role];
  const owner = w.member('premium');
  const guarded = role !== 'free' && role !== 'premium' && (expected.status >= 400 || !entry.changesOwner);
  const before = guarded ? await ownerState(w.db, owner) : null;
  const res = await send(w, op, spec, spec.sid === undefined ? (actor?.sid ?? null) : spec.sid);
  const where = `${op} as ${role}`;
  const shown = `${where} → ${res.status} ${String(JSON.stringify(res.json)).slice(0, 400)}`;
  expect.soft(res.status, shown).not.toBe(500);
  expect.soft(res.status, shown).toBe(expected.status);
  if (expected.error) expect.soft(res.json?.error, shown).toBe(expected.error);
  if (res.status === expected.status && res.status < 400 && entry.check) await entry.check(res, { ...c, spec });
  if (role !== 'premium' && !entry.noLeakCheck) {
    const text = typeof res.json === 'string' ? res.json : JSON.stringify(res.json ?? null);
    for (const secret of w.secrets)
      expect.soft(text.includes(secret), `${where} leaks the owner's ${secret}`).toBe(false);
  }
  if (role === 'blocked' && !entry.blockedSeesOwner) {
    expect.soft(holdsProfileCard(res.json, owner.profileId), `${where} shows the blocker's profile`).toBe(false);
  }
  if (before) expect.soft(await ownerState(w.db, owner), `${where} changed the owner's data`).toEqual(before);
  await spec.cleanup?.();
}

/** Sends one request of the matrix as the session `sid` (null: none). */
async function send(w: World, op: string, spec: RequestSpec, sid: string | null): Promise<MatrixResponse> {
  const [method = 'GET', route = '/'] = op.split(' ');
  const query = spec.query
    ? `?${new URLSearchParams(Object.entries(spec.query).map(([k, v]): [string, string] => [k, String(v)]))}`
    : '';
  const url = `${w.url}${spec.path ?? route}${query}`;
  if (spec.websocket) return openSocket(url, sid);
  if (spec.multipart) {
    const res = await postMultipart(url, { ...spec.multipart, ...(sid ? { sid } : {}) });
    return { status: res.status, json: res.json, headers: {} };
  }
  if (spec.form) {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (sid) headers.cookie = `sid=${sid}`;
    if (spec.clientHeader !== false) headers[CLIENT_HEADER.name] = CLIENT_HEADER.value;
    const res = await fetch(url, {
      method,
      headers,
      body: new URLSearchParams(spec.form).toString(),
      redirect: 'manual',
    });
    const text = await res.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // HTML or plain text stays text.
    }
    return { status: res.status, json, headers: Object.fromEntries(res.headers) };
  }
  const res = await new Browser(w.url).request(method, `${spec.path ?? route}${query}`, spec.body, {
    clientHeader: spec.clientHeader !== false,
    headers: sid ? { cookie: `sid=${sid}` } : {},
  });
  return { status: res.status, json: res.json, headers: res.headers };
}

/** Opens a WebSocket: status 101 when it stays open 200 ms, else the close code (or the refused upgrade's status). */
function openSocket(url: string, sid: string | null, origin?: string): Promise<MatrixResponse> {
  const headers: Record<string, string> = {};
  if (sid) headers.cookie = `sid=${sid}`;
  if (origin) headers.origin = origin;
  return new Promise((resolve) => {
    const socket = new WebSocket(url.replace(/^http/, 'ws'), { headers });
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const finish = (status: number) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.terminate();
      resolve({ status, json: null, headers: {} });
    };
    socket.once('open', () => {
      timer = setTimeout(() => finish(101), 200);
    });
    socket.once('close', (code) => finish(code));
    socket.once('unexpected-response', (req, res) => {
      req.destroy();
      finish(res.statusCode ?? 0);
    });
    socket.once('error', () => finish(-1));
  });
}

/** A member's realtime WebSocket, ready (it answered a ping), collecting the events it receives. */
async function memberSocket(url: string, sid: string) {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/realtime`, { headers: { cookie: `sid=${sid}` } });
  const events: { type: string }[] = [];
  socket.on('message', (data) => events.push(JSON.parse(String(data))));
  // The server reads messages only once it has looked the member up: ping until it answers.
  let pinger: NodeJS.Timeout | undefined;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('realtime socket: no pong in 5 s')), 5000);
    socket.once('open', () => {
      socket.send('{"type":"ping"}');
      pinger = setInterval(() => socket.send('{"type":"ping"}'), 100);
    });
    socket.on('message', (data) => {
      if (!String(data).includes('"pong"')) return;
      clearTimeout(timer);
      clearInterval(pinger);
      resolve();
    });
    socket.once('close', (code) => reject(new Error(`realtime socket closed with ${code}`)));
    socket.once('error', reject);
  }).finally(() => clearInterval(pinger));
  return { socket, events };
}

/** Whether a typing signal of `senderSid` for `conversation` reaches one of `receiverSids` within 600 ms. */
async function typingReaches(url: string, senderSid: string, conversation: number, receiverSids: string[]) {
  const receivers = await Promise.all(receiverSids.map((sid) => memberSocket(url, sid)));
  const sender = await memberSocket(url, senderSid);
  const reached = () => receivers.some((r) => r.events.some((e) => e.type === 'typing'));
  sender.socket.send(JSON.stringify({ type: 'typing', conversation }));
  for (let waited = 0; waited < 600 && !reached(); waited += 25) await new Promise((r) => setTimeout(r, 25));
  for (const s of [sender, ...receivers]) s.socket.terminate();
  return reached();
}

/** What the owner has that a refused call must not change. */
async function ownerState(db: Db, owner: MemberRef) {
  const [user, profile, ownPhotos, conversations, ownPayments, mandates, filed, ownBlocks, sent] = await Promise.all([
    db
      .select({
        email: users.email,
        password_hash: users.password_hash,
        credits: users.credits,
        status: users.status,
        paid_user: users.paid_user,
        language: users.language,
      })
      .from(users)
      .where(eq(users.id, owner.userId)),
    db
      .select({ name: profiles.name, description: profiles.description, status: profiles.status })
      .from(profiles)
      .where(eq(profiles.id, owner.profileId)),
    db
      .select({ id: photos.id, is_private: photos.is_private, position: photos.position, filename: photos.filename })
      .from(photos)
      .where(eq(photos.profile_id, owner.profileId))
      .orderBy(photos.id),
    db
      .select()
      .from(conversationMembers)
      .where(eq(conversationMembers.profile_id, owner.profileId))
      .orderBy(conversationMembers.conversation_id),
    db
      .select({ id: payments.id, status: payments.status, credits: payments.credits })
      .from(payments)
      .where(eq(payments.user_id, owner.userId))
      .orderBy(payments.id),
    db
      .select({
        id: directDebitMandates.id,
        status: directDebitMandates.status,
        attempts: directDebitMandates.otp_attempts,
        payment: directDebitMandates.payment_id,
      })
      .from(directDebitMandates)
      .where(eq(directDebitMandates.user_id, owner.userId))
      .orderBy(directDebitMandates.id),
    db.select({ n: count() }).from(complaints).where(eq(complaints.user_id, owner.userId)),
    db
      .select({ blocked: blocks.blocked_profile_id })
      .from(blocks)
      .where(eq(blocks.blocker_profile_id, owner.profileId))
      .orderBy(blocks.blocked_profile_id),
    db.select({ n: count() }).from(messages).where(eq(messages.sender_profile_id, owner.profileId)),
  ]);
  return {
    user,
    profile,
    photos: ownPhotos,
    conversations,
    payments: ownPayments,
    mandates,
    complaints: filed,
    blocks: ownBlocks,
    sent,
  };
}

/** Sends a JSON request with the client header as `sid`. */
async function jsonRequest(url: string, method: string, path: string, sid: string | null, body?: unknown) {
  const res = await new Browser(url).request(method, path, body, { headers: sid ? { cookie: `sid=${sid}` } : {} });
  return { status: res.status, json: res.json, headers: res.headers } as MatrixResponse;
}

/** The answer's JSON when it is a 200, else an error naming `what`. */
// biome-ignore lint/suspicious/noExplicitAny: setup answers are read by field
function ok200(res: MatrixResponse, what: string): any {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json;
}

/**
 * The members and their resources (one set per database kind): a free member, the premium owner,
 * a free non-party, a premium member the owner blocked, chat partners, conversations with messages,
 * photos (public, private, waiting), payments, a complaint, pending mandates with their SMS codes
 * and discount codes. Everything a member makes goes through the API where it can.
 */
async function buildWorld(server: TestServer): Promise<World> {
  const db = server.database.db;
  const site = await createSite(db, { is_default: true, auto_approve_photos: true });
  const packageId = (await seedMoney(db, site.id))[1]!;
  const jpeg = await jpegWithGps(320, 240);
  const signedUp = new Date(Date.now() - 60 * DAY);
  const hex = () => randomBytes(6).toString('hex');
  const freshPhone = () => `+316${randomInt(10_000_000, 100_000_000)}`;

  const loggedIn = async (paid: boolean): Promise<MemberRef> => {
    const m = await createChatMember(db, site.id, server.url, {
      credits: 1000,
      user: { paid_user: paid, signup_date: signedUp },
    });
    return {
      userId: m.user.id,
      profileId: m.profile.id,
      email: m.email,
      password: m.password,
      sid: m.browser.cookie('sid')!,
      paid,
    };
  };
  const roles: Record<MemberRole, MemberRef> = {
    free: await loggedIn(false),
    premium: await loggedIn(true),
    nonParty: await loggedIn(false),
    blocked: await loggedIn(true),
  };
  const owner = roles.premium;
  const api = (m: MemberRef, method: string, path: string, body?: unknown) =>
    jsonRequest(server.url, method, path, m.sid, body);
  const partner = await createMember(db, site.id, { user: { signup_date: signedUp } });
  const freePartners = [
    await createMember(db, site.id, { user: { signup_date: signedUp } }),
    await createMember(db, site.id, { user: { signup_date: signedUp } }),
  ];
  const send = async (from: MemberRef, to: number, text: string, clientId = randomUUID()) => {
    const sent = ok200(await api(from, 'POST', '/api/message.php', { profile: to, text, client_id: clientId }), text);
    return { conversation: sent.conversation as number, message: { id: sent.message.id as number, clientId } };
  };

  // Conversations: the owner's with a partner (the secret), the free member's two (its limit), and
  // the blocked member's with the owner from before the owner blocked them.
  const secretText = `owner-secret-message-${hex()}`;
  const ownerChat = await send(owner, partner.profile.id, secretText);
  const freeChat = await send(roles.free, freePartners[0]!.profile.id, 'Hoi, hoe gaat het?');
  await send(roles.free, freePartners[1]!.profile.id, 'Hallo daar!');
  const blockedChat = await send(roles.blocked, owner.profileId, 'Hoi! Zin in een praatje?');
  await send(owner, roles.blocked.profileId, 'Hallo terug');
  ok200(await api(owner, 'POST', '/api/block.php', { profile: roles.blocked.profileId }), 'block');
  await createLike(db, site.id, partner.profile.id, owner.profileId);
  ok200(await api(owner, 'POST', '/api/like.php', { profile: partner.profile.id }), 'like back');

  // Photos with real files through the API, approved by the score job; a waiting one as a row.
  const upload = async (m: MemberRef, isPrivate = false) => {
    const res = await postMultipart(`${server.url}/api/photos.php`, {
      fields: { is_private: String(isPrivate) },
      file: jpeg,
      sid: m.sid,
    });
    const id = ok200({ ...res, headers: {} }, 'photo upload').id as number;
    // The site approves automatically once the model's score allows (issue: explicit photos).
    await runScoreJob(server.app.deps, { photo: id }, 0.01);
    return id;
  };
  await upload(owner);
  const ownerPhoto = await upload(owner);
  const ownerPrivate = await upload(owner, true);
  const waiting = await createPhoto(db, owner.profileId, {
    status: 'awaiting_approval',
    filename: `owner-waiting-${hex()}.jpg`,
    match_filename: `owner-waiting-m-${hex()}.jpg`,
    thumb_filename: `owner-waiting-t-${hex()}.jpg`,
  });
  const freePhoto = await upload(roles.free);

  // Payments: the owner's paid one (the last order), the free member's failed one, the owner's open one.
  const paid = await createPayment(db, { siteId: site.id, userId: owner.userId, packageId });
  const failed = await createPayment(db, { siteId: site.id, userId: roles.free.userId, packageId, status: 'failed' });
  const startPayment = async (m: MemberRef) => {
    const started = ok200(await api(m, 'POST', '/api/payment.php', { package: packageId, method: 'ideal' }), 'pay');
    const id = started.payment.payment_id as number;
    const [row] = await db.select().from(payments).where(eq(payments.id, id));
    return { id, providerId: row!.provider_payment_id! };
  };
  const openPayment = await startPayment(owner);

  const complaintText = `owner-secret-complaint-${hex()}`;
  ok200(
    await api(owner, 'POST', '/api/complaints.php', { topic: 'payment', text: complaintText, payment_id: paid.id }),
    'complaint',
  );

  // Pending mandates with the codes of their SMS (read from the outbox as /dev/outbox.json shows them).
  const ownerPhone = freshPhone();
  const mandate = async (m: MemberRef, iban: string, phone: string) => {
    const started = ok200(
      await api(m, 'POST', '/api/directdebit.php', {
        package: packageId,
        account_holder: 'A. de Lid',
        iban,
        street: 'Kerkstraat',
        house_number: '1',
        zip: '3511 AB',
        city: 'Utrecht',
        phone,
      }),
      'mandate',
    );
    const [sms] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, phone)));
    const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1];
    if (!code) throw new Error(`no SMS code for ${phone}`);
    return { id: started.mandate as number, code };
  };
  const ownerMandate = await mandate(owner, OWNER_IBAN, ownerPhone);
  const freeMandate = await mandate(roles.free, 'NL91ABNA0417164300', freshPhone());

  await createDiscountCode(db, site.id, { code: 'OWNERONLY', user_id: owner.userId });
  await createDiscountCode(db, site.id, { code: 'AUTHZ10' });

  const [privateRow] = await db.select().from(photos).where(eq(photos.id, ownerPrivate));
  const ownerTarget: Target = {
    owner,
    profile: partner.profile.id,
    conversation: ownerChat.conversation,
    message: ownerChat.message,
    photo: ownerPhoto,
    privatePhoto: ownerPrivate,
    payment: paid.id,
    mandate: ownerMandate,
    discountCode: 'OWNERONLY',
  };
  const freeTarget: Target = {
    owner: roles.free,
    profile: freePartners[0]!.profile.id,
    conversation: freeChat.conversation,
    message: freeChat.message,
    photo: freePhoto,
    privatePhoto: ownerPrivate,
    payment: failed.id,
    mandate: freeMandate,
    discountCode: 'AUTHZ10',
  };

  return {
    url: server.url,
    db,
    siteId: site.id,
    packageId,
    jpeg,
    spareEmail: partner.email,
    openPayment,
    secrets: [
      owner.email,
      secretText,
      privateRow!.filename,
      privateRow!.match_filename,
      privateRow!.thumb_filename,
      waiting.filename,
      waiting.match_filename,
      waiting.thumb_filename,
      OWNER_IBAN,
      ownerPhone,
      complaintText,
    ],
    member: (role) => roles[role],
    target: (role) => {
      if (role === 'free') return freeTarget;
      if (role === 'premium') return ownerTarget;
      return {
        ...ownerTarget,
        profile: owner.profileId,
        conversation: role === 'blocked' ? blockedChat.conversation : ownerChat.conversation,
      };
    },
    freshProfile: async () => (await createProfile(db, site.id)).id,
    freshPhoto: (m) => upload(m),
    freshConversation: async (m) =>
      (await createConversation(db, site.id, m.profileId, (await createProfile(db, site.id)).id)).id,
    freshSession: (m) => createSession({ db }, { userId: m.userId, ip: '127.0.0.1', userAgent: 'authz-matrix' }),
    twin: async (role) => {
      const paidUser = roles[role].paid;
      const m = await createMember(db, site.id, { user: { paid_user: paidUser, signup_date: signedUp } });
      const sid = await createSession({ db }, { userId: m.user.id, ip: '127.0.0.1', userAgent: 'authz-matrix' });
      return { userId: m.user.id, profileId: m.profile.id, email: m.email, password: m.password, sid, paid: paidUser };
    },
    startPayment,
    freshPhone,
    partnerSid: await createSession({ db }, { userId: partner.user.id, ip: '127.0.0.1', userAgent: 'authz-matrix' }),
    typingReaches: (senderSid, conversation, receiverSids) =>
      typingReaches(server.url, senderSid, conversation, receiverSids),
    request: (method, path, sid, body) => jsonRequest(server.url, method, path, sid, body),
  };
}
