import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../src/db/schema.js';
import { dbKinds } from './helpers/database.js';
import { createSite } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/** One answer as bytes (icons are binary), with the Host header that picks the site. */
function fetchRaw(
  base: string,
  pathName: string,
  host?: string,
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${pathName}`, { method, headers: host ? { host } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The RGBA pixel at (x, y) of a PNG. */
async function pixel(png: Buffer, x: number, y: number): Promise<[number, number, number, number]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [data[at]!, data[at + 1]!, data[at + 2]!, data[at + 3]!];
}

const hex = (rgb: number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SPA_PAGE = '<!doctype html><html><body><div id="root">the member client</div></body></html>';

describe.each(dbKinds())('the installable app: manifest and icons per site on %s', (kind) => {
  let server: TestServer;
  let webDist: string;
  let blueSiteId: number;

  beforeAll(async () => {
    // A built client with its service worker and offline page, so the SPA fallback is really there.
    webDist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), SPA_PAGE);
    writeFileSync(path.join(webDist, 'admin.html'), '<!doctype html><title>back office</title>');
    writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("push", () => {});');
    writeFileSync(path.join(webDist, 'offline.html'), '<!doctype html><title>offline</title>');
    writeFileSync(path.join(webDist, 'assets', 'main-AbCd1234.js'), 'console.log(1);');
    server = await startTestServer(kind, { env: { WEB_DIST: webDist } });
    const db = server.database.db;
    await createSite(db, { is_default: true, name: 'Hartenvrouw', domain_language: 'nl-NL' });
    blueSiteId = (
      await createSite(db, {
        domain: 'blauw.test',
        name: 'Blaue Herzen Deutschland',
        domain_language: 'de-DE',
        description: 'Dutch text',
        texts: { description: { de: 'Finde die Liebe in deiner Nähe' } },
        colors: { primary: '#1A5FB4', secondary: '#241f31' },
      })
    ).id;
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const manifestOf = async (host?: string) => {
    const res = await fetchRaw(server.url, '/manifest.webmanifest', host);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    return JSON.parse(res.body.toString('utf8'));
  };

  it('answers each site its own manifest: name, language, colours, start URL and icons', async () => {
    const own = await manifestOf();
    expect(own).toMatchObject({
      id: '/',
      name: 'Hartenvrouw',
      short_name: 'Hartenvrouw',
      lang: 'nl-NL',
      start_url: '/members',
      scope: '/',
      display: 'standalone',
      theme_color: '#f0544f',
      background_color: '#ffffff',
      description: 'A test site',
    });
    const blue = await manifestOf('blauw.test');
    expect(blue).toMatchObject({
      name: 'Blaue Herzen Deutschland',
      // At most 12 characters under a home-screen icon: the first word.
      short_name: 'Blaue',
      lang: 'de-DE',
      description: 'Finde die Liebe in deiner Nähe',
      theme_color: '#1a5fb4',
      background_color: '#ffffff',
    });
    for (const manifest of [own, blue]) {
      expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
        '96x96 monochrome',
      ]);
      for (const icon of manifest.icons) expect(icon.src).toMatch(/^\/app-icon\/[a-z0-9-]+\.png\?v=[\w-]{10}$/);
    }
    // Each site's icons have their own version, so browsers keep them apart.
    expect(own.icons[0].src).not.toBe(blue.icons[0].src);
  });

  it('draws PNG icons of the right size in each site colour, the initial inside the safe zone', async () => {
    for (const [name, size] of [
      ['192.png', 192],
      ['512.png', 512],
      ['maskable-512.png', 512],
      ['monochrome-96.png', 96],
    ] as const) {
      const res = await fetchRaw(server.url, `/app-icon/${name}`, 'blauw.test');
      expect(res.status, name).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.body.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      const meta = await sharp(res.body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
    const blueAny = (await fetchRaw(server.url, '/app-icon/512.png', 'blauw.test')).body;
    const redAny = (await fetchRaw(server.url, '/app-icon/512.png')).body;
    // A rounded square: transparent corners, the site's colour inside.
    expect((await pixel(blueAny, 1, 1))[3]).toBe(0);
    expect(hex((await pixel(blueAny, 256, 20)).slice(0, 3))).toBe('#1a5fb4');
    expect(hex((await pixel(redAny, 256, 20)).slice(0, 3))).toBe('#f0544f');
    // Maskable: full bleed and opaque to the very corner.
    const maskable = (await fetchRaw(server.url, '/app-icon/maskable-512.png', 'blauw.test')).body;
    expect(await pixel(maskable, 0, 0)).toEqual([0x1a, 0x5f, 0xb4, 255]);
    // The white initial stays inside the central circle of 80 %: the ring outside it is all colour.
    const { data, info } = await sharp(maskable).raw().toBuffer({ resolveWithObject: true });
    let whiteOutside = 0;
    let whiteInside = 0;
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        const at = (y * info.width + x) * info.channels;
        const isWhite = data[at]! > 240 && data[at + 1]! > 240 && data[at + 2]! > 240;
        if (!isWhite) continue;
        if (Math.hypot(x - 256, y - 256) > 0.4 * 512) whiteOutside += 1;
        else whiteInside += 1;
      }
    }
    expect(whiteInside).toBeGreaterThan(1000);
    expect(whiteOutside).toBe(0);
  });

  it('draws the icons from the site logo when it has one, on white', async () => {
    const logoName = `logo-${randomUUID()}.png`;
    const logo = await sharp({ create: { width: 300, height: 100, channels: 4, background: '#2a9d3a' } })
      .png()
      .toBuffer();
    await server.app.deps.photoStore.put(logoName, logo, 'image/png');
    const site = await createSite(server.database.db, { domain: 'logo.test', name: 'Logo Love', logo: logoName });
    const any = (await fetchRaw(server.url, '/app-icon/512.png', 'logo.test')).body;
    expect(hex((await pixel(any, 256, 256)).slice(0, 3))).toBe('#2a9d3a');
    expect(await pixel(any, 256, 30)).toEqual([255, 255, 255, 255]);
    expect((await pixel(any, 1, 1))[3]).toBe(0);
    const maskable = (await fetchRaw(server.url, '/app-icon/maskable-512.png', 'logo.test')).body;
    expect(await pixel(maskable, 0, 0)).toEqual([255, 255, 255, 255]);
    expect(hex((await pixel(maskable, 256, 256)).slice(0, 3))).toBe('#2a9d3a');
    // iOS's home-screen icon follows the logo as well, opaque.
    const touch = await fetchRaw(server.url, '/apple-touch-icon.png', 'logo.test');
    expect(touch.headers['content-type']).toBe('image/png');
    const touchMeta = await sharp(touch.body).metadata();
    expect([touchMeta.width, touchMeta.height]).toEqual([180, 180]);
    expect(await pixel(touch.body, 0, 0)).toEqual([255, 255, 255, 255]);
    // The monochrome status-bar badge is always the initial, white on transparent.
    const badge = (await fetchRaw(server.url, '/app-icon/monochrome-96.png', 'logo.test')).body;
    expect((await pixel(badge, 0, 0))[3]).toBe(0);

    // A logo that has gone missing from the store falls back to the initial on the theme colour.
    await server.database.db.update(sites).set({ logo: 'logo-gone.png' }).where(eq(sites.id, site.id));
    const fallback = (await fetchRaw(server.url, '/app-icon/512.png', 'logo.test')).body;
    expect(hex((await pixel(fallback, 256, 20)).slice(0, 3))).toBe('#f0544f');
  });

  it('follows a change of the site: new colour, new icon version, icons drawn again', async () => {
    const before = await manifestOf('blauw.test');
    const iconBefore = (await fetchRaw(server.url, '/app-icon/192.png', 'blauw.test')).body;
    await server.database.db
      .update(sites)
      .set({ colors: { primary: '#6d1a36' }, name: 'Rote Herzen' })
      .where(eq(sites.id, blueSiteId));
    await server.app.deps.siteChanges.announce(blueSiteId);
    const after = await manifestOf('blauw.test');
    expect(after.theme_color).toBe('#6d1a36');
    expect(after.name).toBe('Rote Herzen');
    expect(after.icons[0].src).not.toBe(before.icons[0].src);
    const iconAfter = (await fetchRaw(server.url, after.icons[0].src, 'blauw.test')).body;
    expect(iconAfter.equals(iconBefore)).toBe(false);
    expect(hex((await pixel(iconAfter, 96, 10)).slice(0, 3))).toBe('#6d1a36');
    // The favicon takes the site's colour too.
    const svg = (await fetchRaw(server.url, '/favicon.svg', 'blauw.test')).body.toString('utf8');
    expect(svg).toContain('fill="#6d1a36"');
    expect(svg).toContain('>R</text>');
  });

  it('answers unknown icon names 404, never the client page', async () => {
    for (const name of [
      '1024.png',
      'maskable-192.png',
      '__proto__',
      'constructor',
      '..%2F..%2Fpackage.json',
      '512.PNG',
    ]) {
      const res = await fetchRaw(server.url, `/app-icon/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.body.toString('utf8')).not.toContain('the member client');
    }
    const head = await fetchRaw(server.url, '/app-icon/192.png', undefined, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
  });

  it('serves the manifest, the service worker and the offline page by their content, not the SPA fallback', async () => {
    const manifest = await fetchRaw(server.url, '/manifest.webmanifest');
    expect(manifest.body.toString('utf8')).not.toContain('the member client');
    expect(JSON.parse(manifest.body.toString('utf8')).start_url).toBe('/members');
    // The client page itself is still the fallback of app routes.
    expect((await fetchRaw(server.url, '/members')).body.toString('utf8')).toContain('the member client');

    const sw = await fetchRaw(server.url, '/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    // Browsers must ask for the worker on every update check: a deploy is picked up at once.
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.body.toString('utf8')).toContain('addEventListener("push"');
    const offline = await fetchRaw(server.url, '/offline.html');
    expect(offline.status).toBe(200);
    expect(offline.headers['cache-control']).toBe('no-cache');
    expect(offline.body.toString('utf8')).toContain('<title>offline</title>');
    // Hashed assets are immutable; files that do not exist are 404, not the page.
    const asset = await fetchRaw(server.url, '/assets/main-AbCd1234.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const missing of ['/sw-old.js', '/workbox-1234.js', '/manifest.json']) {
      const res = await fetchRaw(server.url, missing);
      expect(res.status, missing).toBe(404);
      expect(res.body.toString('utf8')).not.toContain('the member client');
    }
  });
});
