import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLIENT_HEADER } from '@app/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewWaitingPhotos } from '../src/db/repositories/photos.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';
import { runScoreJob } from './helpers/score-photos.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { jpegWithGps, postMultipart } from './helpers/uploads.js';

const smallPng = () =>
  sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 120, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();

/** POST /api/photos.php as multipart/form-data over node:http (sets Host and the session cookie). */
function upload(
  server: TestServer,
  opts: { browser?: Browser; host?: string; file: Buffer; filename?: string; isPrivate?: boolean },
) {
  return postMultipart(`${server.url}/api/photos.php`, {
    fields: opts.isPrivate === undefined ? {} : { is_private: String(opts.isPrivate) },
    file: opts.file,
    filename: opts.filename,
    sid: opts.browser?.cookie('sid'),
    host: opts.host,
  });
}

describe.each(dbKinds())('photos on %s', (kind) => {
  let server: TestServer;
  let photoDir: string;
  let siteId: number;
  const login = async (m: { email: string; password: string }, host?: string) => {
    const b = new Browser(server.url, host);
    expect((await b.post('/api/user.php', { email: m.email, password: m.password })).status).toBe(200);
    return b;
  };
  const member = (opts: Parameters<typeof createMember>[2] = {}) => createMember(server.database.db, siteId, opts);
  // fetch, not Browser: node:http sends a DELETE body without a length, which the server cannot read.
  const del = async (b: Browser, photo: number) => {
    const res = await fetch(`${server.url}/api/photos.php`, {
      method: 'DELETE',
      headers: {
        [CLIENT_HEADER.name]: CLIENT_HEADER.value,
        'content-type': 'application/json',
        cookie: `sid=${b.cookie('sid')}`,
      },
      body: JSON.stringify({ photo }),
    });
    return { status: res.status, json: await res.json() };
  };

  beforeAll(async () => {
    photoDir = mkdtempSync(path.join(os.tmpdir(), 'photos-test-'));
    server = await startTestServer(kind, { env: { PHOTO_DIR: photoDir } });
    siteId = (await createSite(server.database.db, { is_default: true, auto_approve_photos: false })).id;
  });
  afterAll(async () => {
    await server.close();
    rmSync(photoDir, { recursive: true, force: true });
  });

  it('re-encodes an upload in three sizes without EXIF or GPS, upright, as the main image', async () => {
    const input = await jpegWithGps(800, 400, 6);
    const inputMeta = await sharp(input).metadata();
    // Tag 0x8825 (little-endian) points to the GPS IFD; 'N' is GPSLatitudeRef.
    expect(inputMeta.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(inputMeta.exif?.includes(Buffer.from('TestCam'))).toBe(true);
    const owner = await member();
    const b = await login(owner);
    const res = await upload(server, { browser: b, file: input });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'awaiting_approval', is_private: false, locked: false });
    const sizes: Record<string, [number, number]> = {
      filename: [400, 800], // orientation 6 turned the 800x400 landscape upright
      match: [600, 600],
      thumb_filename: [160, 160],
    };
    const names = new Set<string>();
    for (const [key, [width, height]] of Object.entries(sizes)) {
      const name = res.json[key] as string;
      expect(name).toMatch(/^[0-9a-f-]{36}\.jpg$/);
      names.add(name);
      const meta = await sharp(path.join(photoDir, name)).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width, height });
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    expect(names.size).toBe(3);
    const me = (await b.get('/api/user.php')).json;
    expect(me.profile.main_image).toMatchObject({ filename: res.json.filename, status: 'awaiting_approval' });
    expect(me.profile.photos).toHaveLength(1);
  });

  it('shows a photo awaiting approval to its owner only, and to everyone once approved', async () => {
    const owner = await member();
    const other = await login(await member({ user: { paid_user: true } }));
    const res = await upload(server, { browser: await login(owner), file: await smallPng() });
    expect(res.json.status).toBe('awaiting_approval');
    const path = `/api/profile.php?id=${owner.profile.id}`;
    for (const viewer of [other, new Browser(server.url)]) {
      const view = (await viewer.get(path)).json;
      expect(view.profile.photos).toEqual([]);
      expect(view.profile.main_image).toBeNull();
    }
    expect(await reviewWaitingPhotos(server.database.db, 'approved', [res.json.id])).toBe(1);
    const view = (await other.get(path)).json;
    expect(view.profile.photos.map((p: { id: number }) => p.id)).toEqual([res.json.id]);
    expect(view.profile.main_image).toMatchObject({ status: 'approved', match: res.json.match });
  });

  it('on a site that approves automatically: approved once scored, above the threshold it waits (issue: explicit photos)', async () => {
    const auto = await createSite(server.database.db, { domain: 'auto.test', auto_approve_photos: true });
    const owner = await createMember(server.database.db, auto.id);
    const browser = await login(owner, 'auto.test');
    const explicit = await upload(server, { browser, host: 'auto.test', file: await smallPng() });
    expect(explicit.json.status).toBe('awaiting_approval');
    expect(await runScoreJob(server.app.deps, { photo: explicit.json.id }, 0.95)).toMatchObject({
      aboveThreshold: true,
      approved: false,
    });
    const [held] = (await browser.get('/api/photos.php')).json.photos;
    expect(held).toMatchObject({ id: explicit.json.id, status: 'awaiting_approval' });

    const res = await upload(server, { browser, host: 'auto.test', file: await smallPng() });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('awaiting_approval');
    expect(await runScoreJob(server.app.deps, { photo: res.json.id }, 0.02)).toMatchObject({ approved: true });
    const view = (await new Browser(server.url, 'auto.test').get(`/api/profile.php?id=${owner.profile.id}`)).json;
    expect(view.profile.photos.map((p: { id: number }) => p.id)).toEqual([res.json.id]);
  });

  it('limits free members to 3 photos, waiting ones included, and premium members to 25', async () => {
    const free = await login(await member());
    for (let i = 0; i < 3; i++)
      expect((await upload(server, { browser: free, file: await smallPng() })).status).toBe(200);
    const fourth = await upload(server, { browser: free, file: await smallPng() });
    expect(fourth.status).toBe(403);
    expect(fourth.json).toMatchObject({ error: 'photo_limit_reached', data: { limit: 3 } });
    expect(fourth.json.message).toContain('3');
    expect((await free.get('/api/photos.php')).json).toMatchObject({ limit: 3, max_megabytes: 15 });

    const premium = await login(await member({ user: { paid_user: true, credits: 50 } }));
    for (let i = 0; i < 4; i++) {
      expect((await upload(server, { browser: premium, file: await smallPng() })).status).toBe(200);
    }
    const list = (await premium.get('/api/photos.php')).json;
    expect(list.limit).toBe(25);
    expect(list.photos).toHaveLength(4);
  });

  it('refuses files that are not photos, truncated photos, 50-megapixel images and oversized files', async () => {
    const b = await login(await member());
    const text = await upload(server, {
      browser: b,
      file: Buffer.from('just some text, not a photo\n'),
      filename: 'x.jpg',
    });
    expect(text.status).toBe(400);
    expect(text.json).toMatchObject({ error: 'photo_invalid', data: { reason: 'not_an_image' } });
    expect(text.json.message).toMatch(/JPEG/);

    const jpeg = await jpegWithGps(1200, 900);
    const truncated = await upload(server, { browser: b, file: jpeg.subarray(0, Math.floor(jpeg.length / 2)) });
    expect(truncated.status).toBe(400);
    expect(truncated.json.error).toBe('photo_invalid');

    // 7100x7100 = 50.4 megapixels of one colour: a tiny PNG that would decode to 150 MB.
    const huge = await sharp({ create: { width: 7100, height: 7100, channels: 3, background: '#888' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024);
    const bomb = await upload(server, { browser: b, file: huge, filename: 'big.png' });
    expect(bomb.status).toBe(400);
    expect(bomb.json).toMatchObject({
      error: 'photo_invalid',
      data: { reason: 'too_many_pixels', max_megapixels: 40 },
    });

    const large = await upload(server, { browser: b, file: randomBytes(16 * 1024 * 1024) });
    expect(large.status).toBe(413);
    expect(large.json).toMatchObject({ error: 'photo_too_large', data: { megabytes: 15 } });
    expect((await b.get('/api/photos.php')).json.photos).toEqual([]);
  });

  it('refuses visitors', async () => {
    const res = await upload(server, { file: await smallPng() });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe('authentication_required');
    expect((await new Browser(server.url).get('/api/photos.php')).status).toBe(403);
  });

  it('locks private photos for visitors and free members, not for premium members; the owner toggles it', async () => {
    const owner = await member();
    const ob = await login(owner);
    const pub = (await upload(server, { browser: ob, file: await smallPng() })).json;
    const priv = (await upload(server, { browser: ob, file: await smallPng(), isPrivate: true })).json;
    expect(priv).toMatchObject({ is_private: true, locked: false });
    await reviewWaitingPhotos(server.database.db, 'approved', [pub.id, priv.id]);
    const path = `/api/profile.php?id=${owner.profile.id}`;
    const find = (view: { profile: { photos: { id: number }[] } }) => view.profile.photos.find((p) => p.id === priv.id);
    const free = await login(await member());
    const premium = await login(await member({ user: { paid_user: true } }));
    for (const viewer of [new Browser(server.url), free]) {
      expect(find((await viewer.get(path)).json)).toMatchObject({ locked: true, filename: null, thumb_filename: null });
    }
    expect(find((await premium.get(path)).json)).toMatchObject({ locked: false, filename: priv.filename });

    const toggled = await ob.put('/api/photos.php', { photo: priv.id, is_private: false });
    expect(toggled.json).toMatchObject({ is_private: false });
    // Made public, the photo gets new public file names (the private ones are gone).
    expect(toggled.json.filename).not.toBe(priv.filename);
    expect(find((await free.get(path)).json)).toMatchObject({ locked: false, filename: toggled.json.filename });

    // The main image shows on every card, so it cannot be private.
    const mainPrivate = await ob.put('/api/photos.php', { photo: pub.id, is_private: true });
    expect(mainPrivate.status).toBe(400);
    expect(mainPrivate.json.data).toMatchObject({ reason: 'main_photo_private' });
  });

  it('chooses another main image, reorders, and deletes photos with their files', async () => {
    const owner = await member();
    const b = await login(owner);
    const first = (await upload(server, { browser: b, file: await smallPng() })).json;
    const second = (await upload(server, { browser: b, file: await smallPng() })).json;
    expect((await b.get('/api/user.php')).json.profile.main_image.filename).toBe(first.filename);

    expect((await b.put('/api/photos.php', { photo: second.id, main: true })).status).toBe(200);
    expect((await b.get('/api/user.php')).json.profile.main_image.filename).toBe(second.filename);
    await b.put('/api/photos.php', { photo: second.id, position: 0 });
    const order = (await b.get('/api/photos.php')).json.photos.map((p: { id: number }) => p.id);
    expect(order).toEqual([second.id, first.id]);

    // Someone else's photo is as good as absent.
    const stranger = await login(await member());
    expect((await del(stranger, second.id)).status).toBe(404);
    expect((await stranger.put('/api/photos.php', { photo: second.id, main: true })).status).toBe(404);

    expect((await del(b, second.id)).json).toEqual({ ok: true });
    for (const name of [second.filename, second.match, second.thumb_filename]) {
      expect(existsSync(path.join(photoDir, name))).toBe(false);
    }
    const me = (await b.get('/api/user.php')).json;
    expect(me.profile.main_image.filename).toBe(first.filename);
    expect((await del(b, first.id)).status).toBe(200);
    expect((await b.get('/api/user.php')).json.profile.main_image).toBeNull();
  });

  it('documents every photo call in the OpenAPI document', async () => {
    const doc = (await new Browser(server.url).get('/api/openapi.json')).json;
    const paths = doc.paths['/api/photos.php'];
    expect(Object.keys(paths).sort()).toEqual(['delete', 'get', 'post', 'put']);
    expect(Object.keys(paths.post.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '413']));
    expect(doc.paths['/api/geocode.php'].get).toBeTruthy();
    expect(doc.paths['/api/profile.php'].put).toBeTruthy();
  });
});
