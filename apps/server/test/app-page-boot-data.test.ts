/**
 * The member app's page carries the first answers the app asks for (docs/client.md, first load;
 * issue 32, a members page as fast as the public pages): `GET /api/settings.php` in the page's
 * language and `GET /api/user.php`, as a JSON data block, so the app starts without two calls first.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from './helpers/database.js';
import { loginAs } from './helpers/discovery-factories.js';
import { createMember, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

const HOST = 'boot-data.test';
const APP_PAGE = `<!doctype html>
<html lang="nl">
  <head><meta charset="UTF-8" /><title>Dating</title></head>
  <body><div id="root"><div class="boot-splash"><span>the member client</span></div></div></body>
</html>
`;

/** The boot data block of `html`, parsed; undefined when the page has none. */
function bootData(
  html: string,
): { lang: string; settings: Record<string, unknown>; user: Record<string, unknown> | null } | undefined {
  const block = /<script id="boot-data" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
  return block === undefined ? undefined : JSON.parse(block);
}

describe.each(dbKinds())('the app page boot data on %s', (kind) => {
  let server: TestServer;
  let webDist: string;
  let siteId: number;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'boot-data-dist-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), APP_PAGE);
    server = await startTestServer(kind, { env: { WEB_DIST: webDist } });
    const site = await createSite(server.database.db, {
      is_default: true,
      domain: HOST,
      languages: ['nl', 'en', 'de'],
      domain_language: 'nl-NL',
      // A site name with markup must not end the data block early.
      name: 'Flirt</script><script>alert(1)</script>',
      logged_out_search: 'none',
    });
    siteId = site.id;
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("gives a visitor the settings the call answers, in the page's language, and no member", async () => {
    const visitor = new Browser(server.url, HOST);
    const page = await visitor.get('/login', { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(page.status).toBe(200);
    const boot = bootData(page.json as string);
    expect(boot?.lang).toBe('de');
    expect(boot?.user).toBeNull();
    const call = await visitor.get('/api/settings.php?route=%2Flogin&lang=de');
    expect(boot?.settings).toEqual(call.json);
    // The site's name is in the block, but escaped: the page has exactly one script element more.
    expect((page.json as string).match(/<script/g)).toHaveLength(1);
    expect(page.json as string).toContain('Flirt\\u003c/script>');
  });

  it('gives a member what user.php answers, and the page is kept by no cache', async () => {
    const member = await createMember(server.database.db, siteId);
    const browser = await loginAs(server, member);
    const page = await browser.get('/members', { headers: { host: HOST } });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const boot = bootData(page.json as string);
    const user = await browser.get('/api/user.php', { headers: { host: HOST } });
    expect(user.status).toBe(200);
    expect(boot?.user).toEqual(user.json);
    expect(boot?.user?.id).toBe(member.user.id);
  });

  it("puts the block in the 404 page of a path the app does not know, and never in the back office's", async () => {
    const visitor = new Browser(server.url, HOST);
    const missing = await visitor.get('/nonsense-path');
    expect(missing.status).toBe(404);
    expect(bootData(missing.json as string)?.settings).toBeDefined();
    writeFileSync(path.join(webDist, 'admin.html'), APP_PAGE);
    const admin = await visitor.get('/admin');
    expect(bootData(admin.json as string)).toBeUndefined();
  });
});
