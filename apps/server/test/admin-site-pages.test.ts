import { LEGAL_PAGE_SLUGS, PAGE_TEXT_LIMITS, SHIPPED_TOKEN_PAGES } from '@app/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { auditLog, sitePages } from '../src/db/schema.js';
import { listTokenPages, loadPageText, shippedPage } from '../src/services/public/site-pages.js';
import { dbKinds } from './helpers/database.js';
import { createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { createStaff, loginStaff } from './helpers/staff.js';

/** The languages of the test site (the four every site offers). */
const LANGUAGES = ['nl', 'en', 'de', 'fr'];

/** Audit entries of `action` on site `siteId`, oldest first. */
function auditOf(db: Db, action: string, siteId: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.site_id, siteId)))
    .orderBy(asc(auditLog.id));
}

/** The `{ path, message }` issues of a validation failure. */
const issuesOf = (json: { data?: { issues?: { path: string; message: string }[] } }) => json.data?.issues ?? [];

/** The shipped text of a page as the editor's `default` shows it, or null while none ships. */
function shippedDefault(slug: string, language: string) {
  const shipped = shippedPage(slug, language);
  return shipped ? { title: shipped.title, description: shipped.description, body: shipped.body } : null;
}

/** Query string of one page text. */
const one = (siteId: number, slug: string, language: string) =>
  `/api/admin/site-page.php?site_id=${siteId}&slug=${encodeURIComponent(slug)}&language=${language}`;

describe.each(dbKinds())('back-office page texts on %s', (kind) => {
  let server: TestServer;
  let db: Db;
  let admin: Browser;
  let siteId: number;
  let otherSiteId: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    db = server.database.db;
    siteId = (await createSite(db, { is_default: true, domain: 'default.test', languages: LANGUAGES })).id;
    otherSiteId = (await createSite(db, { domain: 'other.test' })).id;
    admin = await loginStaff(server.url, await createStaff(db, 'admin', null));
  });
  afterAll(() => server?.close());

  it("lists the legal and {token} pages × the site's languages with the source of each text", async () => {
    const res = await admin.get(`/api/admin/site-pages.php?site_id=${siteId}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.site_id).toBe(siteId);
    expect(res.json.languages).toEqual(LANGUAGES);
    const pages = res.json.pages as { slug: string; kind: string; path: string; languages: unknown[] }[];
    expect(pages.filter((p) => p.kind === 'legal').map((p) => p.slug)).toEqual([...LEGAL_PAGE_SLUGS]);
    expect(pages.filter((p) => p.kind === 'token').map((p) => p.slug)).toEqual([...SHIPPED_TOKEN_PAGES].sort());
    expect(pages.find((p) => p.slug === 'terms')?.path).toBe('/pages/terms');
    for (const page of pages) {
      expect(page.languages, page.slug).toEqual(
        LANGUAGES.map((language) => ({
          language,
          source: shippedPage(page.slug, language) ? 'shipped' : 'none',
          updated_at: null,
        })),
      );
    }
  });

  it('opens a page with the shipped text as its default', async () => {
    for (const language of ['nl', 'en']) {
      const res = await admin.get(one(siteId, 'terms', language));
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const expected = shippedDefault('terms', language);
      expect(res.json).toEqual({
        site_id: siteId,
        slug: 'terms',
        kind: 'legal',
        path: '/pages/terms',
        language,
        title: expected?.title ?? '',
        description: expected?.description ?? '',
        body: expected?.body ?? '',
        source: expected ? 'shipped' : 'none',
        updated_at: null,
        default: expected,
      });
    }
  });

  it('saves a text that the public page then shows, audits it, and restores the shipped text', async () => {
    const text = {
      title: 'Algemene voorwaarden van Test',
      description: 'De voorwaarden van deze site.',
      body: '# Voorwaarden\n\nBij {{company_name}} gelden deze regels.',
    };
    const saved = await admin.put('/api/admin/site-page.php', {
      site_id: siteId,
      slug: 'terms',
      language: 'en',
      ...text,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json).toMatchObject({
      ...text,
      source: 'site',
      language: 'en',
      default: shippedDefault('terms', 'en'),
    });
    expect(Date.parse(saved.json.updated_at)).not.toBeNaN();
    expect((await admin.get(one(siteId, 'terms', 'en'))).json).toEqual(saved.json);

    // The public pages read it from the next request on; other languages and sites keep theirs.
    expect(await loadPageText({ db }, { siteId, slug: 'terms', language: 'en' })).toMatchObject({
      ...text,
      source: 'site',
      language: 'en',
    });
    expect((await loadPageText({ db }, { siteId, slug: 'terms', language: 'de' }))?.source ?? 'none').not.toBe('site');
    expect(await loadPageText({ db }, { siteId: otherSiteId, slug: 'terms', language: 'en' })).toEqual(
      shippedPage('terms', 'en') ?? shippedPage('terms', 'nl'),
    );
    const list = (await admin.get(`/api/admin/site-pages.php?site_id=${siteId}`)).json;
    const terms = list.pages.find((p: { slug: string }) => p.slug === 'terms');
    expect(terms.languages.find((l: { language: string }) => l.language === 'en')).toMatchObject({ source: 'site' });

    const [entry, ...more] = await auditOf(db, 'site_page.save', siteId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ object_type: 'site_page', object_id: 'terms/en', before: null, after: text });

    // A second edit audits the text before and after; saving the same text again records nothing.
    const edited = { ...text, title: 'Voorwaarden' };
    await admin.put('/api/admin/site-page.php', { site_id: siteId, slug: 'terms', language: 'en', ...edited });
    await admin.put('/api/admin/site-page.php', { site_id: siteId, slug: 'terms', language: 'en', ...edited });
    const saves = await auditOf(db, 'site_page.save', siteId);
    expect(saves).toHaveLength(2);
    expect(saves[1]).toMatchObject({ before: text, after: edited });

    const restored = await admin.request('DELETE', '/api/admin/site-page.php', {
      site_id: siteId,
      slug: 'terms',
      language: 'en',
    });
    expect(restored.status, JSON.stringify(restored.json)).toBe(200);
    const shipped = shippedDefault('terms', 'en');
    expect(restored.json).toMatchObject({
      source: shipped ? 'shipped' : 'none',
      title: shipped?.title ?? '',
      default: shipped,
      updated_at: null,
    });
    expect(await loadPageText({ db }, { siteId, slug: 'terms', language: 'en' })).toEqual(
      shippedPage('terms', 'en') ?? shippedPage('terms', 'nl'),
    );
    const [removal] = await auditOf(db, shipped ? 'site_page.restore' : 'site_page.delete', siteId);
    expect(removal).toMatchObject({
      object_id: 'terms/en',
      before: edited,
      after: shipped ? { source: 'shipped' } : null,
    });

    // Removing again changes nothing and records nothing.
    const again = await admin.request('DELETE', '/api/admin/site-page.php', {
      site_id: siteId,
      slug: 'terms',
      language: 'en',
    });
    expect(again.status).toBe(200);
    expect(await auditOf(db, 'site_page.restore', siteId)).toHaveLength(shipped ? 1 : 0);
    expect(await auditOf(db, 'site_page.delete', siteId)).toHaveLength(shipped ? 0 : 1);
  });

  it('creates a {token} page written by staff only and deletes it again', async () => {
    const token = 'zomer-actie';
    const text = { title: 'Zomeractie', description: '', body: 'Deze zomer **dubbele** credits.' };
    const created = await admin.put('/api/admin/site-page.php', {
      site_id: siteId,
      slug: token,
      language: 'nl',
      ...text,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json).toMatchObject({ kind: 'token', path: `/${token}`, source: 'site', default: null, ...text });
    expect(await listTokenPages({ db }, { siteId })).toContain(token);
    expect(await listTokenPages({ db }, { siteId: otherSiteId })).not.toContain(token);
    // Dutch is the fallback of the other languages (SPEC.md 1).
    expect(await loadPageText({ db }, { siteId, slug: token, language: 'en' })).toMatchObject({
      ...text,
      language: 'nl',
      source: 'site',
    });
    const list = (await admin.get(`/api/admin/site-pages.php?site_id=${siteId}`)).json;
    const entry = list.pages.find((p: { slug: string }) => p.slug === token);
    expect(entry).toMatchObject({ kind: 'token', path: `/${token}` });
    expect(entry.languages.map((l: { source: string }) => l.source)).toEqual(['site', 'none', 'none', 'none']);
    const english = await admin.get(one(siteId, token, 'en'));
    expect(english.json).toMatchObject({ source: 'none', title: '', body: '', default: null });

    const deleted = await admin.request('DELETE', '/api/admin/site-page.php', {
      site_id: siteId,
      slug: token,
      language: 'nl',
    });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toMatchObject({ source: 'none', title: '', default: null });
    expect(await loadPageText({ db }, { siteId, slug: token, language: 'nl' })).toBeNull();
    const after = (await admin.get(`/api/admin/site-pages.php?site_id=${siteId}`)).json;
    expect(after.pages.map((p: { slug: string }) => p.slug)).not.toContain(token);
    const [audit] = await auditOf(db, 'site_page.delete', siteId).then((rows) =>
      rows.filter((r) => r.object_id === `${token}/nl`),
    );
    expect(audit).toMatchObject({ before: text, after: null });
  });

  it('refuses bad slugs, reserved tokens, languages the site does not offer and bad texts with field errors', async () => {
    const body = { site_id: siteId, language: 'en', title: 'T', description: '', body: 'B' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ slug: 'Zomer Actie!' }, '/slug', 'page_token_invalid'],
      [{ slug: 'a' }, '/slug', 'page_token_invalid'],
      [{ slug: '-start' }, '/slug', 'page_token_invalid'],
      [{ slug: 'x'.repeat(50) }, '/slug', 'page_token_invalid'],
      [{ slug: 'signup' }, '/slug', 'page_token_reserved'],
      [{ slug: 'api' }, '/slug', 'page_token_reserved'],
      [{ slug: 'admin' }, '/slug', 'page_token_reserved'],
      [{ slug: 'landers' }, '/slug', 'page_token_reserved'],
      [{ slug: 'sitemap.xml' }, '/slug', 'page_token_invalid'],
      [{ slug: 'about', language: 'sv' }, '/language', 'language_not_offered'],
      [{ slug: 'about', language: 'xx' }, '/language', ''],
      [{ slug: 'about', title: '  ' }, '/title', 'required'],
      [{ slug: 'about', title: 'x'.repeat(PAGE_TEXT_LIMITS.title + 1) }, '/title', 'too_long'],
      [{ slug: 'about', description: 'x'.repeat(PAGE_TEXT_LIMITS.description + 1) }, '/description', 'too_long'],
      [{ slug: 'about', body: ' \n ' }, '/body', 'required'],
      [{ slug: 'about', body: 'x'.repeat(PAGE_TEXT_LIMITS.body + 1) }, '/body', 'too_long'],
    ];
    for (const [change, path, message] of cases) {
      const res = await admin.put('/api/admin/site-page.php', { ...body, ...change });
      const label = JSON.stringify(change).slice(0, 80);
      expect(res.status, label).toBe(400);
      expect(res.json.error, label).toBe('validation_failed');
      const issue = issuesOf(res.json).find((i) => i.path === path);
      expect(issue, `${label}: ${JSON.stringify(res.json)}`).toBeDefined();
      if (message) expect(issue?.message, label).toBe(message);
    }
    // Reading and removing check the same.
    expect(issuesOf((await admin.get(one(siteId, 'pricing', 'en'))).json)).toEqual([
      { path: '/slug', message: 'page_token_reserved' },
    ]);
    const sv = await admin.get(one(siteId, 'terms', 'sv'));
    expect(sv.status).toBe(400);
    expect(issuesOf(sv.json)).toEqual([{ path: '/language', message: 'language_not_offered' }]);
    const removal = await admin.request('DELETE', '/api/admin/site-page.php', {
      site_id: siteId,
      slug: 'members',
      language: 'en',
    });
    expect(issuesOf(removal.json)).toEqual([{ path: '/slug', message: 'page_token_reserved' }]);
    expect(await db.select().from(sitePages).where(eq(sitePages.site_id, siteId))).toEqual([]);
  });

  it('refuses roles other than admin, sites outside the account and visitors', async () => {
    const text = { site_id: siteId, slug: 'about', language: 'en', title: 'Over ons', description: '', body: 'Wij.' };
    const calls = (b: Browser, id = siteId) => [
      b.get(`/api/admin/site-pages.php?site_id=${id}`),
      b.get(one(id, 'about', 'en')),
      b.put('/api/admin/site-page.php', { ...text, site_id: id }),
      b.request('DELETE', '/api/admin/site-page.php', { site_id: id, slug: 'about', language: 'en' }),
    ];
    for (const role of ['moderator', 'support', 'operator'] as const) {
      const b = await loginStaff(server.url, await createStaff(db, role, [siteId]));
      for (const res of await Promise.all(calls(b))) {
        expect(res.status, role).toBe(403);
        expect(res.json.error, role).toBe('forbidden');
      }
    }
    const otherAdmin = await loginStaff(server.url, await createStaff(db, 'admin', [otherSiteId]));
    for (const res of await Promise.all(calls(otherAdmin))) expect(res.status).toBe(404);
    for (const res of await Promise.all(calls(otherAdmin, otherSiteId)))
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    for (const res of await Promise.all(calls(admin, 999_999))) expect(res.status).toBe(404);
    for (const res of await Promise.all(calls(new Browser(server.url)))) {
      expect(res.json.error).toBe('authentication_required');
    }
    expect(await db.select().from(sitePages).where(eq(sitePages.site_id, siteId))).toEqual([]);
  });
});
