import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../src/db/schema.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

describe.each(dbKinds())('presence after logout and the site icons on %s', (kind) => {
  let server: TestServer;
  let siteId: number;
  let viewer: Awaited<ReturnType<typeof createMember>>;

  const login = async (m: { email: string; password: string }) => {
    const b = new Browser(server.url);
    const res = await b.post('/api/user.php', { email: m.email, password: m.password });
    expect(res.status).toBe(200);
    return b;
  };
  /** Whether the viewer's search shows `profileId`'s card as online (members are of an age the viewer is shown by default). */
  const shownOnline = async (as: Browser, profileId: number) => {
    const res = await as.get('/api/search.php?per_page=60');
    expect(res.status).toBe(200);
    const card = res.json.results.find((r: { id: number }) => r.id === profileId);
    expect(card, `profile ${profileId} in the search`).toBeDefined();
    return card.online as boolean;
  };
  /** Marks a member as just active, as a request of theirs after a minute would. */
  const makeActive = (profileId: number) =>
    server.database.db.update(profiles).set({ last_active_at: new Date() }).where(eq(profiles.id, profileId));

  beforeAll(async () => {
    server = await startTestServer(kind);
    siteId = (await createSite(server.database.db, { is_default: true, name: 'Hartenvrouw' })).id;
    viewer = await createMember(server.database.db, siteId, { profile: { gender: 'male', age: 40 } });
  });
  afterAll(() => server.close());

  it('no longer shows a member online once they log out', async () => {
    const member = await createMember(server.database.db, siteId, { profile: { gender: 'female', age: 40 } });
    const session = await login(member);
    await makeActive(member.profile.id);
    const watcher = await login(viewer);
    expect(await shownOnline(watcher, member.profile.id)).toBe(true);

    expect((await session.get('/api/logout.php')).status).toBe(200);
    expect(await shownOnline(watcher, member.profile.id)).toBe(false);
    // Still "active today" in the ordering, only no longer online.
    const [row] = await server.database.db.select().from(profiles).where(eq(profiles.id, member.profile.id));
    expect(Date.now() - (row?.last_active_at?.getTime() ?? 0)).toBeLessThan(10 * 60 * 1000);
    // The profile shows offline too.
    const profile = await watcher.get(`/api/profile.php?id=${member.profile.id}`);
    expect(profile.status).toBe(200);
    expect(profile.json.profile.online).toBe(false);
  });

  it('keeps a member online who is still logged in elsewhere, until the last session logs out', async () => {
    const member = await createMember(server.database.db, siteId, { profile: { gender: 'female', age: 41 } });
    const phone = await login(member);
    const laptop = await login(member);
    await makeActive(member.profile.id);
    const watcher = await login(viewer);

    expect((await laptop.get('/api/logout.php')).status).toBe(200);
    expect(await shownOnline(watcher, member.profile.id)).toBe(true);
    expect((await phone.get('/api/logout.php')).status).toBe(200);
    expect(await shownOnline(watcher, member.profile.id)).toBe(false);
  });

  it('logging out everywhere ends the presence too', async () => {
    const member = await createMember(server.database.db, siteId, { profile: { gender: 'female', age: 39 } });
    const one = await login(member);
    await login(member);
    await makeActive(member.profile.id);
    expect((await one.get('/api/logout.php?all=1')).status).toBe(200);
    expect(await shownOnline(await login(viewer), member.profile.id)).toBe(false);
  });

  it('serves an SVG and an ICO favicon per site, never the web page', async () => {
    await createSite(server.database.db, { domain: 'zoete.test', name: 'zoete <Liefde> & co' });
    const defaultSvg = await new Browser(server.url).get('/favicon.svg');
    expect(defaultSvg.status).toBe(200);
    expect(defaultSvg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(defaultSvg.json).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(defaultSvg.json).toContain('>H</text>');
    expect(defaultSvg.json).toContain('#f0544f');

    const other = new Browser(server.url, 'zoete.test');
    const otherSvg = await other.get('/favicon.svg');
    expect(otherSvg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(otherSvg.json).toContain('>Z</text>');
    // The name is escaped inside the SVG.
    expect(otherSvg.json).toContain('<title>zoete &#60;Liefde&#62; &#38; co</title>');
    expect(otherSvg.json).not.toContain('<Liefde>');

    const ico = await other.get('/favicon.ico');
    expect(ico.status).toBe(200);
    expect(ico.headers['content-type']).toBe('image/x-icon');
    expect(String(ico.json).startsWith('\0\0\u0001\0')).toBe(true);
    const touch = await other.get('/apple-touch-icon.png');
    expect(touch.status).toBe(200);
    expect(touch.headers['content-type']).toBe('image/png');
    expect((await other.request('HEAD', '/favicon.svg')).headers['content-type']).toMatch(/^image\/svg\+xml/);
  });
});
