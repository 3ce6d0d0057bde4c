import { readFileSync } from 'node:fs';
import { ALL_LOCALES, SITE_TEXT_FIELDS, type SiteTexts } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, sites } from '../src/db/schema.js';
import { DEMO_COMPANY, demoSite } from '../src/seed/site.js';
import { DEMO_SITE_TEXTS } from '../src/seed/site-texts.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

/** The demo texts of one language, as GET /api/settings.php should answer them. */
function demoTextsIn(lng: (typeof ALL_LOCALES)[number]) {
  return {
    index_title: DEMO_SITE_TEXTS.index_title[lng],
    description: DEMO_SITE_TEXTS.description[lng],
    fictional_singular: DEMO_SITE_TEXTS.fictional_singular[lng],
    fictional_plural: DEMO_SITE_TEXTS.fictional_plural[lng],
    fictional_warning: DEMO_SITE_TEXTS.fictional_warning[lng],
    visible_profile_notes: {
      description: DEMO_SITE_TEXTS.visible_profile_notes.description[lng],
      city: DEMO_SITE_TEXTS.visible_profile_notes.city[lng],
    },
  };
}

describe.each(dbKinds())('site texts per language on %s', (kind) => {
  let server: TestServer;
  let siteId: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const db = server.database.db;
    // The demo site as the demo seed makes it (seed/site.ts), on its own host.
    const [company] = await db.insert(companies).values(DEMO_COMPANY).returning();
    const [site] = await db
      .insert(sites)
      .values({ ...demoSite(company!.id), domain: 'demo.test', is_default: false })
      .returning();
    siteId = site!.id;
    // A site with only some translations: German for the title and one note, nothing else.
    const partial: SiteTexts = {
      index_title: { de: 'Teilweise übersetzt', nl: 'Gedeeltelijk vertaald' },
      visible_profile_notes: { city: { de: 'Nur der Ort' } },
    };
    await createSite(db, {
      domain: 'partial.test',
      index_title: 'Kolom-titel',
      visible_profile_notes: { city: 'Alleen de plaats', description: 'Geen adres' },
      texts: partial,
    });
  });
  afterAll(() => server.close());

  it('ships every demo text in all eleven languages, each one its own', () => {
    for (const field of SITE_TEXT_FIELDS) {
      const byLanguage = DEMO_SITE_TEXTS[field];
      expect(Object.keys(byLanguage).sort(), field).toEqual([...ALL_LOCALES].sort());
      expect(new Set(Object.values(byLanguage)).size, field).toBeGreaterThanOrEqual(ALL_LOCALES.length - 2);
    }
    for (const note of Object.values(DEMO_SITE_TEXTS.visible_profile_notes)) {
      expect(Object.keys(note).sort()).toEqual([...ALL_LOCALES].sort());
    }
  });

  it.each(ALL_LOCALES)('answers the demo texts in %s for the i18n_redirected cookie', async (lng) => {
    const res = await new Browser(server.url, 'demo.test').get('/api/settings.php?route=/', {
      headers: { cookie: `i18n_redirected=${lng}` },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject(demoTextsIn(lng));
    expect(res.json.visible_profile_notes).toEqual(demoTextsIn(lng).visible_profile_notes);
    expect(res.headers['content-language']).toBe(lng);
  });

  it.each(ALL_LOCALES)('answers the demo texts in %s for Accept-Language', async (lng) => {
    const res = await new Browser(server.url, 'demo.test').get('/api/settings.php', {
      headers: { 'accept-language': `${lng};q=0.9` },
    });
    expect(res.json).toMatchObject(demoTextsIn(lng));
  });

  it('answers the language the client asks for, over the member language', async () => {
    const member = await createMember(server.database.db, siteId, { user: { language: 'de' } });
    const browser = new Browser(server.url, 'demo.test');
    const login = await browser.post('/api/user.php', { email: member.email, password: member.password });
    expect(login.status).toBe(200);
    expect((await browser.get('/api/settings.php')).json).toMatchObject(demoTextsIn('de'));
    expect((await browser.get('/api/settings.php?lang=en')).json).toMatchObject(demoTextsIn('en'));
    // An unknown language is ignored: the request's locale decides.
    expect((await browser.get('/api/settings.php?lang=xx')).json).toMatchObject(demoTextsIn('de'));
  });

  it('falls back to nl for a language a site did not translate', async () => {
    const partial = new Browser(server.url, 'partial.test');
    const de = (await partial.get('/api/settings.php?lang=de')).json;
    expect(de.index_title).toBe('Teilweise übersetzt');
    expect(de.visible_profile_notes).toEqual({ city: 'Nur der Ort', description: 'Geen adres' });
    expect(de.fictional_warning).toBe('Dit profiel is fictief; fysiek contact is niet mogelijk.');

    const fi = (await partial.get('/api/settings.php', { headers: { cookie: 'i18n_redirected=fi' } })).json;
    // texts.index_title.nl, then the nl columns.
    expect(fi.index_title).toBe('Gedeeltelijk vertaald');
    expect(fi.fictional_singular).toBe('fictief profiel');
    expect(fi.fictional_plural).toBe('fictieve profielen');
    expect(fi.description).toBe('A test site');
    expect(fi.visible_profile_notes).toEqual({ city: 'Alleen de plaats', description: 'Geen adres' });
  });

  it('answers the nl columns for a site without texts', async () => {
    const plain = await createSite(server.database.db, { domain: 'plain.test' });
    const en = (await new Browser(server.url, 'plain.test').get('/api/settings.php?lang=en')).json;
    expect(en).toMatchObject({
      index_title: plain.index_title,
      description: plain.description,
      fictional_warning: plain.fictional_warning,
      fictional_singular: plain.fictional_singular,
      fictional_plural: plain.fictional_plural,
    });
  });

  it('gives an existing, untouched demo site its translations through the migration', async () => {
    const db = server.database.db;
    const [company] = await db.insert(companies).values(DEMO_COMPANY).returning();
    // The demo site as seeded before `texts` existed, then the migration's UPDATE once more.
    await db.insert(sites).values({ ...demoSite(company!.id), texts: {} });
    const migration = readFileSync(new URL('../drizzle/0011_site-texts.sql', import.meta.url), 'utf8');
    const update = migration.split('--> statement-breakpoint').find((part) => part.includes('UPDATE'));
    expect(update).toBeTruthy();
    await db.execute(sql.raw(update!));
    const res = await new Browser(server.url, 'localhost').get('/api/settings.php?lang=en');
    expect(res.json).toMatchObject(demoTextsIn('en'));
  });
});
