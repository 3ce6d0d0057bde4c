import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../src/db/schema.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createPhoto, createProfile, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

describe.each(dbKinds())('member search and profiles on %s', (kind) => {
  let server: TestServer;
  let siteId: number;
  let free: Awaited<ReturnType<typeof createMember>>;
  let premium: Awaited<ReturnType<typeof createMember>>;
  let withPrivate: Awaited<ReturnType<typeof createProfile>>;
  let disabled: Awaited<ReturnType<typeof createProfile>>;
  let fictional: Awaited<ReturnType<typeof createProfile>>;

  const login = async (m: { email: string; password: string }) => {
    const b = new Browser(server.url);
    await b.post('/api/user.php', { email: m.email, password: m.password });
    return b;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    const db = server.database.db;
    siteId = (await createSite(db, { is_default: true })).id;
    free = await createMember(db, siteId, { profile: { gender: 'male', age: 35 } });
    premium = await createMember(db, siteId, {
      user: { paid_user: true, credits: 100 },
      profile: { gender: 'male', age: 40 },
    });
    withPrivate = await createProfile(db, siteId, { name: 'Private Paula', age: 28, country: 'BE', region: 'BE-VAN' });
    const main = await createPhoto(db, withPrivate.id, { position: 0 });
    await db.update(profiles).set({ main_photo_id: main.id }).where(eq(profiles.id, withPrivate.id));
    await createPhoto(db, withPrivate.id, { position: 1, is_private: true });
    await createPhoto(db, withPrivate.id, { position: 2, status: 'awaiting_approval' });
    disabled = await createProfile(db, siteId, { name: 'Disabled Dana', status: 'disabled', age: 30 });
    fictional = await createProfile(db, siteId, {
      name: 'Fiona',
      is_fictional: true,
      age: 45,
      last_active_at: new Date(),
    });
    for (const age of [19, 22, 50, 61, 74]) await createProfile(db, siteId, { age });
    // Another site's member never shows here.
    const other = await createSite(db, { domain: 'elsewhere.test' });
    await createProfile(db, other.id, { name: 'Elsewhere Elsa' });
  });
  afterAll(() => server.close());

  it('shows only active profiles of the site, never the searcher', async () => {
    const b = await login(free);
    // explicit=1: every gender and age (the member's own choice), only those who fit a straight man
    // (docs/matching.md): women who are hetero or bi, so not the premium (hetero) man.
    const res = await b.get('/api/search.php?explicit=1&per_page=60');
    expect(res.status).toBe(200);
    const names = res.json.results.map((r: { name: string }) => r.name);
    expect(names).not.toContain('Disabled Dana');
    expect(names).not.toContain('Elsewhere Elsa');
    expect(names).not.toContain(free.profile.name);
    expect(names).not.toContain(premium.profile.name);
    expect(names).toEqual(expect.arrayContaining(['Private Paula', 'Fiona']));
    expect(res.json.numResults).toBe(names.length);
  });

  it('filters by gender, country, region and age, and pages', async () => {
    const b = await login(free);
    const women = (await b.get('/api/search.php?gender=female&per_page=60')).json;
    expect(women.results.every((r: { gender: string }) => r.gender === 'female')).toBe(true);
    const be = (await b.get('/api/search.php?country=BE&countryregion=BE-VAN')).json;
    expect(be.results.map((r: { name: string }) => r.name)).toEqual(['Private Paula']);
    const ages = (await b.get('/api/search.php?min_age=20&max_age=50&per_page=60')).json;
    for (const r of ages.results) {
      expect(r.age).toBeGreaterThanOrEqual(20);
      expect(r.age).toBeLessThanOrEqual(50);
    }
    expect(ages.results.map((r: { age: number }) => r.age)).toEqual(expect.arrayContaining([22, 50]));
    const page2 = (await b.get('/api/search.php?explicit=1&per_page=3&page=2')).json;
    expect(page2).toMatchObject({ pageNumber: 2 });
    expect(page2.results).toHaveLength(3);
    expect((await b.get('/api/search.php?min_age=10')).status).toBe(400);
  });

  it('labels fictional profiles and never shows them online', async () => {
    const b = await login(free);
    // Fiona (45) is outside the default ages of a 35-year-old (27..43): every age, explicitly.
    const res = (await b.get('/api/search.php?explicit=1&per_page=60')).json;
    const card = res.results.find((r: { id: number }) => r.id === fictional.id);
    expect(card).toMatchObject({ fictional: true, online: false });
  });

  it('lets visitors search only as the site allows', async () => {
    const db = server.database.db;
    await createSite(db, { domain: 'closed.test', logged_out_search: 'none', logged_out_search_trafficsource: 'none' });
    await createSite(db, { domain: 'tracked.test', logged_out_search: 'none', logged_out_search_trafficsource: 'all' });
    expect((await new Browser(server.url).get('/api/search.php')).status).toBe(200);
    const closed = await new Browser(server.url, 'closed.test').get('/api/search.php');
    expect(closed.status).toBe(403);
    expect(closed.json.error).toBe('authentication_required');
    expect((await new Browser(server.url, 'tracked.test').get('/api/search.php')).status).toBe(403);
    const withSource = await new Browser(server.url, 'tracked.test').get('/api/search.php', {
      headers: { cookie: 'trafficsource=network%3Dads' },
    });
    expect(withSource.status).toBe(200);
  });

  it('answers 404 for disabled and unknown profiles', async () => {
    const b = await login(free);
    expect((await b.get(`/api/profile.php?id=${disabled.id}`)).status).toBe(404);
    expect((await b.get('/api/profile.php?id=999999')).json.error).toBe('not_found');
  });

  it('locks private photos for visitors and free members, not for premium members', async () => {
    const path = `/api/profile.php?id=${withPrivate.id}`;
    const visitor = (await new Browser(server.url).get(path)).json;
    const freeView = (await (await login(free)).get(path)).json;
    const premiumView = (await (await login(premium)).get(path)).json;
    for (const view of [visitor, freeView]) {
      expect(view.profile.photos).toHaveLength(2); // the photo awaiting approval is hidden
      const locked = view.profile.photos.find((p: { is_private: boolean }) => p.is_private);
      expect(locked).toMatchObject({ locked: true, filename: null, match: null, thumb_filename: null });
    }
    const open = premiumView.profile.photos.find((p: { is_private: boolean }) => p.is_private);
    expect(open.locked).toBe(false);
    // Private files are never under the CDN prefix: the private-photo call serves them to premium members.
    expect(open.filename).toBe(`/api/private-photo.php?photo=${open.id}&size=full`);
    expect(premiumView.profile.main_image).toMatchObject({ status: 'approved' });
    expect(premiumView.profile.date_of_birth).toBeNull();
    expect(premiumView.related.length).toBeGreaterThan(0);
  });
});
