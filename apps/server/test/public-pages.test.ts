import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ALL_LOCALES,
  LEGAL_PAGE_SLUGS,
  SEARCH_FILTER_COOKIE,
  SHIPPED_TOKEN_PAGES,
  SHOWN_ALERT_COOKIE,
} from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, sitePages } from '../src/db/schema.js';
import { RETENTION_DAYS } from '../src/jobs/kinds.js';
import { createChatMember, sendText } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';
import {
  alternatesOf,
  canonicalOf,
  catalogueText,
  filledPattern,
  h1Of,
  langOf,
  mainTextsOf,
  metaOf,
  RAW_KEY,
  shippedFile,
  structuredDataOf,
  titleOf,
  visibleText,
} from './helpers/public-pages.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { createPackage } from './helpers/shop-factories.js';

/**
 * The public pages rendered on the server (issue: public site; SPEC.md 2, 5, 9), fetched without a
 * browser: head tags for search engines and link previews, the page's language, the legal texts filled
 * from the company info, staff texts per site and language, robots.txt and the sitemap per site.
 */

const MAIN = 'hart.test';
const MAIN_ORIGIN = 'https://hart.example';
const BLUE = 'blauw.test';
const BLUE_ORIGIN = 'https://blauw.example';
const ODD = 'odd.test';
/** The shipped pages: /pages/<legal slug> and /<token>. */
const SHIPPED_PATHS = [
  ...LEGAL_PAGE_SLUGS.map((slug) => ({ slug, path: `/pages/${slug}` })),
  ...SHIPPED_TOKEN_PAGES.map((slug) => ({ slug, path: `/${slug}` })),
];
const HERO = { nl: 'Vind hier de liefde', en: 'Find love right here', de: 'Finde hier die Liebe' };

describe.each(dbKinds())('server-rendered public pages on %s', (kind) => {
  let server: TestServer;
  let mainSiteId: number;
  let blueSiteId: number;

  const get = (path: string, host = MAIN, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: path, headers: { host, ...headers } });

  /** A public page that must render: 200 HTML, no placeholder or catalogue key left. */
  const page = async (path: string, host = MAIN, headers: Record<string, string> = {}) => {
    const res = await get(path, host, headers);
    expect(res.statusCode, `${host}${path}`).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    const text = visibleText(html);
    // The text around a placeholder or a catalogue key left in the page, so a failure names it.
    expect(/.{0,80}(\{\{|%7B%7B).{0,80}/.exec(html)?.[0], `${host}${path}: placeholder left`).toBeUndefined();
    expect(text.match(RAW_KEY)?.[0], `${host}${path}: catalogue key shown`).toBeUndefined();
    return { res, html, text };
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    const db = server.database.db;
    const main = await createSite(db, {
      is_default: true,
      domain: MAIN,
      public_url: MAIN_ORIGIN,
      name: 'Hartenvrouw',
      domain_language: 'nl-NL',
      index_title: HERO.nl,
      description: 'Daten in Nederland',
      texts: {
        index_title: HERO,
        description: { en: 'Dating in the Netherlands', de: 'Dating in den Niederlanden' },
      },
      support_phone: '+31 20-808 1234',
      support_email: 'help@hart.example',
      refund_days: 14,
    });
    mainSiteId = main.id;
    await db
      .update(companies)
      .set({
        name: 'Hart Media B.V.',
        kvk: '87654321',
        address: 'Keizersgracht 1',
        city: 'Amsterdam',
        tradenames: ['Hartenvrouw'],
        vat_numbers: ['NL001234567B01'],
        // Earlier than the terms version date: the terms keep 2023-12-01 (SPEC.md 9).
        added: '2020-05-01',
      })
      .where(eq(companies.id, main.company_id));
    const blue = await createSite(db, {
      domain: BLUE,
      public_url: BLUE_ORIGIN,
      name: 'Blaue Herzen',
      domain_language: 'de-DE',
      languages: ['de', 'nl', 'en', 'fr'],
      index_title: 'Blauwe harten',
      texts: { index_title: { de: 'Blaue Herzen finden', en: 'Find blue hearts' } },
    });
    blueSiteId = blue.id;
    // Later than the terms version date: the terms are dated the company's added date.
    await db.update(companies).set({ name: 'Blau GmbH', added: '2025-03-15' }).where(eq(companies.id, blue.company_id));
    await createSite(db, {
      domain: ODD,
      public_url: 'https://odd.example',
      name: 'Love <b>bold</b> & "co"',
      index_title: '',
      texts: {},
      description: 'Flirt <i>now</i>',
    });
    await createPackage(db, mainSiteId, { credits: 100, price_cents: 1295 });
    await createPackage(db, mainSiteId, { credits: 250, price_cents: 2495 });
    await createPackage(db, blueSiteId, { credits: 40, price_cents: 999 });
  });
  afterAll(async () => {
    await server.close();
  });

  describe('the home page', () => {
    it('renders for a visitor with lang, title, description, canonical, hreflang, link-preview tags and JSON-LD', async () => {
      const { html, text } = await page('/');
      expect(langOf(html)).toBe('nl');
      expect(titleOf(html)).toBe(HERO.nl);
      expect(metaOf(html, 'description')).toBe('Daten in Nederland');
      expect(canonicalOf(html)).toBe(`${MAIN_ORIGIN}/`);
      const alternates = alternatesOf(html);
      expect(Object.keys(alternates).sort()).toEqual([...ALL_LOCALES, 'x-default'].sort());
      expect(alternates.nl).toBe(`${MAIN_ORIGIN}/`);
      expect(alternates.en).toBe(`${MAIN_ORIGIN}/?lang=en`);
      expect(alternates.pl).toBe(`${MAIN_ORIGIN}/?lang=pl`);
      expect(alternates['x-default']).toBe(`${MAIN_ORIGIN}/`);
      expect(metaOf(html, 'og:title')).toBe(HERO.nl);
      expect(metaOf(html, 'og:description')).toBe('Daten in Nederland');
      expect(metaOf(html, 'og:url')).toBe(`${MAIN_ORIGIN}/`);
      expect(metaOf(html, 'og:site_name')).toBe('Hartenvrouw');
      expect(metaOf(html, 'og:locale')).toMatch(/^nl_NL$/);
      expect(metaOf(html, 'twitter:card')).toMatch(/^summary(_large_image)?$/);
      expect(metaOf(html, 'twitter:title')).toBe(HERO.nl);
      const website = structuredDataOf(html).find((d) => d['@type'] === 'WebSite');
      expect(website).toMatchObject({ '@context': 'https://schema.org', name: 'Hartenvrouw', url: `${MAIN_ORIGIN}/` });
      const organization = structuredDataOf(html).find((d) => d['@type'] === 'Organization');
      expect(organization).toMatchObject({ name: 'Hart Media B.V.', telephone: '+31208081234' });
      expect(h1Of(html)).toBe(HERO.nl);
      expect(text).toContain(catalogueText('nl', 'common', 'footer.terms'));
      // The company behind the site and its support phone, cleaned of hyphens and spaces (SPEC.md 5).
      expect(text).toContain('Hart Media B.V.');
      expect(text).toContain('87654321');
      expect(html).toContain('href="tel:+31208081234"');
      expect(html).not.toContain('808 1234');
      // Search engines may index it; the document is not the member client.
      expect(html).not.toContain('name="robots"');
      expect(html).toMatch(/<a [^>]*href="\/signup"/);
    });

    it.each([
      ['en', HERO.en],
      ['de', HERO.de],
    ] as const)('?lang=%s: lang, texts, canonical and the locale cookie in that language', async (lng, hero) => {
      const { res, html, text } = await page(`/?lang=${lng}`);
      expect(langOf(html)).toBe(lng);
      expect(h1Of(html)).toBe(hero);
      expect(titleOf(html)).toBe(hero);
      expect(canonicalOf(html)).toBe(`${MAIN_ORIGIN}/?lang=${lng}`);
      expect(metaOf(html, 'og:url')).toBe(`${MAIN_ORIGIN}/?lang=${lng}`);
      expect(alternatesOf(html)['x-default']).toBe(`${MAIN_ORIGIN}/`);
      for (const key of ['footer.terms', 'footer.privacy', 'footer.faq', 'home.howTitle']) {
        const expected = catalogueText(lng, 'common', key);
        expect(expected, `${lng} common ${key}`).toBeTruthy();
        expect(text, key).toContain(expected);
      }
      // The public catalogue is shipped in every language (brief: all eleven languages).
      const cookieSettings = catalogueText(lng, 'public', 'layout.cookieSettings');
      expect(cookieSettings, `locales/${lng}/public.json layout.cookieSettings`).toBeTruthy();
      expect(text).toContain(cookieSettings);
      expect(text).not.toContain(catalogueText('nl', 'common', 'footer.terms'));
      const cookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('i18n_redirected='));
      expect(cookie).toMatch(new RegExp(`^i18n_redirected=${lng};`));
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).toMatch(/SameSite=Lax/i);
      // The language menu links to the same page in each language.
      expect(html).toMatch(/<details class="pub-lang">/);
      expect(html).toContain('href="/?lang=fr" hreflang="fr"');
      expect(html).toMatch(new RegExp(`href="[^"]*" hreflang="${lng}" lang="${lng}" aria-current="true"`));
    });

    it('a site text missing in the language shows the Dutch one (SPEC.md 1)', async () => {
      const { html } = await page('/?lang=fr');
      expect(langOf(html)).toBe('fr');
      expect(h1Of(html)).toBe(HERO.nl);
      expect(visibleText(html)).toContain(catalogueText('fr', 'common', 'footer.terms'));
    });

    it('a language the site does not show falls back to the site default, without a cookie', async () => {
      const blue = await page('/?lang=pl', BLUE);
      expect(langOf(blue.html)).toBe('de');
      expect(h1Of(blue.html)).toBe('Blaue Herzen finden');
      expect(canonicalOf(blue.html)).toBe(`${BLUE_ORIGIN}/`);
      expect(Object.keys(alternatesOf(blue.html)).sort()).toEqual(['de', 'en', 'fr', 'nl', 'x-default']);
      expect(alternatesOf(blue.html).nl).toBe(`${BLUE_ORIGIN}/?lang=nl`);
      expect(alternatesOf(blue.html)['x-default']).toBe(`${BLUE_ORIGIN}/`);
      expect([blue.res.headers['set-cookie'] ?? []].flat().join(';')).not.toContain('i18n_redirected');
      const main = await page('/?lang=xx');
      expect(langOf(main.html)).toBe('nl');
      expect(h1Of(main.html)).toBe(HERO.nl);
    });

    it('sends a visitor who prefers another language (cookie, Accept-Language) to its URL, query kept', async () => {
      for (const [headers, location] of [
        [{ cookie: 'i18n_redirected=de' }, '/?lang=de'],
        [{ 'accept-language': 'fr-FR,fr;q=0.9' }, '/?lang=fr'],
      ] as const) {
        const res = await get('/', MAIN, headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(302);
        expect(res.headers.location).toBe(location);
      }
      const tracked = await get('/pages/faq?ref=ad', MAIN, { cookie: 'i18n_redirected=en' });
      expect(tracked.statusCode).toBe(302);
      expect(tracked.headers.location).toBe('/pages/faq?ref=ad&lang=en');
      // The site's own language and a language the site does not show stay on the unqualified URL.
      expect(langOf((await page('/', MAIN, { 'accept-language': 'nl-NL' })).html)).toBe('nl');
      expect(langOf((await page('/', BLUE, { 'accept-language': 'pl' })).html)).toBe('de');
    });

    it('lets a visitor who chose another language go back to the site language through the menu', async () => {
      const chosen = await get('/?lang=en');
      const cookie = [chosen.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('i18n_redirected='));
      expect(cookie).toMatch(/^i18n_redirected=en;/);
      const nlLink = /<a href="([^"]*)" hreflang="nl"/.exec(chosen.body)?.[1];
      expect(nlLink, 'the menu link to Nederlands').toBeTruthy();
      // The browser follows the link with the cookie it was just given.
      let res = await get(nlLink as string, MAIN, { cookie: 'i18n_redirected=en' });
      for (let hops = 0; hops < 3 && res.statusCode === 302; hops++)
        res = await get(res.headers.location as string, MAIN, { cookie: 'i18n_redirected=en' });
      expect(res.statusCode).toBe(200);
      expect(langOf(res.body), `after following ${nlLink}`).toBe('nl');
    });

    it('sends a logged-in member to /members', async () => {
      const member = await createMember(server.database.db, mainSiteId);
      const browser = new Browser(server.url, MAIN);
      expect((await browser.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(
        200,
      );
      const res = await browser.get('/', { clientHeader: false });
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/members');
      // The other public pages stay readable for a member, with the way to the members area.
      const terms = await browser.get('/pages/terms', { clientHeader: false });
      expect(terms.status).toBe(200);
      expect(String(terms.json)).toContain('href="/members"');
    });

    it('escapes the site name and texts in the title, the tags and the body', async () => {
      const { html, text } = await page('/', ODD);
      expect(html).not.toMatch(/<b>|<\/b>|<i>/);
      expect(titleOf(html)).toContain('Love <b>bold</b> & "co"');
      expect(html).toMatch(/<title>[^<]*Love &(#60|lt);b&(#62|gt);bold/);
      expect(metaOf(html, 'og:site_name')).toBe('Love <b>bold</b> & "co"');
      expect(metaOf(html, 'description')).toBe('Flirt <i>now</i>');
      expect(text).toContain('Love <b>bold</b> & "co"');
      const website = structuredDataOf(html).find((d) => d['@type'] === 'WebSite');
      expect(website?.name).toBe('Love <b>bold</b> & "co"');
    });
  });

  describe('the legal pages and the {token} pages', () => {
    it.each(['nl', 'en'])('each shipped page exists in %s and shows its title and main text', async (lng) => {
      const missing: string[] = [];
      for (const { slug, path } of SHIPPED_PATHS) {
        const file = shippedFile(lng, slug);
        if (!file) {
          missing.push(`locales/${lng}/pages/${slug}.md`);
          continue;
        }
        const { html, text } = await page(lng === 'nl' ? path : `${path}?lang=${lng}`);
        expect(langOf(html)).toBe(lng);
        expectShippedText(html, text, file, `${lng} ${slug}`);
        expect(canonicalOf(html)).toBe(lng === 'nl' ? `${MAIN_ORIGIN}${path}` : `${MAIN_ORIGIN}${path}?lang=${lng}`);
        expect(metaOf(html, 'og:type')).toBe('article');
        expect(metaOf(html, 'description')?.length ?? 0).toBeGreaterThan(0);
        expect(Object.keys(alternatesOf(html))).toHaveLength(ALL_LOCALES.length + 1);
        // The company behind the site (SPEC.md 5: name, kvk) and support, cleaned.
        expect(text).toContain('Hart Media B.V.');
        expect(text).toContain('87654321');
        expect(html).not.toContain('808 1234');
      }
      expect(missing, 'shipped page files missing').toEqual([]);
    });

    it('shows each language its own file, else the Dutch one (SPEC.md 1)', async () => {
      for (const lng of ALL_LOCALES) {
        for (const { slug, path } of SHIPPED_PATHS) {
          const own = shippedFile(lng, slug);
          const file = own ?? shippedFile('nl', slug);
          if (!file) continue; // reported by the test above
          const { html, text } = await page(`${path}?lang=${lng}`);
          expect(langOf(html), `${lng} ${slug}`).toBe(lng);
          expectShippedText(html, text, file, `${lng} ${slug} (${own ? 'own file' : 'nl fallback'})`);
        }
      }
    });

    it('names the retention periods the purge_records job keeps to on the privacy page', async () => {
      const { text } = await page('/pages/privacy?lang=en');
      expect(text).toContain(
        `${RETENTION_DAYS.outbox} days (login attempts ${RETENTION_DAYS.login_attempts} days, page events ${RETENTION_DAYS.page_events} days)`,
      );
      expect(text).toContain(`${RETENTION_DAYS.mail_feedback} days, so we do not keep mailing`);
    });

    it('fills the support phone cleaned of hyphens and spaces and the support address', async () => {
      const pages = await Promise.all(SHIPPED_PATHS.map(({ path }) => get(`${path}?lang=en`)));
      const all = pages.map((p) => p.body).join('\n');
      expect(all).toContain('tel:+31208081234');
      expect(all).not.toContain('808 1234');
      expect(all).not.toContain('20-808');
      expect(all).toContain('help@hart.example');
    });

    it('dates the terms 2023-12-01 when the company is older, else the company added date', async () => {
      const main = await page('/pages/terms?lang=en');
      expect(main.text).toContain('1 December 2023');
      expect(main.text).not.toContain('1 May 2020');
      const blue = await page('/pages/terms?lang=en', BLUE);
      expect(blue.text).toContain('15 March 2025');
      expect(blue.text).not.toContain('1 December 2023');
      const blueNl = await page('/pages/terms?lang=nl', BLUE);
      expect(blueNl.text).toContain('15 maart 2025');
      expect((await page('/pages/terms')).text).toContain('1 december 2023');
    });

    it('uses a staff text for that site and language only, and renders its HTML as text', async () => {
      const db = server.database.db;
      await db.insert(sitePages).values({
        site_id: mainSiteId,
        slug: 'faq',
        language: 'en',
        title: 'Questions about {{site_name}}',
        description: 'Staff FAQ',
        body: '## Staff question\n\nCall [us](tel:{{support_phone}}).\n\n<script>alert("staff")</script>\n\n<img src=x onerror=alert(1)>',
      });
      const own = await page('/pages/faq?lang=en');
      expect(h1Of(own.html)).toBe('Questions about Hartenvrouw');
      expect(titleOf(own.html)).toContain('Questions about Hartenvrouw');
      expect(metaOf(own.html, 'description')).toBe('Staff FAQ');
      expect(own.text).toContain('Staff question');
      expect(own.html).toContain('href="tel:+31208081234"');
      expect(own.html).not.toContain('<script>alert');
      expect(own.html).not.toContain('<img src=x');
      expect(own.html).toMatch(/&lt;script&gt;alert\(&quot;staff&quot;\)&lt;\/script&gt;/);
      // Other languages of the site and the other site keep the shipped text.
      for (const [path, host, lng] of [
        ['/pages/faq', MAIN, 'nl'],
        ['/pages/faq?lang=de', MAIN, 'de'],
        ['/pages/faq?lang=en', BLUE, 'en'],
      ] as const) {
        const res = await get(path, host);
        expect(res.statusCode, `${host}${path}`).toBe(200);
        expect(res.body, `${host}${path}`).not.toContain('Staff question');
        const file = shippedFile(lng, 'faq') ?? shippedFile('nl', 'faq');
        if (file) expectShippedText(res.body, visibleText(res.body), file, `${host} ${path}`);
      }
    });

    it('serves a staff-written {token} page on its own site only, in nl when the language has none', async () => {
      await server.database.db.insert(sitePages).values({
        site_id: blueSiteId,
        slug: 'zomeractie',
        language: 'nl',
        title: 'Zomeractie van {{site_name}}',
        description: 'Alles over de zomeractie',
        body: '## Zo doe je mee\n\nMeld je aan voor {{refund_days}} dagen plezier.',
      });
      const nl = await page('/zomeractie?lang=nl', BLUE);
      expect(h1Of(nl.html)).toBe('Zomeractie van Blaue Herzen');
      expect(nl.text).toContain('Meld je aan voor 14 dagen plezier.');
      const de = await page('/zomeractie', BLUE);
      expect(langOf(de.html)).toBe('de');
      expect(h1Of(de.html)).toBe('Zomeractie van Blaue Herzen');
      expect((await get('/zomeractie', MAIN)).statusCode).toBe(404);
    });
  });

  describe('/pricing', () => {
    it('lists the site packages and what things cost, in the page language', async () => {
      const nl = await page('/pricing');
      expect(titleOf(nl.html)).toContain(catalogueText('nl', 'money', 'pricing.title'));
      expect(h1Of(nl.html)).toBe(catalogueText('nl', 'money', 'pricing.title'));
      expect(nl.text).toContain('100 credits');
      expect(nl.text).toContain('250 credits');
      expect(nl.text).toMatch(/€\s?12,95/);
      expect(nl.text).toMatch(/€\s?24,95/);
      expect(nl.text).not.toContain('40 credits');
      expect(nl.html).toMatch(/data-testid="cost-message"[\s\S]*?10 credits/);
      expect(nl.html).toMatch(/data-testid="cost-photo"[\s\S]*?15 credits/);
      expect(nl.html).toMatch(/data-testid="cost-gift"[\s\S]*?25 credits/);
      expect(nl.text).toContain('14 dagen');
      expect(nl.html).toContain('href="/pages/return-policy"');
      const en = await page('/pricing?lang=en');
      expect(h1Of(en.html)).toBe(catalogueText('en', 'money', 'pricing.title'));
      expect(en.text).toMatch(/€\s?12\.95/);
      expect(en.text).toContain('14 days');
      expect(canonicalOf(en.html)).toBe(`${MAIN_ORIGIN}/pricing?lang=en`);
      const blue = await page('/pricing', BLUE);
      expect(blue.text).toMatch(/40 credits/i);
      expect(blue.text).not.toMatch(/100 credits/i);
    });

    it("shows a member the app's navigation, rendered on the server; a visitor login, signup and the signup dialog", async () => {
      const islandProps = (html: string, name: string) => {
        const raw = new RegExp(`data-island="${name}" data-props="([^"]*)"`).exec(html)?.[1];
        return raw === undefined ? null : (JSON.parse(raw.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as never);
      };
      const visitor = await page('/pricing?lang=en');
      expect(visitor.html).toContain('data-testid="site-brand"');
      expect(visitor.html).not.toContain('data-testid="member-nav"');
      expect(visitor.text).toContain(catalogueText('en', 'common', 'nav.login'));
      // The signup dialog's texts are the member app's, in the page's language, rules filled in.
      const dialog = islandProps(visitor.html, 'signup-dialog') as unknown as {
        lang: string;
        texts: Record<string, string>;
        rules: Record<string, string>;
      };
      expect(dialog.lang).toBe('en');
      expect(dialog.texts.title).toBe('Sign up free at Hartenvrouw');
      expect(dialog.texts.email).toBe(catalogueText('en', 'access', 'signup.email'));
      expect(dialog.rules['errors:invalid_email']).toBe('Invalid email');
      expect(dialog.rules['errors:date_of_birth_required']).toBe('Enter your date of birth (18+ years)');
      const nlDialog = islandProps((await page('/pricing')).html, 'signup-dialog') as unknown as {
        rules: Record<string, string>;
      };
      expect(nlDialog.rules['errors:name_is_email']).toBe('Je profielnaam moet anders zijn dan je e-mailadres');

      const member = await createMember(server.database.db, mainSiteId, {
        user: { paid_user: true, credits: 4 },
        profile: { name: 'Navigatrix' },
      });
      const browser = new Browser(server.url, MAIN);
      expect((await browser.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(
        200,
      );
      for (const url of ['/pricing', '/pages/terms']) {
        const res = await browser.get(url, { clientHeader: false });
        expect(res.status, url).toBe(200);
        const html = String(res.json);
        const nav = /data-testid="member-nav">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
        const links = [...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
        expect(links, url).toEqual(['/members', '/chats', '/likes', '/swipe-game', '/match-finder', '/credits']);
        // A paid member's credits badge at 10 or fewer (SPEC.md 2), the account menu with the profile name.
        expect(nav).toMatch(/pub-badge-warning">4/);
        expect(html).toContain('aria-label="Navigatrix"');
        for (const href of ['/profile', '/notifications', '/transactions']) expect(html).toContain(`href="${href}"`);
        expect(html).not.toContain(catalogueText('nl', 'public', 'layout.membersArea'));
        expect(html).not.toContain('href="/login"');
        // No signup dialog and no site-entry warning for a member.
        expect(html).not.toContain('data-island="signup-dialog"');
        expect(html).not.toContain('data-island="site-entry"');
        expect(html).toMatch(/class="pub-brand" data-testid="site-brand"|href="\/members" class="pub-brand"/);
      }
    });
  });

  describe('robots.txt and sitemap.xml per site', () => {
    it('robots.txt names the site sitemap and keeps crawlers out of the API and the back office', async () => {
      for (const [host, origin] of [
        [MAIN, MAIN_ORIGIN],
        [BLUE, BLUE_ORIGIN],
      ] as const) {
        const res = await get('/robots.txt', host);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expect(res.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
        expect(res.body).toMatch(/^Disallow: \/api\/$/m);
        expect(res.body).toMatch(/^Disallow: \/admin$/m);
        expect(res.body).not.toContain('<html');
      }
    });

    it('lists the public pages of that site only, each with its own origin and language alternates', async () => {
      const sitemap = async (host: string) => {
        const res = await get('/sitemap.xml', host);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^application\/xml/);
        expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
        return res.body;
      };
      const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');
      const main = await sitemap(MAIN);
      const blue = await sitemap(BLUE);
      // Staff wrote a {token} page for the blue site (the test above may not have run alone).
      await server.database.db
        .insert(sitePages)
        .values({ site_id: blueSiteId, slug: 'blauwe-week', language: 'de', title: 'Blaue Woche', body: 'Text' })
        .onConflictDoNothing();
      const blueAfter = await sitemap(BLUE);
      const mainAfter = await sitemap(MAIN);

      const mainLocs = locs(mainAfter);
      expect(mainLocs.every((url) => url.startsWith(`${MAIN_ORIGIN}/`))).toBe(true);
      for (const path of ['/', '/pricing', ...SHIPPED_PATHS.map((p) => p.path)]) {
        expect(mainLocs, path).toContain(`${MAIN_ORIGIN}${path}`);
        expect(mainLocs, path).toContain(`${MAIN_ORIGIN}${path}?lang=en`);
        expect(mainLocs, path).toContain(`${MAIN_ORIGIN}${path}?lang=pl`);
      }
      expect(mainLocs).toContain(`${MAIN_ORIGIN}/landers/gallery`);
      expect(mainLocs).toContain(`${MAIN_ORIGIN}/landers/tinderswipe?lang=de`);
      expect(mainLocs).not.toContain(`${MAIN_ORIGIN}/?lang=nl`);
      expect(mainAfter).not.toContain(BLUE_ORIGIN);
      expect(mainAfter).not.toContain('blauwe-week');
      expect(mainAfter).not.toContain('zomeractie');
      expect(mainAfter).not.toMatch(/\/(members|login|chats|api|admin)\b/);
      expect(mainAfter).toContain(`<xhtml:link rel="alternate" hreflang="sv" href="${MAIN_ORIGIN}/pricing?lang=sv"/>`);

      const blueLocs = locs(blueAfter);
      expect(blueLocs.every((url) => url.startsWith(`${BLUE_ORIGIN}/`))).toBe(true);
      expect(blueLocs).toContain(`${BLUE_ORIGIN}/`);
      expect(blueLocs).toContain(`${BLUE_ORIGIN}/pages/terms?lang=nl`);
      expect(blueLocs).toContain(`${BLUE_ORIGIN}/blauwe-week`);
      expect(blueLocs).not.toContain(`${BLUE_ORIGIN}/?lang=pl`);
      expect(blueAfter).not.toContain(MAIN_ORIGIN);
      expect(blueAfter).not.toContain('hreflang="pl"');
      // Before the staff text the page was not there.
      expect(blue).not.toContain('blauwe-week');
      expect(main).not.toContain(BLUE_ORIGIN);
    });
  });

  describe('paths that are not public pages', () => {
    it('an unknown legal page is a 404 page of the site, not indexed', async () => {
      const res = await get('/pages/nope?lang=en');
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(langOf(res.body)).toBe('en');
      expect(metaOf(res.body, 'robots')).toMatch(/noindex/);
      expect(h1Of(res.body)).toBe(catalogueText('en', 'public', 'notFound.title'));
    });

    it('other paths fall through to the member app (no web build here: 404)', async () => {
      for (const path of ['/pages/Terms', '/some-token', '/pages/terms/more', '/members', '/chats']) {
        const res = await get(path);
        expect(res.statusCode, path).toBe(404);
        expect(res.body, path).not.toContain('<html');
      }
    });
  });
});

/** The member app's page as vite builds it (apps/web/index.html): lang, title and the root element. */
const SPA_PAGE = `<!doctype html>
<html lang="nl">
  <head>
    <meta charset="UTF-8" />
    <title>Dating</title>
    <script type="module" crossorigin src="/assets/main-MnOp3456.js"></script>
  </head>
  <body>
    <div id="root"><div class="boot-splash" aria-busy="true"><span>the member client</span></div></div>
  </body>
</html>
`;
const CLOSED = 'closed.test';

describe.each(dbKinds())('public pages beside the built member app on %s', (kind) => {
  let server: TestServer;
  let webDist: string;
  let mainSiteId: number;
  const get = (url: string, host = MAIN, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers: { host, ...headers } });

  beforeAll(async () => {
    // A built client with the public entry in its manifest, as vite build writes it.
    webDist = mkdtempSync(path.join(os.tmpdir(), 'public-dist-'));
    mkdirSync(path.join(webDist, 'assets'));
    mkdirSync(path.join(webDist, '.vite'));
    writeFileSync(path.join(webDist, 'index.html'), SPA_PAGE);
    writeFileSync(path.join(webDist, 'assets', 'public-AbCd1234.js'), 'import "./preact-EfGh5678.js";');
    writeFileSync(path.join(webDist, 'assets', 'preact-EfGh5678.js'), 'export {};');
    writeFileSync(path.join(webDist, 'assets', 'public-IjKl9012.css'), 'body{}');
    writeFileSync(
      path.join(webDist, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/public-entry.ts': {
          file: 'assets/public-AbCd1234.js',
          isEntry: true,
          imports: ['_preact.js'],
          css: ['assets/public-IjKl9012.css'],
        },
        '_preact.js': { file: 'assets/preact-EfGh5678.js' },
        'index.html': { file: 'assets/main-MnOp3456.js', isEntry: true },
      }),
    );
    server = await startTestServer(kind, { env: { WEB_DIST: webDist } });
    const db = server.database.db;
    mainSiteId = (await createSite(db, { is_default: true, domain: MAIN, public_url: MAIN_ORIGIN })).id;
    await createSite(db, { domain: CLOSED, logged_out_search: 'none' });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the public pages with the public script and stylesheet, indexable', async () => {
    for (const url of ['/', '/pricing', '/pages/terms', '/about']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('the member client');
      expect(res.headers['x-robots-tag'], url).toBeUndefined();
      expect(res.body).toContain('<script type="module" src="/assets/public-AbCd1234.js"></script>');
      expect(res.body).toContain('<link rel="modulepreload" href="/assets/preact-EfGh5678.js">');
      expect(res.body).toContain('<link rel="stylesheet" href="/assets/public-IjKl9012.css">');
      // The member app's own bundle is not what a visitor of a public page downloads.
      expect(res.body).not.toContain('main-MnOp3456.js');
    }
  });

  it('serves the member area from the app, marked noindex', async () => {
    for (const url of ['/chats', '/login', '/likes', '/credits', '/profile', '/chats/12']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('the member client');
      expect(res.headers['x-robots-tag'], url).toMatch(/noindex/);
    }
    // The search and profiles are the member area on a site that does not show them to visitors,
    // and for a logged-in member.
    for (const url of ['/members', '/members/12']) {
      const res = await get(url, CLOSED);
      expect(res.body, url).toContain('the member client');
      expect(res.headers['x-robots-tag'], url).toMatch(/noindex/);
    }
    const member = await createMember(server.database.db, mainSiteId);
    const other = await createMember(server.database.db, mainSiteId, { profile: { name: 'Snapshotte' } });
    const browser = new Browser(server.url, MAIN);
    expect((await browser.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(200);
    // A member's /members and a profile: their own content as HTML (decision 020), never indexed or
    // cached, and the app starts after the first paint.
    for (const url of ['/members', `/members/${other.profile.id}`]) {
      const own = await browser.get(url, { clientHeader: false });
      const html = String(own.json);
      expect(html, url).not.toContain('the member client');
      expect(html, url).toContain('<main id="main"');
      expect(html, url).toContain('<script src="/start-after-paint.js" data-entry="/assets/main-MnOp3456.js" defer>');
      expect(own.headers['x-robots-tag'], url).toMatch(/noindex/);
      expect(own.headers['cache-control'], url).toBe('no-store');
    }
    const profile = String((await browser.get(`/members/${other.profile.id}`, { clientHeader: false })).json);
    expect(profile).toContain('Snapshotte');
    // The visitor's sign-up button is not a member's.
    expect(profile).not.toContain('btn btn-primary btn-lg');
    // Filters or another page in the URL ask another search: the app's own page.
    const filtered = await browser.get('/members?min_age=30', { clientHeader: false });
    expect(String(filtered.json)).toContain('the member client');
    expect(String(filtered.json)).toContain('<script type="module" crossorigin src="/assets/main-MnOp3456.js">');
  });

  it("writes a member's chats on /chats under the alert the app will show in this browser", async () => {
    const db = server.database.db;
    const member = await createMember(db, mainSiteId);
    const writer = await createChatMember(db, mainSiteId, server.url, {
      credits: 50,
      user: { paid_user: true },
      profile: { name: 'Chatterina' },
    });
    expect((await sendText(writer.browser, member.profile.id, 'Hallo <b>daar</b> $& $`')).status).toBe(200);
    const browser = new Browser(server.url, MAIN);
    expect((await browser.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(200);
    const chats = async () => {
      const res = await browser.get('/chats', { clientHeader: false });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return String(res.json);
    };
    // No cookie yet (the app has not run in this browser): the first alert the server's facts want,
    // for a browser that can take push. This member has no photo, so the photo alert comes after it.
    const first = await chats();
    expect(first).not.toContain('the member client');
    expect(first).toContain('<script src="/start-after-paint.js" data-entry="/assets/main-MnOp3456.js" defer>');
    expect(first).toContain('class="chat-row"');
    expect(first).toContain('Chatterina');
    expect(first).toContain('Hallo &lt;b>daar&lt;/b> $&amp; $`');
    expect(first).toContain(`href="/chats/`);
    expect(first).toContain('data-alert="push"');
    expect(first).toContain(catalogueText('nl', 'common', 'warnings.push.text'));
    expect(first.indexOf('data-alert="push"')).toBeLessThan(first.indexOf('<main id="main"'));
    // Above them the app's navigation, the page's own link current, so nothing moves when the app starts.
    expect(first).toContain('class="navbar navbar-expand-xl bg-white border-bottom top-nav sticky-top"');
    expect(first).toMatch(/<a href="\/chats" class="nav-link[^"]* active" aria-current="page">/);
    expect(first.indexOf('top-nav')).toBeLessThan(first.indexOf('data-alert="push"'));
    // The app showed the photo alert here (the member dismissed push, or the browser has none).
    browser.setCookie(SHOWN_ALERT_COOKIE.name, 'photo');
    expect(await chats()).toContain('data-alert="photo"');
    // It shows none: neither does the snapshot.
    browser.setCookie(SHOWN_ALERT_COOKIE.name, 'none');
    expect(await chats()).not.toContain('warnings-header');
    // A kind the server's facts no longer want (the member is confirmed) or does not know: none.
    for (const value of ['activation', 'bogus']) {
      browser.setCookie(SHOWN_ALERT_COOKIE.name, value);
      expect(await chats(), value).not.toContain('warnings-header');
    }
    // The same alert above a member's search and a profile.
    browser.setCookie(SHOWN_ALERT_COOKIE.name, 'photo');
    for (const url of ['/members', `/members/${writer.profile.id}`]) {
      const html = String((await browser.get(url, { clientHeader: false })).json);
      expect(html, url).toContain('data-alert="photo"');
    }
    // In the language the app opens in: a ?lang= is the public pages', which the app does not read.
    const withLang = String((await browser.get('/chats?lang=en', { clientHeader: false })).json);
    expect(langOf(withLang)).toBe('nl');
    expect(withLang).toContain(`>${catalogueText('nl', 'chat', 'list.title')}</h1>`);
    // Mail that bounced: the disabled-mail alert comes first, with the address and why.
    const bounced = await createMember(db, mainSiteId, { user: { notifications_disabled: ['bounce'] } });
    const other = new Browser(server.url, MAIN);
    expect((await other.post('/api/user.php', { email: bounced.email, password: bounced.password })).status).toBe(200);
    const mailOff = String((await other.get('/chats', { clientHeader: false })).json);
    expect(mailOff).toContain('data-alert="mailOff"');
    expect(mailOff).toContain(
      String(catalogueText('nl', 'common', 'warnings.mailOff.text')).replace('{{email}}', bounced.email),
    );
    expect(mailOff).toContain(catalogueText('nl', 'common', 'warnings.mailOff.reasons.bounce'));
    // A conversation is the app's own page.
    const conversation = String((await browser.get('/chats/1', { clientHeader: false })).json);
    expect(conversation).toContain('the member client');
  });

  it("writes a member's remembered search filter's first page on /members, only the member's own", async () => {
    const db = server.database.db;
    const member = await createMember(db, mainSiteId, { profile: { age: 30 } });
    await createMember(db, mainSiteId, { profile: { name: 'Zeventiger', age: 70, gender: 'male' } });
    const browser = new Browser(server.url, MAIN);
    expect((await browser.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(200);
    const members = async () => String((await browser.get('/members', { clientHeader: false })).json);
    // Without a remembered filter, the member's defaults: their own age ±8.
    expect(await members()).not.toContain('Zeventiger');
    browser.setCookie(SEARCH_FILTER_COOKIE.name, `${member.user.id}:min_age=65&max_age=75`);
    const filtered = await members();
    expect(filtered).toContain('Zeventiger');
    expect(filtered).toContain('<script src="/start-after-paint.js"');
    // Another member's filter (a shared browser), an empty one or one the search refuses: the defaults.
    for (const value of [
      `${member.user.id + 1}:min_age=65&max_age=75`,
      `${member.user.id}:`,
      `${member.user.id}:min_age=old`,
    ]) {
      browser.setCookie(SEARCH_FILTER_COOKIE.name, value);
      expect(await members(), value).not.toContain('Zeventiger');
    }
  });

  it('serves the logged-out search of a site that shows it with its head tags, indexable', async () => {
    const res = await get('/members');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBeUndefined();
    expect(langOf(res.body)).toBe('nl');
    expect(titleOf(res.body)).toContain(catalogueText('nl', 'common', 'nav.members'));
    expect(canonicalOf(res.body)).toBe(`${MAIN_ORIGIN}/members`);
    // The app's first screen: its navigation for a visitor, the search form and the count above the cards.
    expect(res.body).toContain('class="navbar navbar-expand-xl bg-white border-bottom top-nav sticky-top"');
    expect(res.body).toContain('<a href="/login" class="btn btn-outline-secondary w-100">');
    expect(res.body).toContain(`aria-label="${catalogueText('nl', 'common', 'search.filters')}"`);
    expect(res.body).toMatch(/<p class="text-body-secondary small">\d+ /);
    // The member app still starts there.
    expect(res.body).toContain('/assets/main-MnOp3456.js');
  });

  it("writes a member's text into the app's page as text, even with a replacement pattern in it", async () => {
    // `$\``, `$&` and `$'` mean "the text before / the match / the text after" to a string replace.
    const text = "Dollar $` amp $& quote $'";
    const member = await createMember(server.database.db, mainSiteId, { profile: { description: text } });
    const res = await get(`/members/${member.profile.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p>Dollar $` amp $&amp; quote $');
    expect(res.body.match(/<script src="\/start-after-paint\.js"/g)).toHaveLength(1);
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body.match(/id="boot-data"/g)).toHaveLength(1);
    expect(res.body.match(/<div id="root">/g)).toHaveLength(1);
  });

  it('answers an unknown {token} or app path 404 with the app (its 404 screen), and an unknown legal page 404', async () => {
    for (const url of [
      '/some-token',
      '/nonsense',
      '/likes/bogus',
      '/members/abc',
      '/chats/12/more',
      '/credits/3/cash',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('the member client');
      expect(res.headers['x-robots-tag'], url).toMatch(/noindex/);
    }
    for (const url of [
      '/likes/received',
      '/likes/m/7',
      '/credits/3/ideal',
      '/credits/3',
      '/transactions',
      '/swipe-game/',
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    const legal = await get('/pages/nope');
    expect(legal.statusCode).toBe(404);
    expect(legal.body).not.toContain('the member client');
    expect(metaOf(legal.body, 'robots')).toMatch(/noindex/);
  });

  it("leaves the member app's one-segment screens alone: no language redirect, no locale cookie", async () => {
    // A visitor who chose English on the public pages opens the login screen.
    for (const url of ['/login', '/complaints', '/members']) {
      const res = await get(url, MAIN, { cookie: 'i18n_redirected=en' });
      expect(res.statusCode, `${url} with the English cookie`).toBe(200);
      expect(res.headers.location, url).toBeUndefined();
    }
    // A member whose saved language is English switches the interface to Dutch (cookie nl) and reloads.
    const member = await createMember(server.database.db, mainSiteId, { user: { language: 'en' } });
    const browser = new Browser(server.url, MAIN);
    expect((await browser.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(200);
    const res = await get('/lang-config', MAIN, { cookie: `sid=${browser.cookie('sid')}; i18n_redirected=nl` });
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect([res.headers['set-cookie'] ?? []].flat().filter((c) => c.startsWith('i18n_redirected='))).toEqual([]);
  });

  it('serves robots.txt and sitemap.xml by their content, not the app', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain(`Sitemap: ${MAIN_ORIGIN}/sitemap.xml`);
    expect(robots.body).not.toContain('the member client');
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toContain(`<loc>${MAIN_ORIGIN}/</loc>`);
  });
});

/** A rendered page shows the title and main texts of its shipped file. */
function expectShippedText(
  html: string,
  text: string,
  file: NonNullable<ReturnType<typeof shippedFile>>,
  what: string,
) {
  const h1 = h1Of(html);
  expect(h1, `${what}: h1`).toBeTruthy();
  expect(h1, `${what}: title`).toMatch(filledPattern(file.title));
  expect(titleOf(html), `${what}: <title>`).toMatch(filledPattern(file.title));
  for (const pattern of mainTextsOf(file)) expect(text, `${what}: main text ${pattern}`).toMatch(pattern);
}
