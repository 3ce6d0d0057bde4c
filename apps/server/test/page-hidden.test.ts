import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageEvents } from '../src/db/schema.js';
import { loggedIn } from './access-helpers.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

describe.each(dbKinds())('the page-hidden beacon with the body of SPEC.md 7 on %s', (kind) => {
  let server: TestServer;
  let site: Awaited<ReturnType<typeof createSite>>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    site = await createSite(server.database.db, { is_default: true });
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const host = () => new URL(server.url).host;
  const rowsOf = (userId: number) => db().select().from(pageEvents).where(eq(pageEvents.user_id, userId));

  it('accepts the empty JSON body without the client header and logs the page of its Referer', async () => {
    const member = await createMember(db(), site.id);
    const browser = await loggedIn(server, member.email, member.password);
    const res = await browser.request(
      'POST',
      '/api/page-hidden.php',
      {},
      {
        clientHeader: false,
        headers: { referer: `http://${host()}/members?page=2` },
      },
    );
    expect(res.status).toBe(204);
    expect(await rowsOf(member.user.id)).toEqual([
      expect.objectContaining({ site_id: site.id, path: '/members', seconds_visible: null, tracking: null }),
    ]);
  });

  it("takes a visitor's traffic source from its cookie and ignores another site's Referer", async () => {
    const before = await db().select().from(pageEvents);
    const res = await new Browser(server.url).request(
      'POST',
      '/api/page-hidden.php',
      {},
      {
        clientHeader: false,
        headers: { referer: 'https://elsewhere.test/members', cookie: 'trafficsource=adnet' },
      },
    );
    expect(res.status).toBe(204);
    const added = (await db().select().from(pageEvents)).filter((r) => !before.some((b) => b.id === r.id));
    expect(added).toEqual([expect.objectContaining({ user_id: null, path: '', tracking: { trafficsource: 'adnet' } })]);
  });
});
