/**
 * A new deployment's first site without SQL (issue 32, Operators; docs/deploy.md): while the database
 * has no site every member call and page answers 503 saying what to do (JSON for the API, an HTML page
 * for a browser), the back office still works so the first admin can log in, enrol the second factor
 * and create the first site, which becomes the default site; and `npm run site -- create` makes the
 * first site from the command line, announced to a running instance (PostgreSQL: NOTIFY).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, ROOT_DIR } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { hasSites } from '../src/db/repositories/sites.js';
import { totpCode } from '../src/services/staff/totp.js';
import { type DbKind, dbKinds, openTestDatabase } from './helpers/database.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { createStaff } from './helpers/staff.js';

/** What every no-site answer must tell the operator. */
const STEPS = ['npm run site -- create', 'npm run staff -- create', 'docs/deploy.md'];

/** A web client build of two pages, so the member app's page and the back office's page are served. */
function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'first-site-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>member app</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'admin.html'), '<!doctype html><title>back office</title><div id="root"></div>');
  return dir;
}

/** Runs `npm run site -- <args>` as its script does (tsx) in a child process with `env`. */
function runSiteCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT_DIR, 'apps/server/src/cli/site.ts'), ...args],
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

/** The app on `database`, listening on a loopback port. */
async function listen(database: Database): Promise<{ app: FastifyInstance; url: string }> {
  const config = { ...loadConfig({ WEB_DIST: '/nonexistent', DATA_DIR: '/tmp/test-data' }), logLevel: 'silent' };
  const app = await buildApp(config, database.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

/** Resolves once `app` hears of a change of any site (its request context subscribed first). */
function siteChangeOn(app: FastifyInstance): Promise<number> {
  return new Promise((resolve) => {
    const off = app.deps.siteChanges.subscribe((id) => {
      off();
      resolve(id);
    });
  });
}

/** The URL of the PostgreSQL database behind `database` (its pool's connection string). */
function urlOf(database: Database): string {
  return (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
    .connectionString;
}

describe.each(dbKinds())('a deployment without a site on %s', (kind: DbKind) => {
  let server: TestServer;
  let webDist: string;

  beforeAll(async () => {
    webDist = fakeWebDist();
    server = await startTestServer(kind, { env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers the API and the pages with 503 saying what to do, in JSON and in HTML', async () => {
    const visitor = new Browser(server.url, 'date.example');
    const settings = await visitor.get('/api/settings.php');
    expect(settings.status).toBe(503);
    expect(settings.json).toMatchObject({
      error: 'service_unavailable',
      data: { reason: 'no_site', docs: 'docs/deploy.md' },
    });
    for (const step of STEPS) expect(settings.json.message).toContain(step);
    const login = await visitor.post('/api/user.php', { email: 'a@example.com', password: 'whatever-123' });
    expect(login.status).toBe(503);
    expect(login.json.data.reason).toBe('no_site');

    const page = await visitor.get('/', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(503);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.json).toContain('<h1>This server has no site yet</h1>');
    for (const step of STEPS) expect(page.json).toContain(step);
    expect((await visitor.get('/members', { headers: { accept: 'text/html' } })).status).toBe(503);
  });

  it('lets the first admin log in, enrol and create the first site in the back office, which then serves every host', async () => {
    const db = server.database.db;
    const page = await new Browser(server.url).get('/admin/sites', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.json).toContain('<title>back office</title>');

    // The first admin as `npm run staff -- create` makes it: every site, no second factor yet.
    const ref = await createStaff(db, 'admin', null, { enrolled: false });
    const admin = new Browser(server.url, 'date.example');
    const first = await admin.post('/api/admin/login.php', { email: ref.email, password: ref.password });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.next).toBe('enrol');
    const enrolled = await admin.post('/api/admin/totp.php', {
      code: await totpCode(first.json.enrolment.secret, new Date()),
    });
    expect(enrolled.status, JSON.stringify(enrolled.json)).toBe(200);
    expect((await admin.get('/api/admin/me.php')).json.email).toBe(ref.email);
    expect((await admin.get('/api/admin/sites.php')).json).toEqual([]);
    expect((await admin.get('/api/admin/site-list.php')).status).toBe(200);
    expect((await admin.get('/api/admin/companies.php')).json).toEqual([]);

    const created = await admin.post('/api/admin/sites.php', {
      domain: 'date.example',
      name: 'Date Example',
      languages: ['nl', 'en', 'de', 'fr'],
      domain_language: 'nl-NL',
      niche: 1,
      company: {
        name: 'Example B.V.',
        address: 'Example Street 1',
        kvk: '12345678',
        city: 'Amsterdam',
        country: 'NL',
        tradenames: [],
        vat_numbers: [],
        support_phone: '+31 20 123 45 67',
        delete_discount: 0,
        added: '2026-11-28',
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json).toMatchObject({ domain: 'date.example', is_default: true });
    for (const host of ['date.example', 'www.date.example', '203.0.113.7']) {
      const settings = await new Browser(server.url, host).get('/api/settings.php');
      expect(settings.status).toBe(200);
      expect(settings.json.domain).toBe('date.example');
    }
    // A second site is an ordinary one: the first stays the default.
    const second = await admin.post('/api/admin/sites.php', {
      domain: 'flirt.example',
      name: 'Flirt Example',
      languages: ['nl', 'en', 'de', 'fr'],
      domain_language: 'en-GB',
      niche: 1,
      company_id: created.json.company.id,
    });
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    expect(second.json.is_default).toBe(false);
    expect((await new Browser(server.url, 'elsewhere.example').get('/api/settings.php')).json.domain).toBe(
      'date.example',
    );
  });
});

describe.each(dbKinds())('npm run site on %s', (kind: DbKind) => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-cli-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates the first site of an empty database, after which the API answers for it', async () => {
    // PGlite is one process at a time: the command runs first, the server after. On PostgreSQL the
    // server runs throughout and hears of the new site from the command (NOTIFY site_changes).
    const database = kind === 'postgres' ? await openTestDatabase('postgres') : null;
    const env = database
      ? { DATABASE_URL: urlOf(database), DATA_DIR: dataDir }
      : { DATABASE_URL: '', DATA_DIR: dataDir };
    const running = database ? await listen(database) : null;
    try {
      if (running) expect((await new Browser(running.url).get('/api/settings.php')).status).toBe(503);
      const refused = await runSiteCli(['create', '--domain', 'https://bad', '--name', 'X', '--language', 'xx'], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('the site was not created');
      expect(refused.output).toContain('--domain: Enter a host name such as flirt.example');
      expect(refused.output).toContain('--language: Choose a language such as nl-NL.');

      const heard = running ? siteChangeOn(running.app) : null;
      const run = await runSiteCli(
        ['create', '--domain', 'Date.Example', '--name', 'Date Example', '--language', 'de'],
        env,
      );
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain('Created site date.example "Date Example"');
      expect(run.output).toContain('the default site');
      expect(run.output).toContain('npm run staff -- create --email you@example.com --role admin');
      expect(run.output).toContain('Placeholders:');
      if (heard) expect(await heard).toBeGreaterThan(0);

      const again = await runSiteCli(
        ['create', '--domain', 'date.example', '--name', 'Again', '--language', 'nl'],
        env,
      );
      expect(again.code).toBe(1);
      expect(again.output).toContain('another site already uses this domain');
      expect((await runSiteCli(['list'], env)).output).toMatch(/\tdate\.example\tDate Example\tdefault\t/);

      const opened = database ?? (await openDatabase({ dataDir }));
      const app = running ?? (await listen(opened));
      try {
        expect(await hasSites(opened.db)).toBe(true);
        for (const host of ['date.example', 'other.example']) {
          const settings = await new Browser(app.url, host).get('/api/settings.php');
          expect(settings.status).toBe(200);
          expect(settings.json).toMatchObject({
            domain: 'date.example',
            name: 'Date Example',
            domain_language: 'de-DE',
          });
        }
        const credits = await new Browser(app.url, 'date.example').get('/api/credits.php');
        expect(credits.status).toBe(200);
        expect(credits.json.packages.length).toBeGreaterThan(0);
      } finally {
        if (!running) {
          await app.app.close();
          await opened.close();
        }
      }
    } finally {
      await running?.app.close();
      await database?.close();
    }
  }, 180_000);
});
