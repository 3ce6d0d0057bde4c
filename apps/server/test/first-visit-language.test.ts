/**
 * The first page a visitor opens decides the language by one rule on every path (issue 32 item 11,
 * docs/decisions/018-first-visit-language.md): a German browser landing first on /members gets German,
 * as on the home page.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from './helpers/database.js';
import { createSite } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const HOST = 'first-visit.test';
const APP_PAGE = `<!doctype html>
<html lang="nl">
  <head><meta charset="UTF-8" /><title>Dating</title></head>
  <body><div id="root"><div class="boot-splash"><span>the member client</span></div></div></body>
</html>
`;

describe.each(dbKinds())('first-visit language on %s', (kind) => {
  let server: TestServer;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'first-visit-dist-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), APP_PAGE);
    server = await startTestServer(kind, { env: { WEB_DIST: webDist } });
    await createSite(server.database.db, {
      is_default: true,
      domain: HOST,
      languages: ['nl', 'en', 'de', 'fr'],
      domain_language: 'nl-NL',
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });
  const localeCookie = (res: Awaited<ReturnType<typeof get>>) =>
    [res.headers['set-cookie'] ?? []]
      .flat()
      .find((c) => c.startsWith('i18n_redirected='))
      ?.split(';')[0]
      ?.split('=')[1];

  /** The language the home page opens in when it is the first page: followed through its redirect. */
  async function homeLanguage(headers: Record<string, string>): Promise<string | undefined> {
    const first = await get('/', headers);
    if (first.statusCode !== 302) return localeCookie(first);
    return localeCookie(await get(first.headers.location as string, headers));
  }

  it('gives a German browser landing first on an app page the language the home page gives it', async () => {
    const german = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' };
    expect(await homeLanguage(german)).toBe('de');
    for (const url of ['/members', '/login', '/chats', '/likes/received', '/nonsense']) {
      const res = await get(url, german);
      // The member app's page (the logged-out search with its snapshot, the 404 screen for /nonsense).
      expect(res.body, url).toContain('<div id="root">');
      // The app starts in the cookie's language (SPEC.md 4).
      expect(localeCookie(res), url).toBe('de');
      expect(res.headers.vary, url).toMatch(/Accept-Language/);
    }
  });

  it("sets nothing when the visitor's language is the site's default or one the site does not show", async () => {
    const cases: Record<string, string>[] = [
      { 'accept-language': 'nl-NL,nl;q=0.9' },
      { 'accept-language': 'pl-PL,pl;q=0.9' },
      {},
    ];
    for (const headers of cases) {
      expect(await homeLanguage(headers)).toBeUndefined();
      expect(localeCookie(await get('/members', headers))).toBeUndefined();
    }
  });

  it('keeps a language the visitor already chose', async () => {
    const res = await get('/members', { 'accept-language': 'de-DE', cookie: 'i18n_redirected=en' });
    expect(res.statusCode).toBe(200);
    expect(localeCookie(res)).toBeUndefined();
  });

  it('opens every path in the language the home page opens in, for any Accept-Language', async () => {
    for (const value of ['fr-FR,fr;q=0.9', 'en-GB,en;q=0.9,de;q=0.5', 'pl-PL,fr;q=0.8', 'de', 'xx, *']) {
      const headers = { 'accept-language': value };
      const home = await homeLanguage(headers);
      for (const url of ['/members', '/profile', '/nonsense'])
        expect(localeCookie(await get(url, headers)), value).toBe(home);
    }
  });
});
