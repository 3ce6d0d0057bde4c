import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { dbKinds } from './helpers/database.js';
import { createBlock, loginAs } from './helpers/discovery-factories.js';
import { createMember, createProfile, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

// Amsterdam, Haarlem (~20 km), Utrecht (~35 km), Groningen (~145 km).
const AMSTERDAM = { latitude: 52.3676, longitude: 4.9041 };
const HAARLEM = { latitude: 52.3874, longitude: 4.6462 };
const UTRECHT = { latitude: 52.0907, longitude: 5.1214 };
const GRONINGEN = { latitude: 53.2194, longitude: 6.5665 };

describe.each(dbKinds())('discovery search on %s', (kind) => {
  let server: TestServer;
  let siteId: number;
  let searcher: Awaited<ReturnType<typeof createMember>>;
  const names = (res: { json: { results: { name: string }[] } }) => res.json.results.map((r) => r.name);
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

  beforeAll(async () => {
    server = await startTestServer(kind);
    const db = server.database.db;
    siteId = (await createSite(db, { is_default: true })).id;
    searcher = await createMember(db, siteId, { profile: { gender: 'male', age: 35, ...AMSTERDAM } });
    await createProfile(db, siteId, { name: 'Near Old', ...HAARLEM, last_active_at: minutesAgo(60 * 24 * 3) });
    await createProfile(db, siteId, { name: 'Far Online', ...GRONINGEN, last_active_at: minutesAgo(1) });
    await createProfile(db, siteId, { name: 'Mid Old', ...UTRECHT, last_active_at: minutesAgo(60 * 24 * 3) });
    await createProfile(db, siteId, {
      name: 'Nowhere',
      latitude: null,
      longitude: null,
      last_active_at: minutesAgo(60 * 24 * 3),
    });
    const hidden = await createMember(db, siteId, { profile: { name: 'Invisible Ines', ...HAARLEM } });
    await db.update(users).set({ invisible: true }).where(eq(users.id, hidden.user.id));
    const blocker = await createProfile(db, siteId, { name: 'Blocker Bea', ...HAARLEM });
    await createBlock(db, blocker.id, searcher.profile.id);
    const blocked = await createProfile(db, siteId, { name: 'Blocked Bo', ...HAARLEM });
    await createBlock(db, searcher.profile.id, blocked.id);
    await createProfile(db, siteId, { name: 'Deleted Dirk', status: 'deleted', ...HAARLEM });
    await createProfile(db, siteId, { name: 'Disabled Dora', status: 'disabled', ...HAARLEM });
    await createProfile(db, siteId, { name: 'Belgian Bella', country: 'BE', region: 'BE-VAN', age: 40 });
    await createProfile(db, siteId, { name: 'Young Yara', region: 'NL-UT', age: 22 });
  });
  afterAll(() => server.close());

  it('never shows invisible, blocked (either way), deleted or disabled members', async () => {
    const b = await loginAs(server, searcher);
    const res = await b.get('/api/search.php?per_page=60');
    expect(res.status).toBe(200);
    const found = names(res);
    for (const name of ['Invisible Ines', 'Blocker Bea', 'Blocked Bo', 'Deleted Dirk', 'Disabled Dora']) {
      expect(found).not.toContain(name);
    }
    expect(found).toEqual(expect.arrayContaining(['Near Old', 'Far Online', 'Belgian Bella']));
    // Visitors do not see invisible members either.
    const visitor = await new Browser(server.url).get('/api/search.php?per_page=60');
    expect(names(visitor)).not.toContain('Invisible Ines');
    expect(names(visitor)).toContain('Blocker Bea');
  });

  it('puts online members first, then the nearest', async () => {
    const b = await loginAs(server, searcher);
    const found = names(await b.get('/api/search.php?per_page=60'));
    expect(found[0]).toBe('Far Online');
    const order = ['Near Old', 'Mid Old', 'Nowhere'].map((n) => found.indexOf(n));
    expect(order).toEqual([...order].sort((x, y) => x - y));
  });

  it('filters by distance from the own location', async () => {
    const b = await loginAs(server, searcher);
    const near = await b.get('/api/search.php?distance=25&per_page=60');
    expect(near.status).toBe(200);
    expect(names(near)).toEqual(['Near Old']);
    const wider = names(await b.get('/api/search.php?distance=50&per_page=60'));
    expect(wider.sort()).toEqual(['Mid Old', 'Near Old']);
    expect((await b.get('/api/search.php?distance=0')).status).toBe(400);
  });

  it('adds similar results from a widened search when a search finds few', async () => {
    const b = await loginAs(server, searcher);
    const region = await b.get('/api/search.php?country=NL&countryregion=NL-UT&per_page=3');
    expect(names(region)).toEqual(['Young Yara']);
    expect(region.json.similar.widened).toEqual(['region']);
    expect(region.json.similar.results.map((r: { name: string }) => r.name)).not.toContain('Young Yara');
    expect(region.json.similar.results.length).toBeGreaterThan(0);

    const ages = await b.get('/api/search.php?country=BE&min_age=44&max_age=50&per_page=1');
    expect(ages.json.numResults).toBe(0);
    expect(ages.json.similar.widened).toEqual(['age']);
    expect(ages.json.similar.results.map((r: { name: string }) => r.name)).toEqual(['Belgian Bella']);

    const country = await b.get('/api/search.php?country=BE&min_age=18&max_age=25&per_page=1');
    expect(country.json.similar.widened).toEqual(['age', 'country']);
    for (const r of country.json.similar.results) expect(r.age).toBeLessThanOrEqual(30);
    expect(country.json.similar.results.length).toBeGreaterThan(0);

    const plenty = await b.get('/api/search.php?per_page=2');
    expect(plenty.json.similar).toBeUndefined();
  });
});
