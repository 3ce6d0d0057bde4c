/**
 * Safer conversations (docs/decisions/021-safer-conversations.md): the sender confirms contact
 * details, the recipient sees a safety note and reports in one tap, the decaying risk score, held
 * messages (not delivered, not charged), release and ban, the behavioural signals, and the back
 * office's Signals queue with its scoping and audit rows.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { auditLog, blocks, creditLedger, messages, reports, sites, users } from '../src/db/schema.js';
import { scanBehaviourSignals } from '../src/services/safety/scan-behaviour.js';
import { balanceAndLedger, connectRealtime, createChatMember } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createProfile, createSite } from './helpers/factories.js';
import type { Browser, TestServer } from './helpers/server.js';
import { startTestServer } from './helpers/server.js';
import { createStaff, loginStaff } from './helpers/staff.js';

const RELEASE = '/api/admin/signal-release.php';
const QUEUE = '/api/admin/signals.php';
const DETAIL = '/api/admin/signal-member.php';
const SETTINGS = '/api/admin/signal-settings.php';

describe.each(dbKinds())('safer conversations on %s', (kind) => {
  const clock = new ManualClock(new Date());
  let server: TestServer;
  let siteId: number;
  let otherSiteId: number;
  let moderator: Browser;
  let otherModerator: Browser;
  let support: Browser;
  let admin: Browser;
  const db = () => server.database.db;
  const member = (opts: Parameters<typeof createChatMember>[3] = {}) =>
    createChatMember(db(), siteId, server.url, { ...opts, user: { paid_user: true, ...opts.user } });
  const send = (browser: Browser, profile: number, text: string, confirmed?: boolean) =>
    browser.post('/api/message.php', { profile, text, client_id: randomUUID(), ...(confirmed && { confirmed }) });
  const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
  const messageRow = async (id: number) => (await db().select().from(messages).where(eq(messages.id, id)))[0]!;
  const setScore = (userId: number, score: number) =>
    db().update(users).set({ risk_score: score, risk_scored_at: clock.now() }).where(eq(users.id, userId));
  const fictional = () =>
    createProfile(db(), siteId, { is_fictional: true, user_id: null, name: `Fictie${randomUUID().slice(0, 6)}` });
  const auditRows = (action: string, memberUserId: number) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.member_user_id, memberUserId)));

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    siteId = (await createSite(db(), { is_default: true, message_credits: 10, message_length: 500 })).id;
    otherSiteId = (await createSite(db(), { domain: 'other-signals.test', name: 'Other' })).id;
    const now = clock.now();
    moderator = await loginStaff(server.url, await createStaff(db(), 'moderator', [siteId]), now);
    otherModerator = await loginStaff(server.url, await createStaff(db(), 'moderator', [otherSiteId]), now);
    support = await loginStaff(server.url, await createStaff(db(), 'support', [siteId]), now);
    admin = await loginStaff(server.url, await createStaff(db(), 'admin', null), now);
  });
  afterAll(() => server?.close());

  it('asks the sender to confirm contact details (409, nothing stored or charged), then sends when confirmed', async () => {
    const a = await member();
    const b = await member();
    const text = 'My address is jan.jansen@example.com, tonight?';
    const asked = await send(a.browser, b.profile.id, `  ${text} `);
    expect(asked.status).toBe(409);
    expect(asked.json.error).toBe('message_needs_confirmation');
    expect(asked.json.message).toContain('Stuur nooit geld');
    expect(asked.json.data.kinds).toEqual(['email']);
    const [span] = asked.json.data.signals;
    expect(text.slice(span.start, span.end)).toBe('jan.jansen@example.com');
    expect(await db().select().from(messages).where(eq(messages.sender_profile_id, a.profile.id))).toHaveLength(0);
    expect(await balanceAndLedger(db(), a.user.id)).toEqual({ credits: 100, ledger: 100 });

    const sent = await send(a.browser, b.profile.id, text, true);
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    expect(sent.json.credits).toBe(90);
    expect(sent.json.message.held).toBeUndefined();
    expect(sent.json.message.safety_signals).toBeUndefined();
    const row = await messageRow(sent.json.message.id);
    expect(row.signals).toEqual([{ kind: 'email', start: span.start, end: span.end }]);
    expect(row.held_at).toBeNull();
    // Contact details alone weigh little: the score rose by the e-mail's weight.
    expect((await userRow(a.user.id)).risk_score).toBe(1);
  });

  it('shows the recipient, never the sender, the safety note: in the conversation and on the socket', async () => {
    const a = await member();
    const b = await member();
    const bSocket = await connectRealtime(server.url, b.browser);
    const aSocket = await connectRealtime(server.url, a.browser);
    try {
      const off = await send(a.browser, b.profile.id, 'Add me on WhatsApp, it is easier', true);
      expect(off.status).toBe(200);
      // A money signal alone needs no confirmation, but is shown to the recipient.
      const money = await send(a.browser, b.profile.id, 'Could you buy me a steam gift card please?');
      expect(money.status, JSON.stringify(money.json)).toBe(200);

      const theirs = await b.browser.get(`/api/chat.php?profile=${a.profile.id}`);
      const byId = new Map(theirs.json.messages.map((m: { id: number }) => [m.id, m]));
      expect(byId.get(off.json.message.id)).toMatchObject({ safety_signals: ['messenger', 'off_site'] });
      expect(byId.get(money.json.message.id)).toMatchObject({ safety_signals: ['gift_card'] });
      const mine = await a.browser.get(`/api/chat.php?profile=${b.profile.id}`);
      for (const m of mine.json.messages) expect(m.safety_signals).toBeUndefined();

      const forB = await bSocket.waitFor((e) => e.type === 'message' && e.message_id === money.json.message.id);
      expect(forB.message.safety_signals).toEqual(['gift_card']);
      const forA = await aSocket.waitFor((e) => e.type === 'message' && e.message_id === money.json.message.id);
      expect(forA.message.safety_signals).toBeUndefined();
    } finally {
      bSocket.close();
      aSocket.close();
    }
  });

  it('takes a one-tap report with the signal preselected, and refuses a signal the message does not carry', async () => {
    const a = await member();
    const b = await member();
    const sent = await send(a.browser, b.profile.id, 'Write me on Telegram instead', true);
    expect(sent.status).toBe(200);
    const wrong = await b.browser.post('/api/report.php', {
      profile_id: a.profile.id,
      message_ids: [sent.json.message.id],
      reason: 'scam',
      signal: 'crypto',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.data).toMatchObject({ field: 'signal' });
    const res = await b.browser.post('/api/report.php', {
      profile_id: a.profile.id,
      message_ids: [sent.json.message.id],
      reason: 'scam',
      signal: 'messenger',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [row] = await db().select().from(reports).where(eq(reports.reported_profile_id, a.profile.id));
    expect(row).toMatchObject({ reason: 'scam', signal: 'messenger', message_id: sent.json.message.id });
    const queue = await moderator.get('/api/admin/reports.php');
    const listed = queue.json.reports.find((r: { id: number }) => r.id === row!.id);
    expect(listed).toMatchObject({ signal: 'messenger', reason: 'scam' });
  });

  it('accumulates the score per message and halves it every 7 days (moved clock)', async () => {
    const a = await member();
    const b = await member();
    expect((await send(a.browser, b.profile.id, 'Buy me a gift card and I will call you')).status).toBe(200);
    expect((await userRow(a.user.id)).risk_score).toBe(5);
    // The same kind twice in one message counts once.
    expect((await send(a.browser, b.profile.id, 'bitcoin or btc, both fine')).status).toBe(200);
    expect((await userRow(a.user.id)).risk_score).toBe(9);
    clock.advance(7 * 24 * 3600);
    try {
      expect((await send(a.browser, b.profile.id, 'Pay in crypto please')).status).toBe(200);
      expect((await userRow(a.user.id)).risk_score).toBeCloseTo(9 / 2 + 4, 6);
      clock.advance(7 * 24 * 3600);
      const later = await loginStaff(server.url, await createStaff(db(), 'moderator', [siteId]), clock.now());
      const detail = await later.get(`${DETAIL}?user_id=${a.user.id}`);
      expect(detail.status, JSON.stringify(detail.json)).toBe(200);
      expect(detail.json.member.risk_score).toBeCloseTo((9 / 2 + 4) / 2, 2);
      // A message without signals leaves the stored score as it is.
      expect((await send(a.browser, b.profile.id, 'Hoe was je weekend?')).status).toBe(200);
      expect((await userRow(a.user.id)).risk_score).toBeCloseTo(9 / 2 + 4, 6);
    } finally {
      clock.advance(-14 * 24 * 3600);
    }
  });

  it('holds a message above the threshold: no charge, no unread, no event for the recipient; marked for the sender', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    await setScore(a.user.id, 20);
    const bSocket = await connectRealtime(server.url, b.browser);
    try {
      const held = await send(a.browser, b.profile.id, 'Hello, how are you today?');
      expect(held.status, JSON.stringify(held.json)).toBe(200);
      expect(held.json.message).toMatchObject({ held: true, credits_spent: 0 });
      expect(held.json.credits).toBe(100);
      expect(await balanceAndLedger(db(), a.user.id)).toEqual({ credits: 100, ledger: 100 });
      const row = await messageRow(held.json.message.id);
      expect(row.held_at).not.toBeNull();
      expect(row.credits_spent).toBe(10);

      // The sender sees it in their chat, marked as being checked.
      const mine = await a.browser.get(`/api/chat.php?profile=${b.profile.id}`);
      expect(mine.json.messages).toEqual([expect.objectContaining({ id: held.json.message.id, held: true })]);
      // The recipient: no chat, no message, nothing unread.
      const chats = await b.browser.get('/api/chats.php');
      expect(chats.json.find((c: { profile: { id: number } }) => c.profile.id === a.profile.id)).toBeUndefined();
      const theirs = await b.browser.get(`/api/chat.php?profile=${a.profile.id}`);
      expect(theirs.json.messages).toEqual([]);
      // No event: a later message from someone else arrives, the held one never did.
      const later = await send(c.browser, b.profile.id, 'Hoi B!');
      await bSocket.waitFor((e) => e.type === 'message' && e.message_id === later.json.message.id);
      expect(bSocket.events.some((e) => e.message_id === held.json.message.id)).toBe(false);
      const notices = await db().execute(
        sql`select count(*)::int as n from jobs where kind in ('notify_push', 'notify_mail') and (payload->>'message')::bigint = ${held.json.message.id}`,
      );
      expect((notices as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);

      // A message to a fictional profile is never held (no member to protect); it is paid as usual.
      const toFictional = await send(a.browser, (await fictional()).id, 'Hello there, lovely profile');
      expect(toFictional.json.message.held).toBeUndefined();
      expect(toFictional.json.credits).toBe(90);
    } finally {
      bSocket.close();
    }
  });

  it('releases a held message once: charged, delivered with unread and event, audited; a second release is 409', async () => {
    const a = await member();
    const b = await member();
    await setScore(a.user.id, 20);
    const held = await send(a.browser, b.profile.id, 'Are you free this weekend?');
    const id = held.json.message.id as number;
    const bSocket = await connectRealtime(server.url, b.browser);
    try {
      const res = await moderator.post(RELEASE, { user_id: a.user.id, message_ids: [id] });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json).toMatchObject({ released: [id], charged: 10, credits: 90 });
      const event = await bSocket.waitFor((e) => e.type === 'message' && e.message_id === id);
      expect(event.message.held).toBeUndefined();
    } finally {
      bSocket.close();
    }
    expect(await balanceAndLedger(db(), a.user.id)).toEqual({ credits: 90, ledger: 90 });
    const ledger = await db()
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.reference, `message:${id}`));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: -10, balance_after: 90, reason: 'message' });
    const chats = await b.browser.get('/api/chats.php');
    const entry = chats.json.find((c: { profile: { id: number } }) => c.profile.id === a.profile.id);
    expect(entry).toMatchObject({ num_unread_messages: 1, conversation: { last_message: { id } } });
    expect((await a.browser.get(`/api/chat.php?profile=${b.profile.id}`)).json.messages[0].held).toBeUndefined();

    const again = await moderator.post(RELEASE, { user_id: a.user.id, message_ids: [id] });
    expect(again.status).toBe(409);
    expect(await balanceAndLedger(db(), a.user.id)).toEqual({ credits: 90, ledger: 90 });
    const audit = await auditRows('signals.release', a.user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ released: [id], charged: 10 });
  });

  it('refuses a release the sender can no longer pay (402, still held) and releases all with reset_score', async () => {
    const a = await member({ credits: 20 });
    const b = await member();
    const c = await member();
    await setScore(a.user.id, 20);
    const first = await send(a.browser, b.profile.id, 'First message to B');
    const second = await send(a.browser, c.profile.id, 'First message to C');
    expect([first.json.message.held, second.json.message.held]).toEqual([true, true]);
    // Spent meanwhile on a fictional profile (never held).
    expect((await send(a.browser, (await fictional()).id, 'Hi there')).json.credits).toBe(10);
    const refused = await moderator.post(RELEASE, { user_id: a.user.id });
    expect(refused.status).toBe(402);
    expect(refused.json).toMatchObject({ error: 'not_enough_credits', data: { cost: 20, credits: 10 } });
    expect((await messageRow(first.json.message.id)).held_at).not.toBeNull();

    const one = await moderator.post(RELEASE, { user_id: a.user.id, reset_score: true });
    expect(one.status).toBe(402);
    const released = await moderator.post(RELEASE, {
      user_id: a.user.id,
      message_ids: [second.json.message.id],
      reset_score: true,
    });
    expect(released.status, JSON.stringify(released.json)).toBe(200);
    expect(released.json).toMatchObject({ released: [second.json.message.id], credits: 0, risk_score: 0 });
    expect(await balanceAndLedger(db(), a.user.id)).toEqual({ credits: 0, ledger: 0 });
  });

  it('drops instead of delivering a held message whose recipient blocked the sender since, never charged', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    await setScore(a.user.id, 20);
    const toB = await send(a.browser, b.profile.id, 'Hello B, nice profile');
    const toC = await send(a.browser, c.profile.id, 'Hello C, nice profile');
    await db().insert(blocks).values({ blocker_profile_id: c.profile.id, blocked_profile_id: a.profile.id });
    const res = await moderator.post(RELEASE, { user_id: a.user.id });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      released: [toB.json.message.id],
      dropped: [toC.json.message.id],
      charged: 10,
      credits: 90,
    });
    expect((await messageRow(toC.json.message.id)).dropped_at).not.toBeNull();
    expect(await balanceAndLedger(db(), a.user.id)).toEqual({ credits: 90, ledger: 90 });
  });

  it('drops held messages on a ban: never charged, never delivered, shown as dropped to staff', async () => {
    const a = await member();
    const b = await member();
    await setScore(a.user.id, 20);
    const held = await send(a.browser, b.profile.id, 'Send me money via western union');
    const ban = await moderator.post('/api/admin/sanctions.php', { user_id: a.user.id, kind: 'ban', reason: 'scam' });
    expect(ban.status, JSON.stringify(ban.json)).toBe(200);
    const row = await messageRow(held.json.message.id);
    expect(row.dropped_at).not.toBeNull();
    expect(await balanceAndLedger(db(), a.user.id)).toEqual({ credits: 100, ledger: 100 });
    expect((await b.browser.get(`/api/chat.php?profile=${a.profile.id}`)).json.messages).toEqual([]);
    const [audit] = await auditRows('sanction.apply', a.user.id);
    expect(audit!.after).toMatchObject({ dropped_held_messages: [held.json.message.id] });
    const detail = await moderator.get(`${DETAIL}?user_id=${a.user.id}`);
    expect(detail.json.messages[0]).toMatchObject({ id: held.json.message.id, state: 'dropped', credits: 10 });
    expect((await moderator.post(RELEASE, { user_id: a.user.id })).status).toBe(409);
  });

  it('never scores fictional profiles or operators, but scores a member writing to a fictional profile', async () => {
    const fake = await fictional();
    const a = await member();
    const sent = await send(a.browser, fake.id, 'Buy me a gift card and send the code');
    expect(sent.status).toBe(200);
    expect((await userRow(a.user.id)).risk_score).toBe(5);
    expect((await messageRow(sent.json.message.id)).signals).toEqual([expect.objectContaining({ kind: 'gift_card' })]);

    const operator = await loginStaff(server.url, await createStaff(db(), 'operator', [siteId]), clock.now());
    const conversation = sent.json.conversation as number;
    expect((await operator.post('/api/admin/inbox-open.php', { id: conversation })).status).toBe(200);
    const answer = await operator.post('/api/admin/inbox-answer.php', {
      id: conversation,
      client_id: randomUUID(),
      text: 'Add me on WhatsApp, a gift card is fine https://example.com',
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const answered = await messageRow(answer.json.message.id);
    expect(answered.signals).toBeNull();
    expect(answered.held_at).toBeNull();
    expect((await userRow(a.user.id)).risk_score).toBe(5);
    // The operator's answer is no member's behaviour either.
    await scanBehaviourSignals({ db: db(), clock });
    expect((await messageRow(answer.json.message.id)).signals).toBeNull();
  });

  it('records repeated texts to many members and new accounts writing to many, once per window', async () => {
    const old = new Date(clock.now().getTime() - 3 * 24 * 3600_000);
    const spammer = await member({ user: { signup_date: old } });
    const fresh = await member();
    const veteran = await member({ user: { signup_date: old } });
    const targets = await Promise.all(Array.from({ length: 5 }, () => createMember(db(), siteId)));
    const pitch = (n: number) => `Hello dear ${n}, you look so beautiful, I would love to know you better`;
    for (const [i, t] of targets.slice(0, 3).entries()) {
      expect((await send(spammer.browser, t.profile.id, pitch(i))).status).toBe(200);
    }
    const distinct = [
      'Do you like hiking in the mountains?',
      'What music are you listening to lately?',
      'I saw your photo at the beach, where was that?',
      'Are you more of a cat person or a dog person?',
      'Which city would you move to tomorrow?',
    ];
    for (const [i, t] of targets.entries()) {
      expect((await send(fresh.browser, t.profile.id, distinct[i]!)).status).toBe(200);
      expect((await send(veteran.browser, t.profile.id, `${distinct[4 - i]} (${i})`)).status).toBe(200);
    }
    clock.advance(60);
    const found = await scanBehaviourSignals({ db: db(), clock });
    expect(found.repeatedText).toEqual([spammer.user.id]);
    expect(found.massContact).toEqual([fresh.user.id]);
    expect((await userRow(spammer.user.id)).risk_score).toBe(3);
    expect((await userRow(fresh.user.id)).risk_score).toBe(3);
    expect((await userRow(veteran.user.id)).risk_score).toBe(0);
    const flagged = await db()
      .select({ id: messages.id, signals: messages.signals })
      .from(messages)
      .where(eq(messages.sender_profile_id, spammer.profile.id));
    const newest = flagged.sort((x, y) => y.id - x.id)[0]!;
    expect(newest.signals).toEqual([{ kind: 'repeated_text' }]);
    // Once per window: the next scan records nothing new.
    const again = await scanBehaviourSignals({ db: db(), clock });
    expect(again).toEqual({ repeatedText: [], massContact: [] });
    clock.advance(3600);
  });

  it('lists the Signals queue by score per site; another site or role cannot see or act; the threshold is audited', async () => {
    const low = await member();
    const high = await member();
    const b = await member();
    await setScore(low.user.id, 4);
    await setScore(high.user.id, 30);
    const held = await send(high.browser, b.profile.id, 'Just a normal hello');
    expect(held.json.message.held).toBe(true);

    const queue = await moderator.get(`${QUEUE}?site_id=${siteId}`);
    expect(queue.status, JSON.stringify(queue.json)).toBe(200);
    const ids = queue.json.members.map((m: { user_id: number }) => m.user_id);
    expect(ids.indexOf(high.user.id)).toBeLessThan(ids.indexOf(low.user.id));
    const scores = queue.json.members.map((m: { risk_score: number }) => m.risk_score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    expect(queue.json.members.find((m: { user_id: number }) => m.user_id === high.user.id)).toMatchObject({
      held_count: 1,
      risk_hold_threshold: 10,
    });
    expect(queue.json.total_held).toBeGreaterThanOrEqual(1);
    const detail = await moderator.get(`${DETAIL}?user_id=${high.user.id}`);
    expect(detail.json.messages[0]).toMatchObject({
      id: held.json.message.id,
      state: 'held',
      recipient: { profile_id: b.profile.id, fictional: false },
    });
    expect(await auditRows('signals.view', high.user.id)).toHaveLength(1);

    // A moderator of another site: nothing listed, 404 for the member and the actions.
    const other = await otherModerator.get(QUEUE);
    expect(other.json.members.map((m: { user_id: number }) => m.user_id)).not.toContain(high.user.id);
    expect((await otherModerator.get(`${QUEUE}?site_id=${siteId}`)).status).toBe(404);
    expect((await otherModerator.get(`${DETAIL}?user_id=${high.user.id}`)).status).toBe(404);
    expect((await otherModerator.post(RELEASE, { user_id: high.user.id })).status).toBe(404);
    const ban = await otherModerator.post('/api/admin/sanctions.php', {
      user_id: high.user.id,
      kind: 'ban',
      reason: 'scam',
    });
    expect(ban.status).toBe(404);
    expect((await messageRow(held.json.message.id)).held_at).not.toBeNull();
    // Support never moderates.
    expect((await support.get(QUEUE)).status).toBe(403);

    // The threshold: moderators read, admins set (audited); the next send follows it.
    const settings = await moderator.get(SETTINGS);
    expect(settings.json).toEqual([expect.objectContaining({ site_id: siteId, risk_hold_threshold: 10 })]);
    expect((await moderator.put(SETTINGS, { site_id: siteId, risk_hold_threshold: 50 })).status).toBe(403);
    const set = await admin.put(SETTINGS, { site_id: siteId, risk_hold_threshold: 50 });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(set.json.risk_hold_threshold).toBe(50);
    const [site] = await db().select().from(sites).where(eq(sites.id, siteId));
    expect(site!.risk_hold_threshold).toBe(50);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'site.signal_settings'));
    expect(entry).toMatchObject({ before: { risk_hold_threshold: 10 }, after: { risk_hold_threshold: 50 } });
    const delivered = await send(high.browser, b.profile.id, 'Another normal hello');
    expect(delivered.json.message.held).toBeUndefined();
    await admin.put(SETTINGS, { site_id: siteId, risk_hold_threshold: 10 });
  });
});
