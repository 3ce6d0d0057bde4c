import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMembers, likes, matches } from '../src/db/schema.js';
import { dbKinds } from './helpers/database.js';
import { createBlock, createConversation, createLike, loginAs } from './helpers/discovery-factories.js';
import { createMember, createProfile, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

describe.each(dbKinds())('likes, matches and blocks on %s', (kind) => {
  let server: TestServer;
  let siteId: number;
  const db = () => server.database.db;
  const member = (gender: 'male' | 'female' = 'female') => createMember(db(), siteId, { profile: { gender } });

  beforeAll(async () => {
    server = await startTestServer(kind);
    siteId = (await createSite(db(), { is_default: true })).id;
  });
  afterAll(() => server.close());

  it('lists received likes new first, then newest, with every profile involved', async () => {
    const me = await member('male');
    const [old, seen, fresh, given] = [await member(), await member(), await member(), await member()];
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    await createLike(db(), siteId, old.profile.id, me.profile.id, { created_at: hoursAgo(5) });
    await createLike(db(), siteId, seen.profile.id, me.profile.id, { created_at: hoursAgo(1), is_new: false });
    await createLike(db(), siteId, fresh.profile.id, me.profile.id, { created_at: hoursAgo(2) });
    await createLike(db(), siteId, me.profile.id, given.profile.id);
    const b = await loginAs(server, me);
    const res = await b.get('/api/likes.php');
    expect(res.status).toBe(200);
    expect(res.json.liked_by).toEqual([
      { id: fresh.profile.id, like_new: true },
      { id: old.profile.id, like_new: true },
      { id: seen.profile.id, like_new: false },
    ]);
    expect(res.json.likes).toEqual([{ id: given.profile.id }]);
    expect(res.json.mutual).toEqual([]);
    expect(res.json.profiles.map((p: { id: number }) => p.id).sort()).toEqual(
      [old, seen, fresh, given].map((m) => m.profile.id).sort(),
    );
    expect((await new Browser(server.url).get('/api/likes.php')).status).toBe(403);
  });

  it('clears like_new when the liked member opens the liker (/likes/m/{id})', async () => {
    const me = await member('male');
    const liker = await member();
    await createLike(db(), siteId, liker.profile.id, me.profile.id);
    const b = await loginAs(server, me);
    const view = await b.get(`/api/profile.php?id=${liker.profile.id}`);
    expect(view.json).toMatchObject({ liked: false, liked_by: true, blocked: false });
    expect((await b.post('/api/likes-seen.php', { profile: liker.profile.id })).json).toEqual({ ok: true });
    expect((await b.get('/api/likes.php')).json.liked_by).toEqual([{ id: liker.profile.id, like_new: false }]);
  });

  it('makes a match for both when the like is mutual, and shows the dialog once to the other', async () => {
    const a = await member('male');
    const bMember = await member();
    const browserA = await loginAs(server, a);
    const browserB = await loginAs(server, bMember);
    expect((await browserA.post('/api/like.php', { profile: bMember.profile.id })).json).toEqual({
      liked: true,
      match: false,
    });
    expect((await browserA.post('/api/like.php', { profile: bMember.profile.id })).json).toEqual({
      liked: true,
      match: false,
    });
    expect((await browserB.post('/api/like.php', { profile: a.profile.id })).json).toEqual({
      liked: true,
      match: true,
    });
    // B learned of it in the answer; A sees the dialog on the next page.
    expect((await browserB.get('/api/matches.php?unseen=1')).json.matches).toEqual([]);
    const unseen = (await browserA.get('/api/matches.php?unseen=1')).json.matches;
    expect(unseen.map((m: { profile: { id: number } }) => m.profile.id)).toEqual([bMember.profile.id]);
    await browserA.post('/api/matches-seen.php', { profile: bMember.profile.id });
    expect((await browserA.get('/api/matches.php?unseen=1')).json.matches).toEqual([]);
    expect((await browserA.get('/api/matches.php')).json.matches).toHaveLength(1);
    expect((await browserA.get('/api/likes.php')).json.mutual).toEqual([{ id: bMember.profile.id }]);
    expect((await browserB.get('/api/likes.php')).json.mutual).toEqual([{ id: a.profile.id }]);
  });

  it('unlike removes the like and the match, not the other side', async () => {
    const a = await member('male');
    const bMember = await member();
    const browserA = await loginAs(server, a);
    await createLike(db(), siteId, bMember.profile.id, a.profile.id);
    expect((await browserA.post('/api/like.php', { profile: bMember.profile.id })).json.match).toBe(true);
    const res = await browserA.request('DELETE', '/api/like.php', { profile: bMember.profile.id });
    expect(res.json).toEqual({ ok: true });
    const left = await db().select().from(likes).where(eq(likes.liked_profile_id, a.profile.id));
    expect(left).toHaveLength(1);
    const m = await db()
      .select()
      .from(matches)
      .where(eq(matches.profile_a, Math.min(a.profile.id, bMember.profile.id)));
    expect(m).toHaveLength(0);
    expect((await browserA.get(`/api/profile.php?id=${bMember.profile.id}`)).json.liked).toBe(false);
  });

  it('refuses likes to own, unknown and blocked profiles', async () => {
    const a = await member('male');
    const blocker = await member();
    await createBlock(db(), blocker.profile.id, a.profile.id);
    const b = await loginAs(server, a);
    expect((await b.post('/api/like.php', { profile: a.profile.id })).status).toBe(404);
    expect((await b.post('/api/like.php', { profile: 99_999_999 })).status).toBe(404);
    expect((await b.post('/api/like.php', { profile: blocker.profile.id })).status).toBe(404);
    expect((await b.post('/api/like.php', { profile: a.profile.id }, { clientHeader: false })).status).toBe(403);
  });

  it('auto-like returns a real liker, else makes a like only from a fictional profile', async () => {
    const me = await member('male');
    const realWoman = await member();
    const b = await loginAs(server, me);
    // A real liker's own like is shown as it is.
    await createLike(db(), siteId, realWoman.profile.id, me.profile.id);
    expect((await b.get('/api/auto-like.php')).json).toMatchObject({ id: realWoman.profile.id, fictional: false });
    await b.post('/api/likes-seen.php', { profile: realWoman.profile.id });

    const fictional = await createProfile(db(), siteId, { is_fictional: true, gender: 'female', user_id: null });
    const res = await b.get('/api/auto-like.php');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: fictional.id, fictional: true });
    const made = await db().select().from(likes).where(eq(likes.liked_profile_id, me.profile.id));
    const auto = made.filter((l) => l.source === 'auto');
    expect(auto.map((l) => l.liker_profile_id)).toEqual([fictional.id]);
    // Never in a real member's name: every system-made like comes from a fictional profile.
    const all = await db().select().from(likes).where(eq(likes.source, 'auto'));
    const ids = all.map((l) => l.liker_profile_id);
    expect(ids).not.toContain(realWoman.profile.id);
  });

  it('auto-like makes nothing when no fictional profile fits', async () => {
    const woman = await member('female');
    await createMember(db(), siteId, { profile: { gender: 'male' } });
    const b = await loginAs(server, woman);
    expect((await b.get('/api/auto-like.php')).json).toBeNull();
    const made = await db().select().from(likes).where(eq(likes.liked_profile_id, woman.profile.id));
    expect(made).toHaveLength(0);
  });

  it('blocking removes likes and match, hides the conversation, and hides the blocker', async () => {
    const a = await member('male');
    const bMember = await member();
    await createLike(db(), siteId, a.profile.id, bMember.profile.id);
    await createLike(db(), siteId, bMember.profile.id, a.profile.id);
    const [pa, pb] = [a.profile.id, bMember.profile.id].sort((x, y) => x - y) as [number, number];
    await db().insert(matches).values({ site_id: siteId, profile_a: pa, profile_b: pb });
    const conversation = await createConversation(db(), siteId, pa, pb);
    const browserA = await loginAs(server, a);
    const browserB = await loginAs(server, bMember);

    expect((await browserA.post('/api/block.php', { profile: bMember.profile.id })).json).toEqual({ ok: true });
    const left = await db()
      .select()
      .from(likes)
      .where(and(eq(likes.site_id, siteId), eq(likes.liker_profile_id, bMember.profile.id)));
    expect(left).toHaveLength(0);
    expect(await db().select().from(matches).where(eq(matches.profile_a, pa))).toHaveLength(0);
    const sides = await db()
      .select()
      .from(conversationMembers)
      .where(eq(conversationMembers.conversation_id, conversation.id));
    expect(sides).toHaveLength(2);
    for (const side of sides) {
      expect(side.deleted_at).toBeInstanceOf(Date);
      expect(side.cleared_at).toBeInstanceOf(Date);
    }
    // The blocked member cannot view the blocker, nor like or find them; the blocker still can view (to unblock).
    expect((await browserB.get(`/api/profile.php?id=${a.profile.id}`)).status).toBe(404);
    expect((await browserB.post('/api/like.php', { profile: a.profile.id })).status).toBe(404);
    expect((await browserA.get(`/api/profile.php?id=${bMember.profile.id}`)).json.blocked).toBe(true);
    const search = (await browserB.get('/api/search.php?per_page=60')).json.results.map((r: { id: number }) => r.id);
    expect(search).not.toContain(a.profile.id);

    expect((await browserA.request('DELETE', '/api/block.php', { profile: bMember.profile.id })).json).toEqual({
      ok: true,
    });
    expect((await browserB.get(`/api/profile.php?id=${a.profile.id}`)).status).toBe(200);
  });

  it('suggests icebreakers in the member language, about shared interests', async () => {
    const me = await createMember(db(), siteId, {
      user: { language: 'en' },
      profile: { interests: ['cooking', 'wine'] },
    });
    const other = await createMember(db(), siteId, { profile: { name: 'Iris', interests: ['cooking', 'sex'] } });
    const b = await loginAs(server, me);
    const res = await b.get(`/api/icebreakers.php?profile=${other.profile.id}`);
    expect(res.status).toBe(200);
    expect(res.json.icebreakers[0]).toMatch(/cooking/i);
    expect(res.json.icebreakers.join(' ')).toContain('Iris');
    expect(res.json.icebreakers.join(' ')).not.toMatch(/\bsex\b/);
  });
});
