/**
 * A setting staff change applies to the next request on every instance (issue 29, item 5;
 * docs/decisions/012): each instance caches site rows by host (http/context.ts), and every write of
 * the sites table announces the site on deps.siteChanges after its commit, which empties this
 * instance's cache at once and the others' through NOTIFY `site_changes`. The photo setting once
 * skipped the announcement, and uploads were approved for up to 30 s after staff switched it off.
 * On PGlite one app; on PostgreSQL (TEST_DATABASE_URL) two apps with their own pools on one
 * database, the member's requests going to the instance the staff did not use. A source check
 * keeps every writer of the sites table announcing.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Db, openDatabase } from '../src/db/client.js';
import { createMember, createSite } from './helpers/factories.js';
import { runScoreJob } from './helpers/score-photos.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { readSource, sourceFiles } from './helpers/source-files.js';
import { createStaff, loginStaff } from './helpers/staff.js';
import { jpegWithGps, postMultipart } from './helpers/uploads.js';

/** One server instance the test talks to. */
interface Instance {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** A second instance on the database of `first`: its own app and its own pool, as another process has. */
async function startSecondInstance(first: TestServer): Promise<Instance> {
  const pool = (first.database.db as unknown as { $client: { options: { connectionString: string } } }).$client;
  const database = await openDatabase({ url: pool.options.connectionString, dataDir: '' });
  const config = { ...loadConfig({ WEB_DIST: '/nonexistent', DATA_DIR: '/tmp/test-data' }), logLevel: 'silent' };
  const app = await buildApp(config, database.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    app,
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Resolves once `instance` has heard of a change of site `siteId` (or of any site). Its request
 * context subscribed first, so by then its cached rows are gone.
 */
function noticeOn(instance: Pick<Instance, 'app'>, siteId: number): Promise<void> {
  return new Promise((resolve) => {
    const off = instance.app.deps.siteChanges.subscribe((id) => {
      if (id !== siteId && id !== 0) return;
      off();
      resolve();
    });
  });
}

/** A new member of `siteId` uploads a photo on `instance`; answers the photo's status. */
async function uploadAsNewMember(db: Db, siteId: number, instance: Pick<Instance, 'url' | 'app'>): Promise<string> {
  const member = await createMember(db, siteId);
  const browser = new Browser(instance.url);
  expect((await browser.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(200);
  const uploaded = await postMultipart(`${instance.url}/api/photos.php`, {
    file: await jpegWithGps(),
    sid: browser.cookie('sid'),
  });
  expect(uploaded.status).toBe(200);
  // Every upload waits for its score (issue: explicit photos); the job approves it on an auto-approving site.
  expect(uploaded.json.status).toBe('awaiting_approval');
  const outcome = await runScoreJob(instance.app.deps, { photo: uploaded.json.id }, 0.01);
  return outcome?.approved ? 'approved' : 'awaiting_approval';
}

/** The site's settings as a visitor's app reads them on `instance`. */
async function settingsOn(instance: Pick<Instance, 'url'>) {
  const settings = await new Browser(instance.url).get('/api/settings.php');
  expect(settings.status).toBe(200);
  return settings.json as { message_length: number; message_credits: number };
}

describe('site settings on one instance (PGlite)', () => {
  let server: TestServer;
  let siteId: number;
  let staff: Browser;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    siteId = (await createSite(server.database.db, { is_default: true, auto_approve_photos: true })).id;
    staff = await loginStaff(server.url, await createStaff(server.database.db, 'admin', null));
  });
  afterAll(() => server?.close());

  it('holds a photo uploaded right after staff switched automatic approval off for review', async () => {
    // The site row is cached with the setting on.
    expect(await uploadAsNewMember(server.database.db, siteId, server)).toBe('approved');
    const off = await staff.put('/api/admin/photo-settings.php', { site_id: siteId, auto_approve_photos: false });
    expect(off.status).toBe(200);
    expect(await uploadAsNewMember(server.database.db, siteId, server)).toBe('awaiting_approval');
    await staff.put('/api/admin/photo-settings.php', { site_id: siteId, auto_approve_photos: true });
    expect(await uploadAsNewMember(server.database.db, siteId, server)).toBe('approved');
  });

  it('shows a new message length and message price to the next request', async () => {
    expect(await settingsOn(server)).toMatchObject({ message_length: expect.any(Number) });
    const changed = await staff.put('/api/admin/site.php', { id: siteId, message_length: 321, message_credits: 7 });
    expect(changed.status).toBe(200);
    expect(await settingsOn(server)).toMatchObject({ message_length: 321, message_credits: 7 });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('site settings across two instances (PostgreSQL)', () => {
  let first: TestServer;
  let second: Instance;
  let siteId: number;
  let staff: Browser;
  const db = () => first.database.db;

  beforeAll(async () => {
    first = await startTestServer('postgres');
    second = await startSecondInstance(first);
    siteId = (await createSite(db(), { is_default: true, auto_approve_photos: true, message_length: 200 })).id;
    staff = await loginStaff(first.url, await createStaff(db(), 'admin', null));
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('holds a photo uploaded on instance 2 right after staff on instance 1 switched automatic approval off', async () => {
    // Both instances cache the site row with the setting on.
    expect(await uploadAsNewMember(db(), siteId, second)).toBe('approved');
    expect(await uploadAsNewMember(db(), siteId, first)).toBe('approved');

    const heard = noticeOn(second, siteId);
    const off = await staff.put('/api/admin/photo-settings.php', { site_id: siteId, auto_approve_photos: false });
    expect(off.status).toBe(200);
    // The instance that made the change dropped its copy before answering staff.
    expect(await uploadAsNewMember(db(), siteId, first)).toBe('awaiting_approval');
    await heard;
    expect(await uploadAsNewMember(db(), siteId, second)).toBe('awaiting_approval');

    const heardOn = noticeOn(second, siteId);
    await staff.put('/api/admin/photo-settings.php', { site_id: siteId, auto_approve_photos: true });
    await heardOn;
    expect(await uploadAsNewMember(db(), siteId, second)).toBe('approved');
  });

  it('shows a message length and message price changed on instance 1 to the next request on instance 2', async () => {
    expect(await settingsOn(second)).toMatchObject({ message_length: 200 });
    const heard = noticeOn(second, siteId);
    const changed = await staff.put('/api/admin/site.php', { id: siteId, message_length: 123, message_credits: 9 });
    expect(changed.status).toBe(200);
    expect(await settingsOn(first)).toMatchObject({ message_length: 123, message_credits: 9 });
    await heard;
    expect(await settingsOn(second)).toMatchObject({ message_length: 123, message_credits: 9 });
  });
});

describe('writers of the sites table', () => {
  const WRITES_SITES = /\.(update|insert|delete)\(sites\)/;

  /** The exported repository functions whose body writes the sites table. */
  function siteWriters(): string[] {
    return sourceFiles('apps/server/src/db/repositories').flatMap((file) =>
      readSource(file)
        .split(/(?=export (?:async )?function )/)
        .filter((part) => WRITES_SITES.test(part))
        .map((part) => /export (?:async )?function (\w+)/.exec(part)?.[1])
        .filter((name): name is string => name !== undefined),
    );
  }

  it('announce the change on deps.siteChanges wherever they are called (the seed aside)', () => {
    const writers = siteWriters();
    expect(writers).toEqual(expect.arrayContaining(['updateSiteRow', 'insertSite', 'setAutoApproveById']));
    const callers = sourceFiles('apps/server/src').filter(
      (file) => !file.includes('/db/repositories/') && !file.includes('/src/seed/'),
    );
    const silent = callers.filter((file) => {
      const text = readSource(file);
      const writes = WRITES_SITES.test(text) || writers.some((name) => new RegExp(`\\b${name}\\(`).test(text));
      return writes && !/\.announce\(/.test(text);
    });
    expect(silent).toEqual([]);
  });
});
