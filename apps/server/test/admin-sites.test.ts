import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/client.js';
import { openDatabase } from '../src/db/client.js';
import { auditLog, discountCodes, gifts, sites } from '../src/db/schema.js';
import { seedMoney } from '../src/seed/money.js';
import { dbKinds } from './helpers/database.js';
import { createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { createStaff, loginStaff } from './helpers/staff.js';
import { jpegWithGps } from './helpers/uploads.js';

let counter = 0;
/** A fresh, valid body of POST /api/admin/sites.php with a new company. */
function newSiteBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    domain: `Nieuw${counter}-${Date.now()}.Example`,
    name: `Nieuwe site ${counter}`,
    languages: ['nl', 'en', 'de', 'fr', 'sv'],
    domain_language: 'sv-SE',
    niche: 5,
    colors: { primary: '#1d4ed8', secondary: '#4a1d3a' },
    company: {
      name: 'Nieuw Media B.V.',
      address: 'Oudegracht 1, 3511 AA',
      kvk: '11223344',
      city: 'Utrecht',
      country: 'nl',
      tradenames: ['Nieuw'],
      vat_numbers: ['NL 8642.13579.B01'],
      support_phone: '+31 30 - 123 45 67',
      delete_discount: 25,
      added: '2025-02-01',
    },
    ...overrides,
  };
}

/** Audit entries of `action` about site `siteId`. */
async function auditOf(db: Db, action: string, siteId: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.site_id, siteId)));
}

/** The paths of a validation failure's issues. */
const issuePaths = (json: { data?: { issues?: { path: string }[] } }) => (json.data?.issues ?? []).map((i) => i.path);

describe.each(dbKinds())('back-office sites on %s', (kind) => {
  let server: TestServer;
  let db: Db;
  let admin: Browser;
  let defaultSiteId: number;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { PHOTO_DIR: mkdtempSync(path.join(os.tmpdir(), 'sites-')) } });
    db = server.database.db;
    const site = await createSite(db, { is_default: true, domain: 'default.test' });
    defaultSiteId = site.id;
    await seedMoney(db, site.id);
    await db.insert(gifts).values([
      { site_id: site.id, name: 'Roos', image: 'gifts/roos.png', credits: 25, position: 0 },
      { site_id: site.id, name: 'Oud', image: 'gifts/oud.png', credits: 5, position: 1, active: false },
    ]);
    admin = await loginStaff(server.url, await createStaff(db, 'admin', null));
  });
  afterAll(() => server?.close());

  it('a site created through the API serves its settings on its domain, with its own packages and gifts', async () => {
    const body = newSiteBody();
    const created = await admin.post('/api/admin/sites.php', body);
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const domain = body.domain.toLowerCase();
    expect(created.json).toMatchObject({
      domain,
      name: body.name,
      niche: 5,
      is_default: false,
      languages: body.languages,
      colors: { primary: '#1d4ed8', secondary: '#4a1d3a' },
      company: { name: 'Nieuw Media B.V.', country: 'NL', vat_numbers: ['NL864213579B01'], site_count: 1 },
      member_count: 0,
      message_credits: 10,
    });
    const id = created.json.id as number;

    const visitor = new Browser(server.url, domain);
    const settings = (await visitor.get('/api/settings.php')).json;
    expect(settings).toMatchObject({
      name: body.name,
      domain,
      niche: 5,
      domain_language: 'sv-SE',
      index_title: body.name,
      colors: { primary: '#1d4ed8', secondary: '#4a1d3a' },
      logo_url: null,
    });
    const credits = (await visitor.get('/api/credits.php')).json;
    expect(credits.packages.map((p: { credits: number }) => p.credits)).toEqual([60, 150, 400, 1000]);
    const siteGifts = await db.select().from(gifts).where(eq(gifts.site_id, id));
    expect(siteGifts.map((g) => g.name)).toEqual(['Roos']);
    const codes = await db.select().from(discountCodes).where(eq(discountCodes.site_id, id));
    expect(codes.map((c) => c.kind).sort()).toEqual(['time_bonus', 'welcome']);
    expect((await visitor.get('/api/companyinfo.php')).json).toMatchObject({
      name: 'Nieuw Media B.V.',
      kvk: '11223344',
    });
    // The default site still serves its own.
    expect((await new Browser(server.url, 'default.test').get('/api/settings.php')).json.domain).toBe('default.test');

    const [entry] = await auditOf(db, 'site.create', id);
    expect(entry?.after).toMatchObject({ domain, niche: 5, copied_from_site_id: defaultSiteId });
    const list = (await admin.get('/api/admin/site-list.php')).json as { id: number; company_name: string }[];
    expect(list.find((s) => s.id === id)).toMatchObject({ company_name: 'Nieuw Media B.V.', member_count: 0 });
  });

  it('applies an edit at once, audits the changed fields before and after, and moves the default', async () => {
    const { id, domain } = (await admin.post('/api/admin/sites.php', newSiteBody())).json;
    const visitor = new Browser(server.url, domain);
    expect((await visitor.get('/api/settings.php')).json.message_length).toBe(1000);
    const costs = [
      { country: 'nl', costs: 7, currency: 'eur' },
      { country: 'SE', costs: 9, currency: 'SEK' },
    ];
    const res = await admin.put('/api/admin/site.php', {
      id,
      message_length: 500,
      signups: 'with_trafficsource',
      minimum_message_costs: costs,
      texts: { fictional_warning: { en: 'A fictional profile: no physical contact.', de: '' } },
      colors: { primary: '#0f5132', secondary: null },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const settings = (await visitor.get('/api/settings.php?lang=en')).json;
    expect(settings).toMatchObject({
      message_length: 500,
      signups: 'with_trafficsource',
      minimum_message_costs: [
        { country: 'NL', costs: 7, currency: 'EUR' },
        { country: 'SE', costs: 9, currency: 'SEK' },
      ],
      fictional_warning: 'A fictional profile: no physical contact.',
      colors: { primary: '#0f5132', secondary: null },
    });
    const [entry] = await auditOf(db, 'site.update', id);
    expect(entry?.before).toMatchObject({ message_length: 1000, signups: 'all' });
    expect(entry?.after).toMatchObject({ message_length: 500, signups: 'with_trafficsource' });
    expect(Object.keys(entry?.after as object).sort()).toEqual(
      ['colors', 'message_length', 'minimum_message_costs', 'signups', 'texts'].sort(),
    );
    // The same values again change nothing and write nothing.
    await admin.put('/api/admin/site.php', { id, message_length: 500 });
    expect(await auditOf(db, 'site.update', id)).toHaveLength(1);

    // The default moves: an unknown host is served the new default.
    expect((await admin.put('/api/admin/site.php', { id, is_default: true })).json.is_default).toBe(true);
    expect((await new Browser(server.url, 'unknown.test').get('/api/settings.php')).json.domain).toBe(domain);
    const defaults = await db.select({ id: sites.id }).from(sites).where(eq(sites.is_default, true));
    expect(defaults).toEqual([{ id }]);
    await admin.put('/api/admin/site.php', { id: defaultSiteId, is_default: true });
    expect((await new Browser(server.url, 'unknown.test').get('/api/settings.php')).json.domain).toBe('default.test');
  });

  it('refuses bad input with the fields named, and changes nothing', async () => {
    const { id, domain } = (await admin.post('/api/admin/sites.php', newSiteBody())).json;
    const bad = async (body: Record<string, unknown>, paths: string[]) => {
      const res = await admin.put('/api/admin/site.php', { id, ...body });
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(res.json.error).toBe('validation_failed');
      for (const p of paths) expect(issuePaths(res.json)).toContain(p);
    };
    await bad({ domain: 'not a host' }, ['/domain']);
    await bad({ languages: ['nl', 'en', 'de'] }, ['/languages']);
    await bad({ fictional_warning: '   ' }, ['/fictional_warning']);
    await bad({ colors: { primary: 'red', secondary: null } }, ['/colors/primary']);
    await bad({ colors: { primary: '#ffee00', secondary: null } }, ['/colors/primary']);
    await bad({ niche: 8 }, ['/niche']);
    await bad({ minimum_message_costs: [{ country: 'XX', costs: -1, currency: 'EURO' }] }, [
      '/minimum_message_costs/0/country',
      '/minimum_message_costs/0/costs',
      '/minimum_message_costs/0/currency',
    ]);
    await bad({ support_email: 'nope' }, ['/support_email']);
    await bad({ domain_language: 'sv-SE', languages: ['nl', 'en', 'de', 'fr'] }, ['/domain_language']);
    const taken = await admin.put('/api/admin/site.php', { id, domain: 'default.test' });
    expect(taken.status).toBe(409);
    expect(taken.json.data).toMatchObject({ field: 'domain' });
    expect((await admin.post('/api/admin/sites.php', newSiteBody({ domain: 'default.test' }))).status).toBe(409);
    const noCompany = await admin.post('/api/admin/sites.php', newSiteBody({ company: undefined }));
    expect(issuePaths(noCompany.json)).toContain('/company_id');

    const company = (await admin.get(`/api/admin/site.php?id=${id}`)).json.company;
    const vat = await admin.put('/api/admin/company.php', { id: company.id, vat_numbers: ['NL12'] });
    expect(vat.status).toBe(400);
    expect(issuePaths(vat.json)).toContain('/vat_numbers/0');
    const ok = await admin.put('/api/admin/company.php', {
      id: company.id,
      vat_numbers: ['DE123456789'],
      kvk: '99887766',
    });
    expect(ok.json).toMatchObject({ vat_numbers: ['DE123456789'], kvk: '99887766' });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'company.update'));
    expect(entry?.before).toMatchObject({ kvk: '11223344' });
    expect((await new Browser(server.url, domain).get('/api/companyinfo.php')).json.kvk).toBe('99887766');

    // Nothing was half-written.
    const settings = (await new Browser(server.url, domain).get('/api/settings.php')).json;
    expect(settings).toMatchObject({ domain, niche: 5, languages: ['nl', 'en', 'de', 'fr', 'sv'] });
    expect(await auditOf(db, 'site.update', id)).toHaveLength(0);
  });

  it('answers validation errors in the staff account language', async () => {
    const nl = await loginStaff(server.url, await createStaff(db, 'admin', null));
    await nl.put('/api/admin/me.php', { language: 'nl' });
    const res = await nl.put('/api/admin/site.php', { id: defaultSiteId, niche: 9 });
    expect(res.status).toBe(400);
    const en = await admin.put('/api/admin/site.php', { id: defaultSiteId, niche: 9 });
    expect(res.json.message).not.toBe(en.json.message);
  });

  it('re-encodes an uploaded logo without metadata, serves it, and removes it', async () => {
    const { id, domain } = (await admin.post('/api/admin/sites.php', newSiteBody())).json;
    const jpeg = await jpegWithGps(1200, 600);
    const res = await admin.put('/api/admin/site-logo.php', { id, image: jpeg.toString('base64') });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const logoUrl = (await new Browser(server.url, domain).get('/api/settings.php')).json.logo_url as string;
    expect(logoUrl).toMatch(/^\/photos\/logo-[0-9a-f-]+\.png$/);
    const file = await fetch(`${server.url}${logoUrl}`);
    expect(file.status).toBe(200);
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 320, height: 160 });
    expect(meta.exif).toBeUndefined();
    const notImage = await admin.put('/api/admin/site-logo.php', {
      id,
      image: Buffer.from('hello').toString('base64'),
    });
    expect(notImage.json).toMatchObject({ error: 'photo_invalid' });
    const removed = await admin.put('/api/admin/site-logo.php', { id, image: null });
    expect(removed.json.logo_url).toBeNull();
    expect((await fetch(`${server.url}${logoUrl}`)).status).toBe(404);
    expect(await auditOf(db, 'site.logo', id)).toHaveLength(2);
  });

  it('refuses every other role, and site creation to admins of some sites', async () => {
    for (const role of ['moderator', 'support', 'operator'] as const) {
      const b = await loginStaff(server.url, await createStaff(db, role, [defaultSiteId]));
      expect((await b.get('/api/admin/site-list.php')).json.error, role).toBe('forbidden');
      expect((await b.post('/api/admin/sites.php', newSiteBody())).json.error, role).toBe('forbidden');
      expect((await b.put('/api/admin/site.php', { id: defaultSiteId, niche: 2 })).json.error, role).toBe('forbidden');
    }
    const limited = await loginStaff(server.url, await createStaff(db, 'admin', [defaultSiteId]));
    expect((await limited.post('/api/admin/sites.php', newSiteBody())).status).toBe(403);
    expect((await limited.get(`/api/admin/site.php?id=${defaultSiteId}`)).status).toBe(200);
    const visitor = new Browser(server.url);
    expect((await visitor.put('/api/admin/site.php', { id: defaultSiteId, niche: 2 })).json.error).toBe(
      'authentication_required',
    );
  });
});

// Two app instances on one PostgreSQL database: a change made on one reaches the other's site cache at once.
describe.skipIf(!process.env.TEST_DATABASE_URL)('back-office sites across two server instances on PostgreSQL', () => {
  let first: TestServer;
  let second: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    first = await startTestServer('postgres');
    const pool = (first.database.db as unknown as { $client: { options: { connectionString: string } } }).$client;
    const database = await openDatabase({ url: pool.options.connectionString, dataDir: '' });
    const config = { ...loadConfig({ WEB_DIST: '/nonexistent', DATA_DIR: '/tmp/test-data' }), logLevel: 'silent' };
    const app = await buildApp(config, database.db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    second = {
      url: `http://127.0.0.1:${port}`,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
    await createSite(first.database.db, { is_default: true, domain: 'default.test' });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('serves an edit made on instance 1 from instance 2 at once, and a new site on its domain', async () => {
    const admin = await loginStaff(first.url, await createStaff(first.database.db, 'admin', null));
    const body = newSiteBody();
    const domain = body.domain.toLowerCase();
    const onSecond = new Browser(second.url, domain);
    // Instance 2 caches the default site for the new domain before the site exists.
    expect((await onSecond.get('/api/settings.php')).json.domain).toBe('default.test');
    const { id } = (await admin.post('/api/admin/sites.php', body)).json;
    await expect
      .poll(async () => (await onSecond.get('/api/settings.php')).json.domain, { timeout: 3000 })
      .toBe(domain);

    expect((await onSecond.get('/api/settings.php')).json.niche).toBe(5);
    expect((await admin.put('/api/admin/site.php', { id, niche: 3, name: 'Hernoemd' })).status).toBe(200);
    await expect
      .poll(async () => (await onSecond.get('/api/settings.php')).json, { timeout: 3000 })
      .toMatchObject({ niche: 3, name: 'Hernoemd' });
  });
});
