import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { users } from '../src/db/schema.js';
import { localDay } from '../src/services/discovery/swipe-game.js';
import { dbKinds } from './helpers/database.js';
import { loginAs } from './helpers/discovery-factories.js';
import { createMember, createProfile, createSite } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/server.js';

describe('localDay', () => {
  it('is the calendar date in the member time zone', () => {
    const at = new Date('2030-03-10T03:30:00Z'); // 04:30 in Amsterdam, 23:30 the day before in New York
    expect(localDay(at, 'Europe/Amsterdam')).toBe('2030-03-10');
    expect(localDay(at, 'America/New_York')).toBe('2030-03-09');
    expect(localDay(at, 'Not/AZone')).toBe('2030-03-10');
  });
});

describe.each(dbKinds())('swipe game and match finder on %s', (kind) => {
  let server: TestServer;
  let siteId: number;
  const clock = new ManualClock(new Date('2030-03-10T12:00:00Z'));
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    siteId = (await createSite(db(), { is_default: true })).id;
    for (let i = 0; i < 12; i++) {
      await createProfile(db(), siteId, {
        gender: 'female',
        age: 25 + i,
        interests: i % 2 ? ['wine', 'music'] : ['gym'],
      });
    }
    await createProfile(db(), siteId, { gender: 'male', name: 'Not Sought' });
  });
  afterAll(() => server.close());

  /** Plays `n` swipes of `action`; returns the answers. */
  async function play(b: Awaited<ReturnType<typeof loginAs>>, n: number, action: 'like' | 'pass') {
    const seen: number[] = [];
    const answers = [];
    for (let i = 0; i < n; i++) {
      const state = (await b.get('/api/swipe-game.php')).json;
      if (!state.card) break;
      seen.push(state.card.id);
      answers.push(await b.post('/api/swipe-game.php', { profile: state.card.id, action }));
    }
    return { seen, answers };
  }

  it('gives a free member 4 likes a day, never shows a profile twice a day, and resets at local midnight', async () => {
    clock.set(new Date('2030-03-10T12:00:00Z'));
    const nyc = await createMember(db(), siteId, {
      user: { timezone: 'America/New_York' },
      profile: { gender: 'male' },
    });
    const b = await loginAs(server, nyc);
    const start = (await b.get('/api/swipe-game.php')).json;
    expect(start).toMatchObject({ likes_left: 4, day: '2030-03-10' });
    expect(start.card.gender).toBe('female');

    const { seen, answers } = await play(b, 4, 'like');
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.at(-1)?.json.likes_left).toBe(0);
    const passed = await play(b, 3, 'pass');
    const allSeen = [...seen, ...passed.seen];
    expect(new Set(allSeen).size).toBe(allSeen.length);

    const next = (await b.get('/api/swipe-game.php')).json.card;
    const refused = await b.post('/api/swipe-game.php', { profile: next.id, action: 'like' });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({
      error: 'premium_required',
      data: { reason: 'swipe_likes_per_day', limit: 4 },
    });

    // 04:59 UTC on the 11th is still 23:59 on the 10th in New York: no new likes yet.
    clock.set(new Date('2030-03-11T03:59:00Z'));
    expect((await b.get('/api/swipe-game.php')).json).toMatchObject({ likes_left: 0, day: '2030-03-10' });
    clock.set(new Date('2030-03-11T04:01:00Z'));
    const tomorrow = (await b.get('/api/swipe-game.php')).json;
    expect(tomorrow).toMatchObject({ likes_left: 4, day: '2030-03-11' });
    // Passed profiles may come back on a new day; liked ones never do.
    expect(seen).not.toContain(tomorrow.card.id);
  });

  it('resets in Amsterdam at Amsterdam midnight', async () => {
    clock.set(new Date('2030-03-10T20:00:00Z'));
    const ams = await createMember(db(), siteId, { profile: { gender: 'male' } });
    const b = await loginAs(server, ams);
    await play(b, 4, 'like');
    expect((await b.get('/api/swipe-game.php')).json.likes_left).toBe(0);
    clock.set(new Date('2030-03-10T23:01:00Z')); // 00:01 on the 11th in Amsterdam
    expect((await b.get('/api/swipe-game.php')).json).toMatchObject({ likes_left: 4, day: '2030-03-11' });
  });

  it('lets premium members like without limit', async () => {
    clock.set(new Date('2030-03-12T12:00:00Z'));
    const premium = await createMember(db(), siteId, { user: { paid_user: true }, profile: { gender: 'male' } });
    const b = await loginAs(server, premium);
    const { answers } = await play(b, 6, 'like');
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.at(-1)?.json.likes_left).toBeNull();
  });

  it('ranks match-finder proposals and saves the preferences', async () => {
    const me = await createMember(db(), siteId, { profile: { gender: 'male', age: 30, interests: ['wine'] } });
    const b = await loginAs(server, me);
    const first = (await b.get('/api/match-finder.php')).json;
    expect(first.saved).toBe(false);
    expect(first.preferences.genders).toEqual(['female']);
    const prefs = { genders: ['female'], min_age: 25, max_age: 36, distance: null, interests: ['wine', 'music'] };
    const res = await b.put('/api/match-finder.php', prefs);
    expect(res.status).toBe(200);
    expect(res.json.saved).toBe(true);
    const scores = res.json.results.map((r: { score: number }) => r.score);
    expect(scores).toEqual([...scores].sort((x: number, y: number) => y - x));
    expect(res.json.results[0].shared_interests).toEqual(['wine', 'music']);
    expect(res.json.results.every((r: { profile: { gender: string } }) => r.profile.gender === 'female')).toBe(true);
    const [saved] = await db().select().from(users).where(eq(users.id, me.user.id));
    expect(saved?.match_preferences).toEqual(prefs);
    expect((await b.get('/api/match-finder.php')).json.saved).toBe(true);
    expect((await b.put('/api/match-finder.php', { ...prefs, genders: [] })).status).toBe(400);
  });
});
