import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLIENT_HEADER } from '@app/contracts';
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createBackup } from '../src/backup/create-backup.js';
import { BACKUP_PARTS, MANIFEST_FILE, readManifest } from '../src/backup/manifest.js';
import { listPhotoNames } from '../src/backup/photo-files.js';
import { restoreBackup, verifyBackup } from '../src/backup/restore-backup.js';
import { createTar, extractTar } from '../src/backup/tar.js';
import { type Config, loadConfig, ROOT_DIR } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { grantCreditsOnce, listLedger } from '../src/db/repositories/credit-ledger.js';
import { createPhotoStore } from '../src/storage/create-photo-store.js';
import { createMember, createSite } from './helpers/factories.js';
import { startLocalS3 } from './helpers/s3rver.js';
import { Browser } from './helpers/server.js';
import { jpegWithGps, postMultipart } from './helpers/uploads.js';

/** A real app on a random loopback port over `database`, configured by `env`. */
async function startApp(env: Record<string, string>, database: Database) {
  const config: Config = { ...loadConfig({ WEB_DIST: '/nonexistent', ...env }), logLevel: 'silent' };
  const app = await buildApp(config, database.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, config, url, close: () => app.close() };
}
type RunningApp = Awaited<ReturnType<typeof startApp>>;

/** What the member had before the backup, to be found again after the restore. */
interface Original {
  email: string;
  password: string;
  userId: number;
  credits: number;
  ledger: { delta: number; balance_after: number; reason: string }[];
  /** Public file name (relative to cdn_prefix) → bytes. */
  publicFiles: Map<string, Buffer>;
  /** private-photo.php path → bytes, as the owner got them. */
  privateFiles: Map<string, Buffer>;
}

/** GET with the member's session cookie; answers status and body bytes. */
async function getBytes(url: string, sid?: string) {
  const headers: Record<string, string> = { [CLIENT_HEADER.name]: CLIENT_HEADER.value };
  if (sid) headers.cookie = `sid=${sid}`;
  const res = await fetch(url, { headers });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

/** Logs in over HTTP with e-mail and password; fails the test when refused. */
async function login(url: string, m: { email: string; password: string }) {
  const browser = new Browser(url);
  const res = await browser.post('/api/user.php', { email: m.email, password: m.password });
  expect(res.status).toBe(200);
  return browser;
}

/** The member's photos as the member sees them, with the bytes each URL serves. */
async function photoBytes(running: RunningApp, browser: Browser) {
  const me = (await browser.get('/api/user.php')).json;
  const { cdn_prefix } = (await browser.get('/api/settings.php')).json;
  const publicFiles = new Map<string, Buffer>();
  const privateFiles = new Map<string, Buffer>();
  for (const photo of me.profile.photos as { is_private: boolean; filename: string; match: string }[]) {
    for (const name of [photo.filename, photo.match]) {
      const res = photo.is_private
        ? await getBytes(`${running.url}${name}`, browser.cookie('sid'))
        : await getBytes(`${running.url}${cdn_prefix}${name}`);
      expect(res.status).toBe(200);
      (photo.is_private ? privateFiles : publicFiles).set(name, res.body);
    }
  }
  return { me, publicFiles, privateFiles };
}

/**
 * A site and a member with a public and a private photo uploaded through the API, and credits from
 * two ledger rows (150 in all).
 */
async function makeMember(running: RunningApp, database: Database): Promise<Original> {
  const site = await createSite(database.db, { is_default: true, auto_approve_photos: true });
  const member = await createMember(database.db, site.id);
  await grantCreditsOnce(database.db, member.user.id, 120, 'test:welcome', new Date());
  await grantCreditsOnce(database.db, member.user.id, 30, 'test:bonus', new Date());
  const browser = await login(running.url, member);
  for (const isPrivate of [false, true]) {
    const res = await postMultipart(`${running.url}/api/photos.php`, {
      fields: { is_private: String(isPrivate) },
      file: await jpegWithGps(700, 500),
      sid: browser.cookie('sid'),
    });
    expect(res.status).toBe(200);
  }
  const { me, publicFiles, privateFiles } = await photoBytes(running, browser);
  expect(me.credits).toBe(150);
  expect(publicFiles.size).toBe(2);
  expect(privateFiles.size).toBe(2);
  const ledger = (await listLedger(database.db, member.user.id)).map(({ delta, balance_after, reason }) => ({
    delta,
    balance_after,
    reason,
  }));
  expect(ledger).toHaveLength(2);
  return { ...member, userId: member.user.id, credits: 150, ledger, publicFiles, privateFiles };
}

/** Logs in on the restored app and finds the member's credits, ledger and photo bytes unchanged. */
async function expectRestored(running: RunningApp, database: Database, original: Original) {
  const browser = await login(running.url, original);
  const { me, publicFiles, privateFiles } = await photoBytes(running, browser);
  expect(me).toMatchObject({ id: original.userId, email: original.email, credits: original.credits });
  expect([...publicFiles.keys()].sort()).toEqual([...original.publicFiles.keys()].sort());
  for (const [name, bytes] of original.publicFiles) expect(publicFiles.get(name)?.equals(bytes)).toBe(true);
  for (const [name, bytes] of original.privateFiles) expect(privateFiles.get(name)?.equals(bytes)).toBe(true);
  const ledger = await listLedger(database.db, original.userId);
  expect(ledger.map(({ delta, balance_after, reason }) => ({ delta, balance_after, reason }))).toEqual(original.ledger);
}

/** Runs `npm run backup` / `npm run restore` as their scripts do (tsx), in a child process. */
function runCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT_DIR, 'apps/server/src/cli/backup.ts'), ...args],
      {
        cwd: ROOT_DIR,
        env: { ...process.env, NODE_ENV: 'test', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The archive files a backup folder holds. */
function archivesIn(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.endsWith('.tar'));
}

/** A new empty PostgreSQL database on the TEST_DATABASE_URL server, and its removal. */
async function createEmptyDatabase(adminUrl: string) {
  const name = `restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

describe('backup archives', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'backup-archive-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a damaged archive, one of a newer release and one of the other database kind', async () => {
    const dataDir = path.join(dir, 'data');
    const database = await openDatabase({ dataDir });
    await database.close();
    const { file, manifest } = await createBackup(loadConfig({ DATA_DIR: dataDir }), { out: path.join(dir, 'out') });
    expect(path.basename(file)).toMatch(/^backup-\d{8}T\d{6}Z\.tar$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(manifest.parts.map((p) => p.name)).toEqual(['database.pglite.tar.gz', 'photos.tar']);
    expect((await verifyBackup(file)).counts).toEqual({ members: 0, photos: 0, photo_files: 0, photo_bytes: 0 });

    const unpacked = mkdtempSync(path.join(dir, 'unpacked-'));
    await extractTar(file, unpacked);
    const photosTar = path.join(unpacked, 'photos.tar');
    writeFileSync(photosTar, Buffer.concat([readFileSync(photosTar), Buffer.alloc(512)]));
    const damaged = path.join(dir, 'damaged.tar');
    await createTar(damaged, unpacked, [MANIFEST_FILE, ...manifest.parts.map((p) => p.name)]);
    await expect(verifyBackup(damaged)).rejects.toThrow(/photos\.tar does not match its checksum/);
    await expect(verifyBackup(path.join(dir, 'missing.tar'))).rejects.toThrow(/no backup archive/);
    await expect(createBackup(loadConfig({ DATA_DIR: dataDir }), { out: file })).rejects.toThrow(/never overwrites/);

    const target = loadConfig({ DATA_DIR: path.join(dir, 'target') });
    await expect(
      restoreBackup({ ...target, databaseUrl: 'postgres://127.0.0.1:1/none' }, { from: file }),
    ).rejects.toThrow(/holds the embedded \(PGlite\) database: restore it with DATABASE_URL unset/);
    const newer = mkdtempSync(path.join(dir, 'newer-'));
    await extractTar(file, newer);
    writeFileSync(
      path.join(newer, MANIFEST_FILE),
      JSON.stringify({ ...manifest, last_migration: { tag: '9999_future', created_at: Date.now() + 1e12 } }),
    );
    const future = path.join(dir, 'future.tar');
    await createTar(future, newer, [MANIFEST_FILE, ...manifest.parts.map((p) => p.name)]);
    await expect(restoreBackup(target, { from: future })).rejects.toThrow(/newer release \(migration 9999_future\)/);
  }, 120_000);
});

describe('backup and restore on the embedded database (PGlite)', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'backup-pglite-'));
  const source = path.join(root, 'source');
  const target = path.join(root, 'target');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('restores into an empty data folder: the member logs in with the same credits, ledger and photos', async () => {
    const database = await openDatabase({ dataDir: source });
    const running = await startApp({ DATA_DIR: source }, database);
    const original = await makeMember(running, database);
    await running.close();
    // PGlite allows one process: a backup refuses while the database is open.
    await expect(createBackup(loadConfig({ DATA_DIR: source }), { out: root })).rejects.toThrow(/in use/);
    await database.close();

    const { file, manifest } = await createBackup(loadConfig({ DATA_DIR: source }), {
      out: path.join(root, 'backups'),
    });
    // Six files of the member's two photos, and the shop's gift pictures drawn at start.
    const stored = await listPhotoNames(loadConfig({ DATA_DIR: source }));
    expect(stored.length).toBeGreaterThan(6);
    expect(manifest).toMatchObject({
      database: { kind: 'pglite' },
      photo_store: { kind: 'folder' },
      counts: { members: 1, photos: 2, photo_files: stored.length },
    });
    expect(manifest.parts.map((p) => p.name)).toEqual(['database.pglite.tar.gz', 'photos.tar', 'secrets.json']);
    expect(manifest.last_migration?.tag).toMatch(/^\d{4}_/);

    // A data folder with a database is refused without --force.
    await expect(restoreBackup(loadConfig({ DATA_DIR: source }), { from: file })).rejects.toThrow(/not empty/);
    const result = await restoreBackup(loadConfig({ DATA_DIR: target }), { from: file });
    expect(result).toMatchObject({ photos: { files: stored.length, skipped: 0 }, secretsRestored: true });
    expect(await listPhotoNames(loadConfig({ DATA_DIR: target }))).toEqual(stored);
    expect(readFileSync(path.join(target, 'secrets.json'))).toEqual(readFileSync(path.join(source, 'secrets.json')));

    const restored = await openDatabase({ dataDir: target });
    const app = await startApp({ DATA_DIR: target }, restored);
    try {
      await expectRestored(app, restored, original);
    } finally {
      await app.close();
      await restored.close();
    }
  }, 120_000);
});

describe('backup and restore of an S3-compatible photo store (s3rver)', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'backup-s3-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('lists and downloads the objects under the prefix, and uploads them into another bucket', async () => {
    const s3 = await startLocalS3(['source', 'target']);
    try {
      const sourceConfig = loadConfig({ DATA_DIR: path.join(root, 'source'), ...s3.env('source', 'p/') });
      await (await openDatabase({ dataDir: sourceConfig.dataDir })).close();
      const files: Record<string, Buffer> = {
        'a1.jpg': await jpegWithGps(40, 30),
        'private/b2.jpg': await jpegWithGps(30, 40),
        'gifts/rose.png': Buffer.from('png bytes'),
      };
      const store = createPhotoStore(sourceConfig);
      for (const [name, data] of Object.entries(files)) await store.put(name, data, 'image/jpeg');
      // Outside the prefix: not the app's.
      await s3.client.send(new PutObjectCommand({ Bucket: 'source', Key: 'other/x.jpg', Body: 'x' }));

      const { file, manifest } = await createBackup(sourceConfig, { out: path.join(root, 'backups') });
      expect(manifest).toMatchObject({
        photo_store: { kind: 's3' },
        counts: { photo_files: 3, photo_bytes: Object.values(files).reduce((n, b) => n + b.length, 0) },
      });

      const targetConfig = loadConfig({ DATA_DIR: path.join(root, 'target'), ...s3.env('target', '') });
      const result = await restoreBackup(targetConfig, { from: file });
      expect(result.photos).toEqual({ files: 3, skipped: 0, bytes: manifest.counts.photo_bytes });
      const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: 'target' }));
      expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual(Object.keys(files).sort());
      const target = createPhotoStore(targetConfig);
      for (const [name, data] of Object.entries(files)) expect((await target.read(name))?.equals(data)).toBe(true);
      const gift = await s3.client.send(new HeadObjectCommand({ Bucket: 'target', Key: 'gifts/rose.png' }));
      expect(gift).toMatchObject({ ContentType: 'image/png', CacheControl: 'public, max-age=31536000, immutable' });

      await expect(restoreBackup(targetConfig, { from: file })).rejects.toThrow(/not empty/);
      const again = await restoreBackup(targetConfig, { from: file, force: true });
      expect(again.photos).toMatchObject({ files: 0, skipped: 3 });
    } finally {
      await s3.close();
    }
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('backup and restore on PostgreSQL (npm run backup / restore)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const root = mkdtempSync(path.join(os.tmpdir(), 'backup-postgres-'));
  const backups = path.join(root, 'backups');
  const sourceEnv = { DATA_DIR: path.join(root, 'source'), PHOTO_DIR: path.join(root, 'source-photos') };
  let sourceDb: Awaited<ReturnType<typeof createEmptyDatabase>>;
  let targetDb: Awaited<ReturnType<typeof createEmptyDatabase>>;
  let original: Original;

  beforeAll(async () => {
    sourceDb = await createEmptyDatabase(adminUrl);
    targetDb = await createEmptyDatabase(adminUrl);
    const database = await openDatabase({ url: sourceDb.url, dataDir: '' });
    const running = await startApp({ ...sourceEnv, DATABASE_URL: sourceDb.url }, database);
    try {
      original = await makeMember(running, database);
    } finally {
      await running.close();
      await database.close();
    }
  });
  afterAll(async () => {
    await sourceDb?.drop();
    await targetDb?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  it('dumps with pg_dump into one archive with a manifest', async () => {
    const run = await runCli(['backup', '--out', backups], { ...sourceEnv, DATABASE_URL: sourceDb.url });
    expect(run.output).toContain('Backup written');
    expect(run.code).toBe(0);
    const [archive] = archivesIn(backups);
    const unpacked = mkdtempSync(path.join(root, 'unpacked-'));
    await extractTar(path.join(backups, archive!), unpacked);
    const manifest = await readManifest(unpacked);
    expect(manifest).toMatchObject({
      format: 1,
      database: { kind: 'postgres', dump_major: expect.any(Number) },
      counts: { members: 1, photos: 2, photo_files: (await listPhotoNames(loadConfig(sourceEnv))).length },
    });
    expect(manifest.parts.map((p) => p.name)).toEqual(['database.pgdump', 'photos.tar', 'secrets.json']);
    expect(readdirSync(unpacked).sort()).toEqual([MANIFEST_FILE, ...manifest.parts.map((p) => p.name)].sort());
    for (const name of readdirSync(unpacked)) expect([MANIFEST_FILE, ...BACKUP_PARTS]).toContain(name);
    expect(readFileSync(path.join(unpacked, 'database.pgdump')).subarray(0, 5).toString()).toBe('PGDMP');
  }, 120_000);

  it('refuses a database that has tables, then restores into an empty one where the member logs in', async () => {
    const [archive] = archivesIn(backups);
    const from = path.join(backups, archive!);
    const targetEnv = { DATA_DIR: path.join(root, 'target'), PHOTO_DIR: path.join(root, 'target-photos') };

    const refused = await runCli(['restore', '--from', from], { ...targetEnv, DATABASE_URL: sourceDb.url });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/target database is not empty \(\d+ tables\)/);

    const run = await runCli(['restore', '--from', from], { ...targetEnv, DATABASE_URL: targetDb.url });
    expect(run.output).toContain('Restored postgres database');
    expect(run.code).toBe(0);

    const restored = await openDatabase({ url: targetDb.url, dataDir: '' });
    const app = await startApp({ ...targetEnv, DATABASE_URL: targetDb.url }, restored);
    try {
      await expectRestored(app, restored, original);
    } finally {
      await app.close();
      await restored.close();
    }
  }, 120_000);
});
