import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notification_settings, profiles, sessions, users } from '../src/db/schema.js';
import { dbKinds } from './helpers/database.js';
import { createConversation, createLike, loginAs } from './helpers/discovery-factories.js';
import { createMember, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

const ALL_ON = {
  mail: { message: true, like: true, match: true, digest: true },
  push: { message: true, like: true, match: true },
  mail_language: null,
  invisible: false,
  notifications_disabled: [],
};

describe.each(dbKinds())('notification settings and invisible mode on %s', (kind) => {
  let server: TestServer;
  let siteId: number;
  const db = () => server.database.db;
  const PATH = '/api/notification-settings.php';

  beforeAll(async () => {
    server = await startTestServer(kind);
    siteId = (await createSite(db(), { is_default: true })).id;
  });
  afterAll(() => server.close());

  /** A member of the default site, logged in. */
  async function member(opts: Parameters<typeof createMember>[2] = {}) {
    const m = await createMember(db(), siteId, opts);
    return { ...m, browser: await loginAs(server, m) };
  }

  /**
   * A real request of `m` that counts as activity: the session was last seen two minutes ago (the
   * server records activity at most once a minute), then the member loads their account.
   */
  async function beActive(m: { user: { id: number }; browser: Browser }) {
    await db()
      .update(sessions)
      .set({ last_seen_at: sql`now() - interval '2 minutes'` })
      .where(eq(sessions.user_id, m.user.id));
    expect((await m.browser.get('/api/user.php')).status).toBe(200);
  }

  it('answers all on for a member who never chose, and refuses visitors', async () => {
    const m = await member();
    const res = await m.browser.get(PATH);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(ALL_ON);
    expect(res.headers['cache-control']).toBe('no-store');

    const visitor = new Browser(server.url);
    expect((await visitor.get(PATH)).json.error).toBe('authentication_required');
    const put = await visitor.put(PATH, { mail: { like: false } });
    expect(put.status).toBe(403);
    expect(put.json.error).toBe('authentication_required');
  });

  it('changes only the kinds a PUT names, in one row per member', async () => {
    const m = await member();
    const first = await m.browser.put(PATH, { mail: { like: false } });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ ...ALL_ON, mail: { ...ALL_ON.mail, like: false } });

    const second = await m.browser.put(PATH, { push: { match: false, message: false } });
    expect(second.json.mail.like).toBe(false);
    expect(second.json.push).toEqual({ message: false, like: true, match: false });

    const third = await m.browser.put(PATH, { mail: { like: true, digest: false }, push: {} });
    expect(third.json.mail).toEqual({ message: true, like: true, match: true, digest: false });
    expect((await m.browser.get(PATH)).json).toEqual(third.json);

    const rows = await db().select().from(notification_settings).where(eq(notification_settings.user_id, m.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ mail_like: true, mail_digest: false, push_message: false, push_match: false });

    // An empty change is no change, and another member's settings stay untouched.
    expect((await m.browser.put(PATH, {})).json).toEqual(third.json);
    const other = await member();
    expect((await other.browser.get(PATH)).json).toEqual(ALL_ON);
  });

  it('turns mail back on with mail_enabled after a bounce, complaint or unsubscribe', async () => {
    const m = await member({ user: { notifications_disabled: ['bounce', 'complaint', 'unsubscribe'] } });
    expect((await m.browser.get(PATH)).json.notifications_disabled).toEqual(['bounce', 'complaint', 'unsubscribe']);
    expect((await m.browser.get('/api/user.php')).json.notifications_disabled).toHaveLength(3);

    // Changing a kind alone leaves mail off: only mail_enabled turns it back on.
    expect((await m.browser.put(PATH, { mail: { match: false } })).json.notifications_disabled).toHaveLength(3);
    const res = await m.browser.put(PATH, { mail_enabled: true });
    expect(res.status).toBe(200);
    expect(res.json.notifications_disabled).toEqual([]);
    expect(res.json.mail.match).toBe(false);
    expect((await m.browser.get('/api/user.php')).json.notifications_disabled).toEqual([]);
    const [row] = await db().select().from(users).where(eq(users.id, m.user.id));
    expect(row?.notifications_disabled).toEqual([]);

    // mail_enabled is a request to turn mail on, never off.
    const off = await m.browser.put(PATH, { mail_enabled: false });
    expect(off.status).toBe(400);
    expect(off.json.error).toBe('validation_failed');
  });

  it('takes a mail language of the site, null for the interface language, and refuses others in the member language', async () => {
    const twoLanguages = await createSite(db(), { domain: 'twee.test', languages: ['nl', 'en'] });
    const m = await createMember(db(), twoLanguages.id, { user: { language: 'en' } });
    const b = new Browser(server.url, 'twee.test');
    expect((await b.post('/api/user.php', { email: m.email, password: m.password })).status).toBe(200);

    const en = await b.put(PATH, { mail_language: 'en' });
    expect(en.status).toBe(200);
    expect(en.json.mail_language).toBe('en');

    const de = await b.put(PATH, { mail_language: 'de' });
    expect(de.status).toBe(400);
    expect(de.json.error).toBe('validation_failed');
    expect(de.json.message).toBe('Please check the information you entered.');
    expect(de.json.data.issues[0].path).toBe('/mail_language');

    for (const bad of ['xx', 'EN', '', 42]) {
      const res = await b.put(PATH, { mail_language: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.json.error).toBe('validation_failed');
    }
    // Nothing half-written: a refused PUT with a valid part changes nothing.
    const mixed = await b.put(PATH, { mail: { like: false }, mail_language: 'de' });
    expect(mixed.status).toBe(400);
    expect((await b.get(PATH)).json).toMatchObject({ mail_language: 'en', mail: { like: true } });

    expect((await b.put(PATH, { mail_language: null })).json.mail_language).toBeNull();
    // Unknown fields are refused, not ignored.
    expect((await b.put(PATH, { mail_languag: 'en' })).status).toBe(400);
  });

  it('keeps an invisible member out of search, swipe game and match finder and never shows them online', async () => {
    const viewer = await member({ profile: { gender: 'male', age: 44 } });
    const hidden = await member({ profile: { gender: 'female', age: 44, name: 'Onzichtbaar' } });
    const shown = await member({ profile: { gender: 'female', age: 45, name: 'Zichtbaar' } });
    for (const other of [hidden, shown]) {
      await createLike(db(), siteId, other.profile.id, viewer.profile.id);
      // The viewer likes back: a match.
      expect((await viewer.browser.post('/api/like.php', { profile: other.profile.id })).json.match).toBe(true);
      await createConversation(db(), siteId, viewer.profile.id, other.profile.id);
    }
    const search = async () => (await viewer.browser.get('/api/search.php?per_page=60')).json.results as Card[];
    await beActive(hidden);
    await beActive(shown);
    expect((await search()).find((c) => c.id === hidden.profile.id)?.online).toBe(true);

    const on = await hidden.browser.put(PATH, { invisible: true });
    expect(on.status).toBe(200);
    expect(on.json.invisible).toBe(true);
    // Offline to everyone at once, before any further request of theirs.
    expect((await viewer.browser.get(`/api/profile.php?id=${hidden.profile.id}`)).json.profile.online).toBe(false);

    // Active again while invisible: their account records it, their public presence does not.
    await beActive(hidden);
    await beActive(shown);
    const [account] = await db().select().from(users).where(eq(users.id, hidden.user.id));
    expect(Date.now() - (account?.last_active_at?.getTime() ?? 0)).toBeLessThan(60_000);
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, hidden.profile.id));
    expect(Date.now() - (profile?.last_active_at?.getTime() ?? 0)).toBeGreaterThan(300_000);

    const results = await search();
    expect(results.map((c) => c.id)).not.toContain(hidden.profile.id);
    expect(results.find((c) => c.id === shown.profile.id)?.online).toBe(true);

    const swiped: number[] = [];
    for (let i = 0; i < 200; i++) {
      const card = (await viewer.browser.get('/api/swipe-game.php')).json.card as Card | null;
      if (!card) break;
      swiped.push(card.id);
      expect((await viewer.browser.post('/api/swipe-game.php', { profile: card.id, action: 'pass' })).status).toBe(200);
    }
    expect(swiped).not.toContain(hidden.profile.id);

    const finder = await viewer.browser.put('/api/match-finder.php', {
      genders: ['female'],
      min_age: 40,
      max_age: 50,
      distance: null,
      interests: [],
    });
    expect(finder.status).toBe(200);
    const proposed = finder.json.results.map((r: { profile: Card }) => r.profile.id);
    expect(proposed).toContain(shown.profile.id);
    expect(proposed).not.toContain(hidden.profile.id);

    // Wherever the viewer already meets them, they show offline; the visible member shows online.
    const onlineIn = (cards: Card[]) => ({
      hidden: cards.find((c) => c.id === hidden.profile.id)?.online,
      shown: cards.find((c) => c.id === shown.profile.id)?.online,
    });
    const expected = { hidden: false, shown: true };
    const view = (await viewer.browser.get(`/api/profile.php?id=${hidden.profile.id}`)).json;
    expect(view.profile.online).toBe(false);
    const chats = (await viewer.browser.get('/api/chats.php')).json as { profile: Card }[];
    expect(onlineIn(chats.map((c) => c.profile))).toEqual(expected);
    const chat = (await viewer.browser.get(`/api/chat.php?profile=${hidden.profile.id}`)).json;
    expect(chat.profile.online).toBe(false);
    expect(onlineIn((await viewer.browser.get('/api/likes.php')).json.profiles)).toEqual(expected);
    const matches = (await viewer.browser.get('/api/matches.php')).json.matches as { profile: Card }[];
    expect(onlineIn(matches.map((m) => m.profile))).toEqual(expected);

    // The invisible member still uses the site normally.
    expect((await hidden.browser.get('/api/search.php')).status).toBe(200);
    expect((await hidden.browser.get('/api/chats.php')).json).toHaveLength(1);

    // Visible again: listed and online at once (their real last activity).
    expect((await hidden.browser.put(PATH, { invisible: false })).json.invisible).toBe(false);
    expect((await search()).find((c) => c.id === hidden.profile.id)?.online).toBe(true);
  });

  it('keeps every change of concurrent first PUTs (one upsert each)', async () => {
    const m = await member();
    const changes = [
      { mail: { message: false } },
      { mail: { like: false } },
      { mail: { digest: false } },
      { push: { like: false } },
      { push: { match: false } },
    ];
    const answers = await Promise.all(changes.map((body) => m.browser.put(PATH, body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await m.browser.get(PATH)).json).toMatchObject({
      mail: { message: false, like: false, match: true, digest: false },
      push: { message: true, like: false, match: false },
    });
  });
});

type Card = { id: number; online: boolean };
