import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_SITE_TAGS, SHIPPED_LOCALES, type SiteTag, TAG_KIND_CATEGORY } from '@app/contracts';
import {
  CONSENT_TEXT_KEYS,
  consentIslandProps,
  decodeConsent,
  encodeConsent,
  readConsent,
  TAG_CATEGORY,
} from '@app/public-site/consent';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../src/config.js';
import type { Db } from '../src/db/client.js';
import { auditLog, sites } from '../src/db/schema.js';
import { pageContext } from '../src/presenters/public-page.js';
import { dbKinds } from './helpers/database.js';
import { createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { createStaff, loginStaff } from './helpers/staff.js';

const ANALYTICS: SiteTag = { kind: 'analytics', src: 'https://stats.example/tag.js?id=42' };
const ADVERTISING: SiteTag = { kind: 'advertising', src: 'https://ads.example:8443/pixel.js' };

/** The directive `name` of a Content-Security-Policy, as its list of sources. */
function directive(csp: unknown, name: string): string[] {
  const found = String(csp)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name);
  return found ? found.slice(1) : [];
}

/** The paths of a validation failure's issues, with their messages. */
const issuesOf = (json: { data?: { issues?: { path: string; message: string }[] } }) =>
  Object.fromEntries((json.data?.issues ?? []).map((i) => [i.path, i.message]));

describe('consent: the stored choice and the tags it allows', () => {
  it('writes and reads the choice as a compact cookie value, asking again for a malformed or older one', () => {
    const choice = { version: 1, statistics: true, marketing: false, time: 1_735_689_600 };
    expect(encodeConsent(choice)).toBe('v1.s1.m0.t1735689600');
    expect(decodeConsent('v1.s1.m0.t1735689600')).toEqual(choice);
    expect(readConsent('i18n_redirected=en; cookie_consent=v1.s0.m1.t5; sid=x')).toMatchObject({
      statistics: false,
      marketing: true,
    });
    for (const bad of ['', 'v0.s1.m1.t5', 'v1.s2.m0.t5', 'v1.s1.m0', '{"statistics":true}', 'v1.s1.m1.t5;x'])
      expect(decodeConsent(bad), bad).toBeNull();
    expect(readConsent('other=v1.s1.m1.t5')).toBeNull();
  });

  it("maps each tag kind to the contracts' category", () => {
    expect(TAG_CATEGORY).toEqual(TAG_KIND_CATEGORY);
  });

  it('ships every banner text in every language', () => {
    for (const lng of SHIPPED_LOCALES) {
      const file = JSON.parse(readFileSync(path.join(ROOT_DIR, 'locales', lng, 'consent.json'), 'utf8'));
      expect(Object.keys(file.consent).sort(), lng).toEqual([...CONSENT_TEXT_KEYS].sort());
      for (const key of CONSENT_TEXT_KEYS) expect(String(file.consent[key]).trim(), `${lng} ${key}`).not.toBe('');
    }
  });
});

describe.each(dbKinds())('consent tags on %s', (kind) => {
  let server: TestServer;
  let db: Db;
  let admin: Browser;
  let tagged: { id: number; domain: string };
  let plain: { id: number; domain: string };

  beforeAll(async () => {
    server = await startTestServer(kind);
    db = server.database.db;
    const site = await createSite(db, { is_default: true });
    tagged = { id: site.id, domain: site.domain };
    const other = await createSite(db);
    plain = { id: other.id, domain: other.domain };
    admin = await loginStaff(server.url, await createStaff(db, 'admin', null));
  });
  afterAll(() => server?.close());

  /** Audit entries `site.update` of site `siteId`. */
  const audits = (siteId: number) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'site.update'), eq(auditLog.site_id, siteId)));

  it("staff save a site's tags with an audit entry; the settings answer them", async () => {
    const res = await admin.put('/api/admin/site.php', { id: tagged.id, tags: [ANALYTICS, ADVERTISING] });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [entry, ...more] = await audits(tagged.id);
    expect(more).toHaveLength(0);
    expect(entry?.before).toEqual({ tags: [] });
    expect(entry?.after).toEqual({ tags: [ANALYTICS, ADVERTISING] });

    const settings = await new Browser(server.url, tagged.domain).get('/api/settings.php');
    expect(settings.json.tags).toEqual([ANALYTICS, ADVERTISING]);
    expect((await new Browser(server.url, plain.domain).get('/api/settings.php')).json.tags).toEqual([]);
  });

  it('refuses anything but known kinds at https URLs, at most ten, naming the field', async () => {
    const bad = async (tags: unknown, expected: Record<string, string>) => {
      const res = await admin.put('/api/admin/site.php', { id: plain.id, tags });
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(res.json.error).toBe('validation_failed');
      expect(issuesOf(res.json)).toMatchObject(expected);
    };
    await bad([{ kind: 'analytics', src: 'http://stats.example/tag.js' }], { '/tags/0/src': 'tag_url_invalid' });
    await bad([{ kind: 'analytics', src: 'javascript:alert(1)' }], { '/tags/0/src': 'tag_url_invalid' });
    await bad([{ kind: 'analytics', src: 'https://user:pw@stats.example/tag.js' }], {
      '/tags/0/src': 'tag_url_invalid',
    });
    await bad([ANALYTICS, { kind: 'pixel', src: 'https://stats.example/b.js' }], {
      '/tags/1/kind': 'tag_kind_invalid',
    });
    await bad([ANALYTICS, ANALYTICS], { '/tags': 'duplicates' });
    const many = Array.from({ length: MAX_SITE_TAGS + 1 }, (_, i) => ({
      kind: 'analytics',
      src: `https://s${i}.example/t.js`,
    }));
    await bad(many, { '/tags': 'too_many_tags' });
    expect(await audits(plain.id)).toHaveLength(0);
    // The back office shows these field errors in the staff's language (English and Dutch catalogues).
    for (const lng of ['en', 'nl']) {
      const issues = JSON.parse(readFileSync(path.join(ROOT_DIR, 'locales', lng, 'admin-sites.json'), 'utf8')).issues;
      for (const key of ['tag_url_invalid', 'tag_kind_invalid', 'too_many_tags', 'duplicates'])
        expect(issues[key], `${lng} ${key}`).toBeTruthy();
    }
  });

  it("allows the tags' origins in that site's Content-Security-Policy only, never inline scripts", async () => {
    await admin.put('/api/admin/site.php', { id: tagged.id, tags: [ANALYTICS, ADVERTISING] });
    const site = new Browser(server.url, tagged.domain);
    for (const url of ['/', '/pages/cookies', '/api/settings.php']) {
      const csp = (await site.get(url)).headers['content-security-policy'];
      for (const name of ['script-src', 'connect-src', 'img-src']) {
        expect(directive(csp, name), `${url} ${name}`).toEqual(
          expect.arrayContaining(["'self'", 'https://stats.example', 'https://ads.example:8443']),
        );
      }
      expect(directive(csp, 'script-src'), url).toEqual([
        "'self'",
        'https://stats.example',
        'https://ads.example:8443',
      ]);
      expect(directive(csp, 'frame-ancestors'), url).toEqual(["'none'"]);
      expect(directive(csp, 'default-src'), url).toEqual(["'self'"]);
    }
    for (const url of ['/', '/api/settings.php']) {
      const csp = (await new Browser(server.url, plain.domain).get(url)).headers['content-security-policy'];
      expect(String(csp), url).not.toContain('stats.example');
      expect(directive(csp, 'script-src'), url).toEqual(["'self'"]);
    }
  });

  it('sets no cookie on public pages before consent, with tags configured', async () => {
    await admin.put('/api/admin/site.php', { id: tagged.id, tags: [ANALYTICS] });
    const visitor = new Browser(server.url, tagged.domain);
    for (const url of ['/', '/landers/gallery', '/pages/cookies', '/api/settings.php']) {
      const res = await visitor.get(url, { clientHeader: false });
      expect(res.setCookies, url).toEqual([]);
    }
    // The page carries no tag: tags are inserted by the browser after consent only.
    const home = await visitor.get('/');
    expect(home.status).toBe(200);
    expect(String(home.json)).not.toContain('<script src="https://stats.example');
  });

  it("builds the banner's props in the page's language with the site's tags", async () => {
    const [site] = await db.select().from(sites).where(eq(sites.id, tagged.id));
    if (!site) throw new Error('no site');
    const request = {
      site: { ...site, tags: [ANALYTICS, { kind: 'pixel', src: 'https://x.example/a.js' } as unknown as SiteTag] },
      path: '/',
      queryLang: undefined,
      loggedIn: false,
      hasTrafficSource: false,
      geoipCountry: null,
      company: null,
    };
    const nl = consentIslandProps(
      pageContext(server.app.deps.config, { ...request, requestLocale: 'nl' }),
      request.site.tags,
    );
    expect(nl.lang).toBe('nl');
    expect(nl.texts.acceptAll).toBe('Alles accepteren');
    expect(nl.texts.necessaryOnly).toBe('Alleen noodzakelijk');
    expect(nl.texts.title).toContain(site.name);
    expect(nl.tags).toEqual([ANALYTICS]);
    expect(nl.policyUrl).toBe('/pages/cookies');
    const en = consentIslandProps(
      pageContext(server.app.deps.config, {
        ...request,
        site: { ...request.site, languages: ['nl', 'en'] },
        requestLocale: 'en',
      }),
      request.site.tags,
    );
    expect(en.texts.acceptAll).toBe('Accept all');
    expect(en.policyUrl).toBe('/pages/cookies?lang=en');
  });
});
