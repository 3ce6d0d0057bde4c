import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchProfiles } from '../src/db/repositories/member-search.js';
import { blocks, profiles, users } from '../src/db/schema.js';
import { mulberry32 } from '../src/seed/random.js';
import { dbKinds } from './helpers/database.js';
import { createBlock, loginAs } from './helpers/discovery-factories.js';
import { createMember, createProfile, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

// Amsterdam, Haarlem (~20 km), Utrecht (~35 km), Groningen (~145 km).
const AMSTERDAM = { latitude: 52.3676, longitude: 4.9041 };
const HAARLEM = { latitude: 52.3874, longitude: 4.6462 };
const UTRECHT = { latitude: 52.0907, longitude: 5.1214 };
const GRONINGEN = { latitude: 53.2194, longitude: 6.5665 };

/** Haversine km, as the search computes it. */
function km(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

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
    // explicit=1: the member chose these filters, so no default age range (docs/matching.md) is added.
    const region = await b.get('/api/search.php?country=NL&countryregion=NL-UT&explicit=1&per_page=3');
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

  it('pages through activity buckets nearest first, the same order on every page size', async () => {
    // Own site: nearby circles (30 and 120 km) hold some pages and not others, so both the circle
    // and the whole-bucket reads are compared with the order computed here.
    const db = server.database.db;
    const site = await createSite(db);
    const rand = mulberry32(7);
    const now = new Date();
    const agoMinutes = [1, 3, 90, 300, 600, 60 * 24 * 3, 60 * 24 * 20, 60 * 24 * 90];
    const made: { id: number; bucket: number; km: number; at: number }[] = [];
    for (let i = 0; i < 70; i++) {
      // Most within ~40 km of Amsterdam, some up to ~300 km away; a few without a location.
      const spread = i % 5 === 0 ? 2.5 : 0.35;
      const where =
        i % 23 === 0
          ? { latitude: null, longitude: null }
          : {
              latitude: AMSTERDAM.latitude + (rand() - 0.5) * spread,
              longitude: AMSTERDAM.longitude + (rand() - 0.5) * spread * 1.6,
            };
      const minutes = agoMinutes[Math.floor(rand() * agoMinutes.length)] as number;
      const at = new Date(now.getTime() - minutes * 60_000 - i * 1000);
      const p = await createProfile(db, site.id, { ...where, last_active_at: i % 17 === 0 ? null : at });
      const bucket =
        p.last_active_at === null ? 5 : [5, 24 * 60, 7 * 24 * 60, 30 * 24 * 60].findIndex((m) => minutes < m);
      made.push({
        id: p.id,
        bucket: bucket === -1 ? 4 : bucket,
        km: where.latitude === null ? Number.POSITIVE_INFINITY : km(AMSTERDAM, where as typeof AMSTERDAM),
        at: p.last_active_at?.getTime() ?? 0,
      });
    }
    const expected = [...made]
      .sort((a, b) => a.bucket - b.bucket || a.km - b.km || b.at - a.at || a.id - b.id)
      .map((p) => p.id);
    const origin = { lat: AMSTERDAM.latitude, lon: AMSTERDAM.longitude };
    for (const perPage of [4, 7, 24]) {
      const seen: number[] = [];
      for (let page = 0; page * perPage < made.length + perPage; page++) {
        const res = await searchProfiles(db, { siteId: site.id, origin, now, limit: perPage, offset: page * perPage });
        expect(res.total).toBe(made.length);
        seen.push(...res.rows.map((r) => r.profile.id));
      }
      expect(seen).toEqual(expected);
    }
    // Without a location: activity order only.
    const recent = await searchProfiles(db, { siteId: site.id, now, limit: 70, offset: 0 });
    const byRecency = [...made].sort((a, b) => (b.at || -1) - (a.at || -1) || a.id - b.id).map((p) => p.id);
    expect(recent.rows.map((r) => r.profile.id)).toEqual(byRecency);
  });

  it('leaves out blocked profiles either way, also for a member with hundreds of blocks', async () => {
    const db = server.database.db;
    const now = new Date();
    for (const blockCount of [3, 600]) {
      const site = await createSite(db);
      const viewer = await createProfile(db, site.id, { name: 'Viewer' });
      const many = await db
        .insert(profiles)
        .values(
          Array.from({ length: blockCount + 2 }, (_, i) => ({
            site_id: site.id,
            name: `Other ${i}`,
            status: 'active',
            gender: 'female',
            date_of_birth: '1990-01-01',
            country: 'NL',
          })),
        )
        .returning({ id: profiles.id });
      const [blocker, ...rest] = many.map((p) => p.id) as [number, ...number[]];
      const free = rest.pop() as number;
      await db.insert(blocks).values(rest.map((id) => ({ blocker_profile_id: viewer.id, blocked_profile_id: id })));
      await createBlock(db, blocker, viewer.id);
      const res = await searchProfiles(db, { siteId: site.id, viewerProfileId: viewer.id, now, limit: 24, offset: 0 });
      expect(res.rows.map((r) => r.profile.id)).toEqual([free]);
      expect(res.total).toBe(1);
    }
  });
});
