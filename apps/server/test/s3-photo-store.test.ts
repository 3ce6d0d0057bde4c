import path from 'node:path';
import { CLIENT_HEADER } from '@app/contracts';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { eraseExpiredAccounts } from '../src/services/access/erasure.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';
import { type LocalS3, startLocalS3 } from './helpers/s3rver.js';
import { runScoreJob } from './helpers/score-photos.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { jpegWithGps, postMultipart } from './helpers/uploads.js';

const BUCKET = 'member-photos';
const PREFIX = 'photos/';

describe.each(dbKinds())('photos in S3-compatible storage (s3rver) on %s', (kind) => {
  let s3: LocalS3;
  let s3Url: string;
  let server: TestServer;
  let siteId: number;
  /** The bucket's keys under PREFIX, without it. */
  const keys = async () => {
    const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: PREFIX }));
    return (listed.Contents ?? []).map((o) => (o.Key ?? '').slice(PREFIX.length)).sort();
  };
  const object = async (name: string) => {
    const res = await s3.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}${name}` }));
    return Buffer.from(await res.Body!.transformToByteArray());
  };
  const login = async (m: { email: string; password: string }) => {
    const b = new Browser(server.url);
    expect((await b.post('/api/user.php', { email: m.email, password: m.password })).status).toBe(200);
    return b;
  };
  const upload = async (b: Browser, isPrivate: boolean) => {
    const res = await postMultipart(`${server.url}/api/photos.php`, {
      fields: { is_private: String(isPrivate) },
      file: await jpegWithGps(900, 700),
      sid: b.cookie('sid'),
    });
    expect(res.status).toBe(200);
    // The site approves automatically once the model's score allows (issue: explicit photos).
    await runScoreJob(server.app.deps, { photo: res.json.id }, 0.01);
    return res.json;
  };
  /** GET with the member's session cookie (bytes, unlike Browser, which reads text). */
  const getBytes = async (url: string, b?: Browser) => {
    const headers: Record<string, string> = { [CLIENT_HEADER.name]: CLIENT_HEADER.value };
    if (b) headers.cookie = `sid=${b.cookie('sid')}`;
    const res = await fetch(url, { headers });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      cacheControl: res.headers.get('cache-control'),
      body: Buffer.from(await res.arrayBuffer()),
    };
  };
  const deletePhoto = async (b: Browser, photo: number) => {
    const res = await fetch(`${server.url}/api/photos.php`, {
      method: 'DELETE',
      headers: {
        [CLIENT_HEADER.name]: CLIENT_HEADER.value,
        'content-type': 'application/json',
        cookie: `sid=${b.cookie('sid')}`,
      },
      body: JSON.stringify({ photo }),
    });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    s3 = await startLocalS3([BUCKET]);
    s3Url = s3.url;
    server = await startTestServer(kind, { env: s3.env(BUCKET, PREFIX) });
    expect(server.app.deps.photoStore.kind).toBe('s3');
    const cdnPrefix = server.app.deps.config.s3?.publicUrl;
    siteId = (
      await createSite(server.database.db, { is_default: true, auto_approve_photos: true, cdn_prefix: cdnPrefix })
    ).id;
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it('stores an uploaded photo in the bucket and serves it at the site cdn_prefix plus its name', async () => {
    const owner = await login(await createMember(server.database.db, siteId));
    const photo = await upload(owner, false);
    const names = [photo.filename, photo.match, photo.thumb_filename] as string[];
    for (const name of names) expect(name).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(await keys()).toEqual(expect.arrayContaining(names));

    const { cdn_prefix } = (await new Browser(server.url).get('/api/settings.php')).json;
    expect(cdn_prefix).toBe(`${s3Url}/${BUCKET}/${PREFIX}`);
    const served = await getBytes(`${cdn_prefix}${photo.match}`);
    expect(served).toMatchObject({
      status: 200,
      type: 'image/jpeg',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(served.body.equals(await object(photo.match))).toBe(true);
    expect(await sharp(served.body).metadata()).toMatchObject({ format: 'jpeg', width: 600, height: 600 });
    expect((await sharp(served.body).metadata()).exif).toBeUndefined();
    // Browsers may load images from the bucket's origin (and only from the origins the policy names).
    const page = await fetch(`${server.url}/`);
    expect(page.headers.get('content-security-policy')).toMatch(new RegExp(`img-src [^;]*${s3Url}`));
  });

  it('keeps a private photo under private/, off the public URL pattern, and serves it to allowed members only', async () => {
    const member = await createMember(server.database.db, siteId);
    const owner = await login(member);
    await upload(owner, false);
    const before = new Set(await keys());
    const photo = await upload(owner, true);
    expect(photo).toMatchObject({ is_private: true, filename: `/api/private-photo.php?photo=${photo.id}&size=full` });
    const added = (await keys()).filter((k) => !before.has(k));
    expect(added).toHaveLength(3);
    for (const name of added) expect(name).toMatch(/^private\/[0-9a-f-]{36}\.jpg$/);

    // The public pattern (cdn_prefix + name) never reaches a private file.
    const { cdn_prefix } = (await new Browser(server.url).get('/api/settings.php')).json;
    for (const name of added) expect((await getBytes(`${cdn_prefix}${path.basename(name)}`)).status).toBe(404);

    const premium = await login(await createMember(server.database.db, siteId, { user: { paid_user: true } }));
    const free = await login(await createMember(server.database.db, siteId));
    const profilePath = `/api/profile.php?id=${member.profile.id}`;
    const lockedView = (await free.get(profilePath)).json.profile.photos.find((p: { id: number }) => p.id === photo.id);
    expect(lockedView).toMatchObject({ locked: true, filename: null, match: null, thumb_filename: null });
    const view = (await premium.get(profilePath)).json.profile.photos.find((p: { id: number }) => p.id === photo.id);
    expect(view).toMatchObject({ locked: false, match: `/api/private-photo.php?photo=${photo.id}&size=match` });
    expect(JSON.stringify((await premium.get(profilePath)).json)).not.toContain('private/');

    const served = await getBytes(`${server.url}${view.match}`, premium);
    expect(served).toMatchObject({ status: 200, type: 'image/jpeg', cacheControl: expect.stringMatching(/^private/) });
    const stored = await Promise.all(added.map(object));
    expect(stored.some((bytes) => bytes.equals(served.body))).toBe(true);
    expect((await getBytes(`${server.url}${view.match}`, owner)).status).toBe(200);
    expect((await getBytes(`${server.url}${view.match}`, free)).status).toBe(403);
    expect((await getBytes(`${server.url}${view.match}`)).status).toBe(403);
  });

  it('removes every object of an erased account from the bucket', async () => {
    const member = await createMember(server.database.db, siteId);
    const owner = await login(member);
    const before = new Set(await keys());
    await upload(owner, false);
    await upload(owner, true);
    const theirs = (await keys()).filter((k) => !before.has(k));
    expect(theirs).toHaveLength(6);
    expect(theirs.filter((k) => k.startsWith('private/'))).toHaveLength(3);

    // Deletion asked for 15 days ago: past the reactivation window (SPEC.md 4).
    const { db } = server.database;
    const now = server.app.deps.clock.now();
    await db
      .update(users)
      .set({ status: 'pending_deletion', deletion_requested_at: new Date(now.getTime() - 15 * 24 * 3600 * 1000) })
      .where(eq(users.id, member.user.id));
    expect(await eraseExpiredAccounts(server.app.deps, { now })).toBeGreaterThanOrEqual(1);
    const left = new Set(await keys());
    for (const name of theirs) expect(left.has(name)).toBe(false);
    expect(left.size).toBe(before.size);
  });

  it('removes the objects of a deleted photo from the bucket', async () => {
    const owner = await login(await createMember(server.database.db, siteId));
    const pub = await upload(owner, false);
    const before = new Set(await keys());
    const priv = await upload(owner, true);
    const privateKeys = (await keys()).filter((k) => !before.has(k));
    expect(privateKeys).toHaveLength(3);

    await deletePhoto(owner, priv.id);
    await deletePhoto(owner, pub.id);
    const left = new Set(await keys());
    for (const name of [...privateKeys, pub.filename, pub.match, pub.thumb_filename])
      expect(left.has(name)).toBe(false);
    const { cdn_prefix } = (await new Browser(server.url).get('/api/settings.php')).json;
    expect((await getBytes(`${cdn_prefix}${pub.filename}`)).status).toBe(404);
  });
});
