/**
 * The operator inbox (issue: back office II): the list, the lock (also across two instances on one
 * PostgreSQL), answers as the fictional profile that cost the member nothing and reach their chat,
 * unread counts and socket live, sites, the database's refusal of an unsigned fictional message, and
 * response times against a hand computation.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { conversationLocks, conversations, creditLedger, fictionalPersonas, messages } from '../src/db/schema.js';
import { createWaitingConversation } from './admin-authz/operators.js';
import { balanceAndLedger, connectRealtime, createChatMember, createGift, sendText } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createConversation } from './helpers/discovery-factories.js';
import { createMember, createProfile, createSite } from './helpers/factories.js';
import { postStaffMultipart } from './helpers/fictional-factories.js';
import { type Browser, startTestServer, type TestServer } from './helpers/server.js';
import { createStaff, loginStaff } from './helpers/staff.js';
import { jpegWithGps } from './helpers/uploads.js';

const OPEN = '/api/admin/inbox-open.php';
const ANSWER = '/api/admin/inbox-answer.php';

/** A fictional profile with a persona note. */
async function createFictional(db: TestServer['database']['db'], siteId: number, persona = 'Sailor from Zeeland') {
  const profile = await createProfile(db, siteId, {
    is_fictional: true,
    user_id: null,
    name: `Fictie${randomUUID().slice(0, 6)}`,
  });
  await db.insert(fictionalPersonas).values({ profile_id: profile.id, persona_note: persona });
  return profile;
}

async function ledgerRows(db: TestServer['database']['db'], userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.user_id, userId));
  return row?.n ?? 0;
}

describe.each(dbKinds())('operator inbox on %s', (kind) => {
  let server: TestServer;
  const clock = new ManualClock(new Date());
  let db: TestServer['database']['db'];
  let siteA: { id: number; domain: string };
  let siteB: { id: number; domain: string };
  let opA: Browser;
  let opA2: Browser;
  let moderator: Browser;
  let admin: Browser;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    db = server.database.db;
    siteA = await createSite(db, { is_default: true, message_length: 200 });
    siteB = await createSite(db);
    const now = clock.now();
    opA = await loginStaff(server.url, await createStaff(db, 'operator', [siteA.id]), now);
    opA2 = await loginStaff(server.url, await createStaff(db, 'operator', [siteA.id]), now);
    moderator = await loginStaff(server.url, await createStaff(db, 'moderator', [siteA.id]), now);
    admin = await loginStaff(server.url, await createStaff(db, 'admin', null), now);
  });
  afterAll(() => server?.close());

  it('lists waiting conversations longest-waiting first, with the lock holder and without e-mail or payments', async () => {
    const site = await createSite(db);
    const operator = await loginStaff(server.url, await createStaff(db, 'operator', [site.id]), clock.now());
    const first = await createWaitingConversation(db, site.id, { now: new Date(clock.now().getTime() - 600_000) });
    const second = await createWaitingConversation(db, site.id, { now: new Date(clock.now().getTime() - 60_000) });
    await createWaitingConversation(db, siteB.id);
    expect((await operator.post(OPEN, { id: second.conversationId })).status).toBe(200);

    const res = await operator.get(`/api/admin/inbox.php?site_id=${site.id}`);
    expect(res.status).toBe(200);
    const rows = res.json.conversations;
    expect(rows.map((r: { id: number }) => r.id)).toEqual([first.conversationId, second.conversationId]);
    expect(rows[0]).toMatchObject({
      site_id: site.id,
      member: { user_id: first.member.user.id, name: first.member.profile.name, age: 30, city: 'Amsterdam' },
      fictional: { profile_id: first.fictional.id },
      lock: null,
      last_message: { from_member: true, preview: 'Hallo, ben je er?' },
    });
    expect(rows[0].waiting_seconds).toBeGreaterThanOrEqual(600);
    expect(rows[1].lock).toMatchObject({ mine: true });
    // Operators never see e-mail addresses or payments.
    const text = JSON.stringify(res.json);
    expect(text).not.toContain(first.member.email);
    expect(text).not.toMatch(/"email"|payment|paid_user|credits"/);

    const opened = await operator.post(OPEN, { id: first.conversationId });
    expect(opened.status).toBe(200);
    expect(opened.json.fictional.persona_note).toBe('Loves sailing; never meets.');
    expect(JSON.stringify(opened.json)).not.toContain(first.member.email);
    expect(JSON.stringify(opened.json)).not.toMatch(/"email"|payment|paid_user/);
  });

  it('answers as the fictional profile: free for the member, in their chat, unread count and socket', async () => {
    const fictional = await createFictional(db, siteA.id);
    const member = await createChatMember(db, siteA.id, server.url, { credits: 100 });
    const sent = await sendText(member.browser, fictional.id, 'Hoi, zin in een praatje?');
    expect(sent.status).toBe(200);
    const conversationId = sent.json.conversation as number;
    const socket = await connectRealtime(server.url, member.browser);
    try {
      clock.advance(95);
      const before = await balanceAndLedger(db, member.user.id);
      const rowsBefore = await ledgerRows(db, member.user.id);

      const opened = await opA.post(OPEN, { id: conversationId });
      expect(opened.status).toBe(200);
      expect(opened.json.messages.map((m: { body: string }) => m.body)).toEqual(['Hoi, zin in een praatje?']);
      expect(opened.json.lock).toMatchObject({ mine: true });
      expect(opened.json.waiting_seconds).toBe(95);

      const clientId = randomUUID();
      const answer = await opA.post(ANSWER, {
        id: conversationId,
        client_id: clientId,
        text: '  Zeker! Waar woon je?  ',
      });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      expect(answer.json).toMatchObject({
        duplicate: false,
        message: {
          body: 'Zeker! Waar woon je?',
          from_member: false,
          credits_spent: 0,
          sender_profile_id: fictional.id,
        },
      });
      const messageId = answer.json.message.id as number;

      // Live on the member's socket, like any message.
      const event = await socket.waitFor((e) => e.type === 'message' && e.message.id === messageId);
      expect(event.message).toMatchObject({ sender: fictional.id, body: 'Zeker! Waar woon je?', credits_spent: 0 });

      // Nothing paid: balance and ledger unchanged, no ledger row.
      expect(await balanceAndLedger(db, member.user.id)).toEqual(before);
      expect(await ledgerRows(db, member.user.id)).toBe(rowsBefore);

      // In the member's chat list with one unread, and in the conversation.
      const chats = await member.browser.get('/api/chats.php');
      const entry = chats.json.find((c: { conversation: { id: number } }) => c.conversation.id === conversationId);
      expect(entry.num_unread_messages).toBe(1);
      expect(entry.conversation.last_message).toMatchObject({ id: messageId, sender: fictional.id });
      const chat = await member.browser.get(`/api/chat.php?conversation=${conversationId}`);
      expect(chat.json.messages.at(-1)).toMatchObject({ id: messageId, body: 'Zeker! Waar woon je?' });

      // Stored with the operator and the wait; the wait is over.
      const [stored] = await db.select().from(messages).where(eq(messages.id, messageId));
      expect(stored?.staff_id).not.toBeNull();
      expect(stored?.waited_seconds).toBe(95);
      const [conversation] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
      expect(conversation?.awaiting_reply_since).toBeNull();
      const waiting = await opA.get('/api/admin/inbox.php');
      expect(waiting.json.conversations.map((r: { id: number }) => r.id)).not.toContain(conversationId);
      const answered = await opA.get('/api/admin/inbox.php?tab=answered');
      expect(answered.json.conversations.map((r: { id: number }) => r.id)).toContain(conversationId);

      // A retry with the same client id sends nothing again.
      const retry = await opA.post(ANSWER, { id: conversationId, client_id: clientId, text: 'Zeker! Waar woon je?' });
      expect(retry.json).toMatchObject({ duplicate: true, message: { id: messageId } });
      const [n] = await db.select({ n: count() }).from(messages).where(eq(messages.conversation_id, conversationId));
      expect(n?.n).toBe(2);

      // A gift and a photo from the fictional profile cost the member nothing either.
      const gift = await createGift(db, siteA.id, 30);
      const gave = await opA.post(ANSWER, { id: conversationId, client_id: randomUUID(), kind: 'gift', gift: gift.id });
      expect(gave.status, JSON.stringify(gave.json)).toBe(200);
      expect(gave.json.message).toMatchObject({ kind: 'gift', credits_spent: 0, gift: { id: gift.id } });
      const photo = await postStaffMultipart(server.url, opA, '/api/admin/inbox-photo.php', {
        fields: { id: String(conversationId), client_id: randomUUID() },
        file: await jpegWithGps(320, 240),
      });
      expect(photo.status, JSON.stringify(photo.json)).toBe(200);
      expect(photo.json.message).toMatchObject({ kind: 'photo', credits_spent: 0 });
      expect(photo.json.message.photo_url).toMatch(/\.(jpe?g|webp|avif)$/);
      // A gift's name is in each reader's language: its event carries ids only (decision 019).
      const giftEvent = await socket.waitFor((e) => e.type === 'message' && e.message_id === gave.json.message.id);
      expect(giftEvent.message).toBeUndefined();
      // A photo's too (issue: explicit photos): its recipient sees it blurred until it is scored.
      const photoEvent = await socket.waitFor((e) => e.type === 'message' && e.message_id === photo.json.message.id);
      expect(photoEvent.message).toBeUndefined();
      expect(await balanceAndLedger(db, member.user.id)).toEqual(before);
      const after = await member.browser.get('/api/chats.php');
      const unread = after.json.find((c: { conversation: { id: number } }) => c.conversation.id === conversationId);
      expect(unread.num_unread_messages).toBe(3);

      // Bad input: too long for the site's message_length, an unknown gift.
      const long = await opA.post(ANSWER, { id: conversationId, client_id: randomUUID(), text: 'x'.repeat(201) });
      expect(long.status).toBe(400);
      expect(long.json.error).toBe('validation_failed');
      const noGift = await opA.post(ANSWER, {
        id: conversationId,
        client_id: randomUUID(),
        kind: 'gift',
        gift: 999999,
      });
      expect(noGift.status).toBe(400);
    } finally {
      socket.close();
    }
  });

  it('keeps a conversation to one operator until the lock expires or is released', async () => {
    const { conversationId } = await createWaitingConversation(db, siteA.id);
    expect((await opA.post(OPEN, { id: conversationId })).status).toBe(200);

    const refused = await opA2.post(OPEN, { id: conversationId });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: 'conflict', data: { reason: 'locked', locked_by: 'Test operator' } });
    expect(refused.json.message).toContain('Test operator');
    const sneak = await opA2.post(ANSWER, { id: conversationId, client_id: randomUUID(), text: 'Ik ook!' });
    expect(sneak.status).toBe(409);

    // The heartbeat keeps it; then the lock runs out without one.
    clock.advance(150);
    expect((await opA.post('/api/admin/inbox-heartbeat.php', { id: conversationId })).status).toBe(200);
    clock.advance(150);
    expect((await opA2.post(OPEN, { id: conversationId })).status).toBe(409);
    clock.advance(31);
    expect((await opA2.post(OPEN, { id: conversationId })).status).toBe(200);
    const late = await opA.post(ANSWER, { id: conversationId, client_id: randomUUID(), text: 'Te laat' });
    expect(late.status).toBe(409);
    expect(late.json.data.reason).toBe('locked');

    // Released on leave: the other operator may take it at once.
    expect((await opA2.post('/api/admin/inbox-release.php', { id: conversationId })).status).toBe(200);
    expect((await opA.post(OPEN, { id: conversationId })).status).toBe(200);
    await opA.post('/api/admin/inbox-release.php', { id: conversationId });
    // Answering after the release needs the lock again.
    const lost = await opA.post(ANSWER, { id: conversationId, client_id: randomUUID(), text: 'Hallo' });
    expect(lost.status).toBe(409);
    expect(lost.json.data.reason).toBe('lock_lost');
  });

  it('lets an operator of site A answer nothing of site B nor member-to-member chats; moderators get 403', async () => {
    const onB = await createWaitingConversation(db, siteB.id);
    expect((await opA.post(OPEN, { id: onB.conversationId })).status).toBe(404);
    const answer = await opA.post(ANSWER, { id: onB.conversationId, client_id: randomUUID(), text: 'Hoi' });
    expect(answer.status).toBe(404);
    expect((await opA.get(`/api/admin/inbox.php?site_id=${siteB.id}`)).status).toBe(404);
    const note = await opA.post('/api/admin/inbox-note.php', { id: onB.conversationId, text: 'Nee' });
    expect(note.status).toBe(404);

    const x = await createMember(db, siteA.id);
    const y = await createMember(db, siteA.id);
    const between = await createConversation(db, siteA.id, x.profile.id, y.profile.id);
    expect((await opA.post(OPEN, { id: between.id })).status).toBe(404);
    expect((await admin.post(OPEN, { id: between.id })).status).toBe(404);

    const onA = await createWaitingConversation(db, siteA.id);
    expect((await moderator.get('/api/admin/inbox.php')).status).toBe(403);
    expect((await moderator.post(OPEN, { id: onA.conversationId })).status).toBe(403);
    expect((await opA.get('/api/admin/response-times.php')).status).toBe(403);
  });

  it('lets an operator note something on the member', async () => {
    const { conversationId, member } = await createWaitingConversation(db, siteA.id);
    const res = await opA.post('/api/admin/inbox-note.php', { id: conversationId, text: 'Heeft een hond, Max.' });
    expect(res.status).toBe(200);
    const opened = await opA.post(OPEN, { id: conversationId });
    expect(opened.json.notes[0]).toMatchObject({ text: 'Heeft een hond, Max.', staff_name: 'Test operator' });
    const detail = await admin.get(`/api/admin/member.php?id=${member.user.id}`);
    expect(detail.json.notes[0].text).toBe('Heeft een hond, Max.');
  });

  it('refuses a message from a fictional profile without the operator who wrote it', async () => {
    const { conversationId, fictional } = await createWaitingConversation(db, siteA.id);
    await expect(
      db
        .insert(messages)
        .values({ conversation_id: conversationId, sender_profile_id: fictional.id, body: 'Automatisch' }),
    ).rejects.toThrow();
  });

  it('measures response times per operator and conversation as a hand computation does', async () => {
    const site = await createSite(db);
    const xRef = await createStaff(db, 'operator', [site.id]);
    const yRef = await createStaff(db, 'operator', [site.id]);
    const x = await loginStaff(server.url, xRef, clock.now());
    const y = await loginStaff(server.url, yRef, clock.now());
    const answerAfter = async (op: Browser, id: number, seconds: number) => {
      clock.advance(seconds);
      expect((await op.post(OPEN, { id })).status).toBe(200);
      expect((await op.post(ANSWER, { id, client_id: randomUUID(), text: 'Antwoord' })).status).toBe(200);
      await op.post('/api/admin/inbox-release.php', { id });
    };
    const c1 = await createWaitingConversation(db, site.id, { now: clock.now() });
    await answerAfter(x, c1.conversationId, 60); // X: 60 s, first answer of c1
    // The member writes again: the conversation waits from now.
    await db
      .update(conversations)
      .set({ awaiting_reply_since: clock.now() })
      .where(eq(conversations.id, c1.conversationId));
    await answerAfter(y, c1.conversationId, 300); // Y: 300 s
    const c2 = await createWaitingConversation(db, site.id, { now: clock.now() });
    await answerAfter(x, c2.conversationId, 30); // X: 30 s, first answer of c2
    const c3 = await createWaitingConversation(db, site.id, { now: clock.now() });
    await answerAfter(y, c3.conversationId, 120); // Y: 120 s, first answer of c3

    const res = await admin.get(`/api/admin/response-times.php?site_id=${site.id}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    // Waits 30, 60, 120, 300: median 90; p95 at rank 0.95 × 3 = 2.85 → 120 + 0.85 × 180 = 273.
    expect(res.json.totals).toMatchObject({ answers: 4, median_seconds: 90 });
    expect(res.json.totals.p95_seconds).toBeCloseTo(273, 6);
    const byStaff = Object.fromEntries(res.json.operators.map((o: { staff_id: number }) => [o.staff_id, o]));
    expect(byStaff[xRef.id]).toMatchObject({ answers: 2, first_answers: 2, median_seconds: 45 });
    expect(byStaff[xRef.id].p95_seconds).toBeCloseTo(58.5, 6); // 30 + 0.95 × 30
    expect(byStaff[yRef.id]).toMatchObject({ answers: 2, first_answers: 1, median_seconds: 210 });
    expect(byStaff[yRef.id].p95_seconds).toBeCloseTo(291, 6); // 120 + 0.95 × 180
    const byConversation = Object.fromEntries(res.json.conversations.map((c: { id: number }) => [c.id, c]));
    expect(byConversation[c1.conversationId]).toMatchObject({
      answers: 2,
      first_answer_seconds: 60,
      median_seconds: 180,
    });
    expect(byConversation[c1.conversationId].p95_seconds).toBeCloseTo(288, 6); // 60 + 0.95 × 240
    expect(byConversation[c2.conversationId]).toMatchObject({
      answers: 1,
      first_answer_seconds: 30,
      median_seconds: 30,
    });
    expect(byConversation[c3.conversationId]).toMatchObject({ answers: 1, first_answer_seconds: 120 });
    // Slowest first answer first.
    expect(res.json.conversations.map((c: { id: number }) => c.id)).toEqual([
      c3.conversationId,
      c1.conversationId,
      c2.conversationId,
    ]);
    // A period before the answers holds none of them.
    const empty = await admin.get(`/api/admin/response-times.php?site_id=${site.id}&from=2020-01-01&to=2020-01-31`);
    expect(empty.json.totals.answers).toBe(0);
  });
});

// Two app instances on one PostgreSQL database: the lock is a row, so it holds across them.
describe.skipIf(!process.env.TEST_DATABASE_URL)('operator lock across two server instances on PostgreSQL', () => {
  let first: TestServer;
  let second: { url: string; close(): Promise<void> };
  let siteId: number;
  let onFirst: Browser;
  let onSecond: Browser;

  beforeAll(async () => {
    first = await startTestServer('postgres');
    const pool = (first.database.db as unknown as { $client: { options: { connectionString: string } } }).$client;
    const database = await openDatabase({ url: pool.options.connectionString, dataDir: '' });
    const config = { ...loadConfig({ WEB_DIST: '/nonexistent', DATA_DIR: '/tmp/test-data' }), logLevel: 'silent' };
    const app = await buildApp(config, database.db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    second = {
      url: `http://127.0.0.1:${port}`,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
    const db = first.database.db;
    siteId = (await createSite(db, { is_default: true })).id;
    onFirst = await loginStaff(first.url, await createStaff(db, 'operator', [siteId]));
    onSecond = await loginStaff(second.url, await createStaff(db, 'operator', [siteId]));
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('refuses operator Y on instance 2 while X holds the lock on instance 1, until it expires', async () => {
    const db = first.database.db;
    const { conversationId } = await createWaitingConversation(db, siteId);
    expect((await onFirst.post(OPEN, { id: conversationId })).status).toBe(200);
    const refused = await onSecond.post(OPEN, { id: conversationId });
    expect(refused.status).toBe(409);
    expect(refused.json.data.reason).toBe('locked');

    await db
      .update(conversationLocks)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(conversationLocks.conversation_id, conversationId));
    expect((await onSecond.post(OPEN, { id: conversationId })).status).toBe(200);
    expect((await onFirst.post(ANSWER, { id: conversationId, client_id: randomUUID(), text: 'Hoi' })).status).toBe(409);
    expect((await onSecond.post(ANSWER, { id: conversationId, client_id: randomUUID(), text: 'Hoi' })).status).toBe(
      200,
    );
  });

  it('lets exactly one of two simultaneous opens win', async () => {
    const db = first.database.db;
    for (let round = 0; round < 5; round++) {
      const { conversationId } = await createWaitingConversation(db, siteId);
      const results = await Promise.all([
        onFirst.post(OPEN, { id: conversationId }),
        onSecond.post(OPEN, { id: conversationId }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const locks = await db
        .select()
        .from(conversationLocks)
        .where(eq(conversationLocks.conversation_id, conversationId));
      expect(locks).toHaveLength(1);
    }
  });

  it("delivers an answer given on instance 2 to the member's socket on instance 1", async () => {
    const db = first.database.db;
    const fictional = await createFictional(db, siteId);
    const member = await createChatMember(db, siteId, first.url, { credits: 50 });
    const sent = await sendText(member.browser, fictional.id, 'Iemand daar?');
    const conversationId = sent.json.conversation as number;
    const socket = await connectRealtime(first.url, member.browser);
    try {
      expect((await onSecond.post(OPEN, { id: conversationId })).status).toBe(200);
      const answer = await onSecond.post(ANSWER, { id: conversationId, client_id: randomUUID(), text: 'Ja hoor!' });
      expect(answer.status).toBe(200);
      const event = await socket.waitFor((e) => e.type === 'message' && e.message.id === answer.json.message.id);
      expect(event.message.body).toBe('Ja hoor!');
    } finally {
      socket.close();
    }
  });
});
