import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema.js';
import { createChatMember } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createBlock, createConversation, createLike } from './helpers/discovery-factories.js';
import { createMember, createPhoto, createProfile, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { countStatements, type StatementCount, type StatementCounter } from './helpers/statement-counter.js';

/**
 * Round trips of the member API (issue 31, docs/decisions/016-throughput.md): each call's statements,
 * the session lookup included, counted at the driver. A call over its maximum fails here, whatever
 * the filters, so a change that adds a round trip to a hot call is seen in CI.
 */
const MAX_SEQUENTIAL = {
  settings: 1,
  user: 2,
  chats: 2,
  likes: 2,
  search: 3,
  profile: 3,
  send: 3,
} as const;

// Amsterdam, Haarlem (~20 km), Utrecht (~35 km), Groningen (~145 km).
const AMSTERDAM = { latitude: 52.3676, longitude: 4.9041 };
const HAARLEM = { latitude: 52.3874, longitude: 4.6462 };
const UTRECHT = { latitude: 52.0907, longitude: 5.1214 };
const GRONINGEN = { latitude: 53.2194, longitude: 6.5665 };
const PLACES = [AMSTERDAM, HAARLEM, UTRECHT, GRONINGEN, { latitude: null, longitude: null }];
/** Minutes ago of each activity bucket: online, today, this week, this month, earlier; null never. */
const ACTIVITY = [1, 60 * 5, 60 * 24 * 3, 60 * 24 * 20, 60 * 24 * 90, null];

/** Search filters of the web client's form, each shape of the search at least once. */
const SEARCHES = [
  '',
  'gender=female',
  'gender=male',
  'country=NL',
  'country=NL&countryregion=NL-NH',
  'country=BE',
  'min_age=25&max_age=40',
  'min_age=30',
  'gender=female&min_age=25&max_age=40',
  'gender=female&country=NL&min_age=25&max_age=40',
  'gender=female&distance=10',
  'gender=female&distance=50',
  'distance=200',
  'explicit=1',
  'country=NL&countryregion=NL-XX',
  'min_age=90&max_age=99',
];

describe.each(dbKinds())('statements per member API call on %s', (kind) => {
  let server: TestServer;
  let counter: StatementCounter;
  let siteId: number;
  let viewer: Awaited<ReturnType<typeof createChatMember>>;
  let other: Awaited<ReturnType<typeof createMember>>;
  const seen: Record<string, number[]> = {};
  const totals: Record<string, number[]> = {};

  /** The worst count of each call so far (the most round trips one after another). */
  const worst: Partial<Record<keyof typeof MAX_SEQUENTIAL, StatementCount>> = {};

  /** One request with its statements counted; the worst of each call is kept for withinMax. */
  async function counted(call: keyof typeof MAX_SEQUENTIAL, send: () => Promise<{ status: number }>, status = 200) {
    const { result, count } = await counter.during(send);
    expect(result.status, `${call}: ${JSON.stringify(result)}`).toBe(status);
    seen[call] = [...(seen[call] ?? []), count.sequential];
    totals[call] = [...(totals[call] ?? []), count.total];
    const before = worst[call];
    if (!before || count.sequential > before.sequential) worst[call] = count;
  }

  /** The call never took more round trips one after another than its maximum. */
  function withinMax(call: keyof typeof MAX_SEQUENTIAL) {
    const count = worst[call];
    expect(count, call).toBeDefined();
    expect(count?.sequential, `${call}:\n${count?.texts.join('\n---\n')}`).toBeLessThanOrEqual(MAX_SEQUENTIAL[call]);
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    const db = server.database.db;
    siteId = (await createSite(db, { is_default: true })).id;
    viewer = await createChatMember(db, siteId, server.url, {
      user: { paid_user: true },
      profile: { gender: 'male', sexuality: 'hetero', age: 33, ...AMSTERDAM },
      credits: 1000,
    });
    await createPhoto(db, viewer.profile.id);
    other = await createMember(db, siteId, { profile: { gender: 'female', age: 31, ...HAARLEM } });
    await createPhoto(db, other.profile.id);
    await createPhoto(db, other.profile.id, { status: 'pending' });
    // Profiles in every activity bucket and at every distance, enough for several pages.
    let n = 0;
    for (const minutes of ACTIVITY) {
      for (const place of PLACES) {
        for (const age of [24, 30, 36]) {
          n += 1;
          const profile = await createProfile(db, siteId, {
            gender: n % 5 === 0 ? 'male' : 'female',
            sexuality: 'hetero',
            age,
            ...place,
            country: n % 7 === 0 ? 'BE' : 'NL',
            last_active_at: minutes === null ? null : new Date(Date.now() - minutes * 60_000),
          });
          if (n % 2 === 0) await createPhoto(db, profile.id);
          if (n % 3 === 0) await createLike(db, siteId, profile.id, viewer.profile.id);
          if (n % 4 === 0) await createLike(db, siteId, viewer.profile.id, profile.id);
          if (n % 11 === 0) await createBlock(db, viewer.profile.id, profile.id);
          if (n % 13 === 0) await createBlock(db, profile.id, viewer.profile.id);
          if (n % 6 === 0) {
            const conversation = await createConversation(db, siteId, viewer.profile.id, profile.id);
            await db.insert(messages).values({
              conversation_id: conversation.id,
              sender_profile_id: profile.id,
              kind: 'text',
              body: 'Hoi',
            });
          }
        }
      }
    }
    counter = countStatements(server.database);
  });
  afterAll(async () => {
    counter?.stop();
    console.log(`statements one after another (${kind}):`, JSON.stringify(seen));
    console.log(`statements in all (${kind}):`, JSON.stringify(totals));
    await server?.close();
  });

  it('settings.php: the session lookup only', async () => {
    await counted('settings', () => viewer.browser.get('/api/settings.php'));
    withinMax('settings');
  });

  it('user.php, chats.php and likes.php', async () => {
    await counted('user', () => viewer.browser.get('/api/user.php'));
    await counted('chats', () => viewer.browser.get('/api/chats.php'));
    await counted('likes', () => viewer.browser.get('/api/likes.php'));
    withinMax('user');
    withinMax('chats');
    withinMax('likes');
  });

  it('search.php: every filter shape, pages 1 to 3, members and visitors', async () => {
    const visitor = new Browser(server.url);
    for (const filters of SEARCHES) {
      for (const page of [1, 2, 3]) {
        const query = `/api/search.php?${filters}${filters ? '&' : ''}page=${page}&per_page=4`;
        await counted('search', () => viewer.browser.get(query));
        if (!filters.includes('distance')) await counted('search', () => visitor.get(query));
      }
    }
    withinMax('search');
  });

  it('profile.php: another member, the own profile, a visitor, a blocked and a missing one', async () => {
    const db = server.database.db;
    await counted('profile', () => viewer.browser.get(`/api/profile.php?id=${other.profile.id}`));
    await counted('profile', () => viewer.browser.get(`/api/profile.php?id=${viewer.profile.id}`));
    await counted('profile', () => new Browser(server.url).get(`/api/profile.php?id=${other.profile.id}`));
    const lonely = await createProfile(db, siteId, { country: 'DE', region: 'DE-BE', age: 70 });
    await counted('profile', () => viewer.browser.get(`/api/profile.php?id=${lonely.id}`));
    const blocker = await createProfile(db, siteId, {});
    await createBlock(db, blocker.id, viewer.profile.id);
    await counted('profile', () => viewer.browser.get(`/api/profile.php?id=${blocker.id}`), 404);
    await counted('profile', () => viewer.browser.get('/api/profile.php?id=99999999'), 404);
    withinMax('profile');
  });

  it("message.php: a send is the session lookup, one statement and the recipient's notification target", async () => {
    const body = { profile: other.profile.id, text: 'Hoi, hoe gaat het?' };
    // The first send of a member looks up their own profile once (the send's cache of it).
    await viewer.browser.post('/api/message.php', { ...body, client_id: randomUUID() });
    await counted('send', () => viewer.browser.post('/api/message.php', { ...body, client_id: randomUUID() }));
    withinMax('send');
  });

  it('builds no SQL text per request and sends every statement by name, once warm', async () => {
    const visitor = new Browser(server.url);
    const requests: [string, () => Promise<{ status: number }>][] = [
      ['settings', () => viewer.browser.get('/api/settings.php')],
      ['user', () => viewer.browser.get('/api/user.php')],
      ['chats', () => viewer.browser.get('/api/chats.php')],
      ['likes', () => viewer.browser.get('/api/likes.php')],
      ['profile', () => viewer.browser.get(`/api/profile.php?id=${other.profile.id}`)],
      ['own profile', () => viewer.browser.get(`/api/profile.php?id=${viewer.profile.id}`)],
      ['profile as a visitor', () => visitor.get(`/api/profile.php?id=${other.profile.id}`)],
      ...SEARCHES.flatMap((filters): [string, () => Promise<{ status: number }>][] =>
        [1, 2].map((page) => {
          const query = `/api/search.php?${filters}${filters ? '&' : ''}page=${page}&per_page=4`;
          return [`search ${query}`, () => viewer.browser.get(query)];
        }),
      ),
      ['visitor search', () => visitor.get('/api/search.php?gender=female&page=2&per_page=4')],
      [
        'send',
        () =>
          viewer.browser.post('/api/message.php', { profile: other.profile.id, text: 'Hoi', client_id: randomUUID() }),
      ],
    ];
    for (const [call, send] of requests) {
      // The first runs build the statements of the call's shapes (a later page's count comes from
      // the count cache on the second run, a shape of its own).
      await send();
      await send();
      const { result, count } = await counter.during(send);
      expect(result.status, call).toBe(200);
      expect(count.built, `${call} built SQL text`).toBe(0);
      // The realtime bus's NOTIFY of a send is a plain statement of the bus (realtime/pg-bus.ts).
      const unnamed = count.unnamed.filter((text) => !text.includes('pg_notify'));
      if (kind === 'postgres') expect(unnamed, `${call} sent unnamed statements`).toEqual([]);
    }
  });
});
