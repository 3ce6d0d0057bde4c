import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, creditLedger, messages, users } from '../src/db/schema.js';
import { balanceAndLedger, createChatMember, createGift, sendText } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createProfile, createSite } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/server.js';

describe.each(dbKinds())('chat: sending and paying on %s', (kind) => {
  let server: TestServer;
  let siteId: number;
  const db = () => server.database.db;
  const member = (opts: Parameters<typeof createChatMember>[3] = {}) =>
    createChatMember(db(), siteId, server.url, opts);

  beforeAll(async () => {
    server = await startTestServer(kind);
    siteId = (
      await createSite(db(), {
        is_default: true,
        message_credits: 10,
        photo_credits: 15,
        message_length: 200,
        minimum_message_costs: [{ country: 'DE', costs: 12, currency: 'EUR' }],
      })
    ).id;
  });
  afterAll(() => server?.close());

  it('debits the message price with one ledger row per message (balance = sum of the ledger)', async () => {
    const a = await member({ credits: 35, user: { paid_user: true } });
    const b = await member();
    const first = await sendText(a.browser, b.profile.id, '  Hoi!  ');
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.credits).toBe(25);
    expect(first.json.message).toMatchObject({ kind: 'text', body: 'Hoi!', sender: a.profile.id, credits_spent: 10 });
    const gift = await createGift(db(), siteId, 20);
    const second = await a.browser.post('/api/message.php', {
      profile: b.profile.id,
      kind: 'gift',
      gift: gift.id,
      client_id: randomUUID(),
    });
    expect(second.status).toBe(200);
    expect(second.json.message.gift).toMatchObject({ id: gift.id, name: 'Roos' });
    expect(second.json.credits).toBe(5);
    const ledger = await db().select().from(creditLedger).where(eq(creditLedger.user_id, a.user.id));
    expect(ledger.map((r) => [r.reason, r.delta, r.balance_after, r.reference])).toEqual([
      ['test_grant', 35, 35, null],
      ['message', -10, 25, `message:${first.json.message.id}`],
      ['gift', -20, 5, `message:${second.json.message.id}`],
    ]);
    expect(await balanceAndLedger(db(), a.user.id)).toEqual({ credits: 5, ledger: 5 });
  });

  it('refuses a send without enough credits with 402 not_enough_credits, storing nothing', async () => {
    const a = await member({ credits: 9 });
    const b = await member();
    const res = await sendText(a.browser, b.profile.id, 'Hallo');
    expect(res.status).toBe(402);
    expect(res.json).toMatchObject({ error: 'not_enough_credits', message: 'Je hebt niet genoeg credits.' });
    expect(res.json.data).toMatchObject({ cost: 10 });
    const stored = await db().select().from(messages).where(eq(messages.sender_profile_id, a.profile.id));
    expect(stored).toHaveLength(0);
    expect(await balanceAndLedger(db(), a.user.id)).toEqual({ credits: 9, ledger: 9 });
  });

  it('lets exactly one of 10 concurrent sends spend credits that cover one message', async () => {
    const a = await member({ credits: 10, user: { paid_user: true } });
    const b = await member();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => sendText(a.browser, b.profile.id, `Bericht ${i}`)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 402)).toHaveLength(9);
    const stored = await db().select().from(messages).where(eq(messages.sender_profile_id, a.profile.id));
    expect(stored).toHaveLength(1);
    expect(await balanceAndLedger(db(), a.user.id)).toEqual({ credits: 0, ledger: 0 });
  });

  it('stores and pays a retried send with the same client_id once, also when both arrive at once', async () => {
    const a = await member({ credits: 100 });
    const b = await member();
    const clientId = randomUUID();
    const first = await sendText(a.browser, b.profile.id, 'Eén keer', clientId);
    const again = await sendText(a.browser, b.profile.id, 'Eén keer', clientId);
    expect(again.status).toBe(200);
    expect(again.json.message.id).toBe(first.json.message.id);
    const racing = randomUUID();
    const both = await Promise.all([1, 2, 3].map(() => sendText(a.browser, b.profile.id, 'Tegelijk', racing)));
    expect(both.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(both.map((r) => r.json.message.id)).size).toBe(1);
    const stored = await db().select().from(messages).where(eq(messages.sender_profile_id, a.profile.id));
    expect(stored).toHaveLength(2);
    expect(await balanceAndLedger(db(), a.user.id)).toEqual({ credits: 80, ledger: 80 });
  });

  it('charges at least the minimum message cost of the sender country', async () => {
    const german = await member({ credits: 50, profile: { country: 'DE', region: 'DE-BE' } });
    const dutch = await member({ credits: 50 });
    const target = await member();
    const de = await sendText(german.browser, target.profile.id, 'Hallo');
    const nl = await sendText(dutch.browser, target.profile.id, 'Hallo');
    expect(de.json.message.credits_spent).toBe(12);
    expect(nl.json.message.credits_spent).toBe(10);
    const view = await german.browser.get(`/api/chat.php?profile=${target.profile.id}`);
    expect(view.json.costs).toEqual({ message: 12, photo: 15 });
  });

  it('refuses empty and too long texts', async () => {
    const a = await member();
    const b = await member();
    expect((await sendText(a.browser, b.profile.id, '   ')).status).toBe(400);
    expect((await sendText(a.browser, b.profile.id, 'x'.repeat(201))).status).toBe(400);
    expect((await sendText(a.browser, b.profile.id, 'x'.repeat(200))).status).toBe(200);
  });

  it('limits a free member to 2 conversations with premium_required; replies and paid members are not limited', async () => {
    const free = await member({ credits: 100 });
    const [p1, p2, p3] = [await member(), await member(), await member()];
    expect((await sendText(free.browser, p1.profile.id, 'Eén')).status).toBe(200);
    expect((await sendText(free.browser, p2.profile.id, 'Twee')).status).toBe(200);
    const third = await sendText(free.browser, p3.profile.id, 'Drie');
    expect(third.status).toBe(403);
    expect(third.json).toMatchObject({ error: 'premium_required', data: { reason: 'conversation_limit' } });
    expect((await sendText(free.browser, p1.profile.id, 'Nog een')).status).toBe(200);
    expect(await balanceAndLedger(db(), free.user.id)).toEqual({ credits: 70, ledger: 70 });
    const paid = await member({ credits: 100, user: { paid_user: true } });
    for (const p of [p1, p2, p3]) expect((await sendText(paid.browser, p.profile.id, 'Hoi')).status).toBe(200);
  });

  it('holds the free limit when first messages to six members arrive at once', async () => {
    const free = await member({ credits: 100 });
    const others = await Promise.all(Array.from({ length: 6 }, () => member()));
    const results = await Promise.all(others.map((o, i) => sendText(free.browser, o.profile.id, `Hoi ${i}`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 403)).toHaveLength(4);
    expect(await balanceAndLedger(db(), free.user.id)).toEqual({ credits: 80, ledger: 80 });
  });

  it('makes one conversation when two members write each other first at the same moment', async () => {
    const a = await member({ credits: 50 });
    const b = await member({ credits: 50 });
    const [ab, ba] = await Promise.all([
      sendText(a.browser, b.profile.id, 'Hoi B'),
      sendText(b.browser, a.profile.id, 'Hoi A'),
    ]);
    expect([ab.status, ba.status]).toEqual([200, 200]);
    expect(ab.json.message.conversation).toBe(ba.json.message.conversation);
    const listA = await a.browser.get('/api/chats.php');
    expect(listA.json).toHaveLength(1);
    expect(listA.json[0].num_unread_messages).toBe(1);
  });

  it('lets a not-confirmed member write, but the other side can only reply after confirmation', async () => {
    const unconfirmed = await member({ user: { status: 'not_confirmed' }, profile: { status: 'disabled' } });
    const other = await member();
    expect((await sendText(unconfirmed.browser, other.profile.id, 'Hoi')).status).toBe(200);
    const reply = await sendText(other.browser, unconfirmed.profile.id, 'Hoi terug');
    expect(reply.status).toBe(403);
    expect(reply.json.error).toBe('recipient_not_confirmed');
    const view = await other.browser.get(`/api/chat.php?profile=${unconfirmed.profile.id}`);
    expect(view.json.refusal).toBe('recipient_not_confirmed');
    await db().update(users).set({ status: 'confirmed' }).where(eq(users.id, unconfirmed.user.id));
    expect((await sendText(other.browser, unconfirmed.profile.id, 'Hoi terug')).status).toBe(200);
  });

  it('refuses sends between blocked members either way with 403 blocked, without paying', async () => {
    const a = await member({ credits: 50 });
    const b = await member({ credits: 50 });
    await db().insert(blocks).values({ blocker_profile_id: b.profile.id, blocked_profile_id: a.profile.id });
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const res = await sendText(from.browser, to.profile.id, 'Hallo');
      expect(res.status).toBe(403);
      expect(res.json.error).toBe('blocked');
    }
    expect(await balanceAndLedger(db(), a.user.id)).toEqual({ credits: 50, ledger: 50 });
    await db()
      .delete(blocks)
      .where(and(eq(blocks.blocker_profile_id, b.profile.id), eq(blocks.blocked_profile_id, a.profile.id)));
  });

  it('sends to fictional profiles at the same price and never answers automatically', async () => {
    const a = await member({ credits: 50 });
    const fictional = await createProfile(db(), siteId, { is_fictional: true, name: 'Fictief' });
    const res = await sendText(a.browser, fictional.id, 'Hoi');
    expect(res.status).toBe(200);
    expect(res.json.message.credits_spent).toBe(10);
    await new Promise((r) => setTimeout(r, 200));
    const view = await a.browser.get(`/api/chat.php?conversation=${res.json.conversation}`);
    expect(view.json.profile).toMatchObject({ id: fictional.id, fictional: true });
    expect(view.json.messages).toHaveLength(1);
  });
});
