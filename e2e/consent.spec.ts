import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, devices, type Page } from '@playwright/test';
import { DEMO_ADMIN, signInStaff } from './admin-helpers';
import { expect, test } from './fixtures';

/**
 * Cookie consent (issue: public site): the demo site is given an analytics tag at an https address in
 * the back office; the outside service is faked with a route that answers its script (which sets a
 * cookie of its own, as such scripts do). Before consent no public page or member-app page loads it
 * and only necessary cookies exist; "Necessary only" keeps it off; "Accept all" loads it on every page
 * and in the member app; the choice is changed on /pages/cookies.
 */

const TAG_ORIGIN = 'https://analytics.consent-test.example';
const TAG_SRC = `${TAG_ORIGIN}/tag.js?site=demo`;
const TAG_SCRIPT = `window.__fakeAnalytics = (window.__fakeAnalytics || 0) + 1;
document.cookie = '_fa_id=visitor-1; path=/; max-age=3600; samesite=lax';`;
/** Cookies the site may set without consent (locale, session, traffic source, the choice itself). */
const NECESSARY = new Set(['i18n_redirected', 'sid', 'trafficsource', 'cookie_consent']);

/** The demo site: the default one, which the browser's host (127.0.0.1) is served. */
let demoId = 0;
let staff: BrowserContext;

/** A visitor's context with the tag's service faked; `hits` counts requests for the tag. */
async function visitor(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ locale: 'nl-NL', ...options });
  // This visitor accepted the site-entry warning before (e2e/public-pages.spec.ts tests the warning).
  await context.addInitScript(() => window.localStorage.setItem('hide-site-entry-warning', String(Date.now())));
  const hits: string[] = [];
  await context.route(`${TAG_ORIGIN}/**`, async (route) => {
    hits.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: TAG_SCRIPT });
  });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
  });
  return { context, page, hits, violations };
}

const banner = (page: Page) => page.getByRole('region', { name: /^Cookies op / });
const tagScripts = (page: Page) => page.locator(`script[src="${TAG_SRC}"]`);

/** Names of the cookies the browser holds for the site, and those script can read. */
async function cookieNames(page: Page): Promise<{ context: string[]; document: string[] }> {
  const context = (await page.context().cookies()).map((c) => c.name);
  const documentCookies = await page.evaluate(() =>
    document.cookie
      .split(';')
      .map((part) => part.trim().split('=')[0] ?? '')
      .filter(Boolean),
  );
  return { context, document: documentCookies };
}

/**
 * axe-core (WCAG 2.1 A and AA, as e2e/axe.ts) on the consent panel alone: no serious or critical
 * violation. The pages around it have their own scans in their journeys.
 */
async function expectAccessibleBanner(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .include('.cc-panel')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking, `accessibility violations on ${label}`).toEqual([]);
}

async function expectOnlyNecessaryCookies(page: Page): Promise<void> {
  const names = await cookieNames(page);
  expect(names.context.filter((name) => !NECESSARY.has(name))).toEqual([]);
  expect(names.document.filter((name) => !NECESSARY.has(name))).toEqual([]);
}

test.describe('cookie consent', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    staff = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
    const page = await staff.newPage();
    await signInStaff(page, DEMO_ADMIN);
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    const sites = (await (await page.request.get('/api/admin/site-list.php')).json()) as {
      id: number;
      is_default: boolean;
    }[];
    demoId = sites.find((s) => s.is_default)?.id ?? 0;
    expect(demoId).toBeGreaterThan(0);

    // The Tags section of the site editor: an http address is refused under the field, https is saved.
    await page.goto(`/admin/sites/${demoId}`);
    const section = page.locator('section#tags');
    await expect(section.getByRole('heading', { name: 'Tags' })).toBeVisible();
    await section.getByRole('button', { name: 'Add a tag' }).click();
    await section.getByLabel('Kind').selectOption('analytics');
    await section.getByLabel('Script address (https)').fill(TAG_SRC.replace('https:', 'http:'));
    await section.getByTestId('save-tags').click();
    await expect(section.getByText('Enter the https address of a script')).toBeVisible();
    await section.getByLabel('Script address (https)').fill(TAG_SRC);
    await section.getByTestId('save-tags').click();
    await expect(section.getByRole('status')).toHaveText(/^Saved/);
    const settings = await (await page.request.get('/api/settings.php')).json();
    expect(settings.tags).toEqual([{ kind: 'analytics', src: TAG_SRC }]);
  });

  test.afterAll(async () => {
    // Other journeys of the run see the demo site as it was: no tags, so no banner.
    await staff?.request.put('/api/admin/site.php', {
      data: { id: demoId, tags: [] },
      headers: { 'x-request-type': 'client' },
    });
    await staff?.close();
  });

  test('before consent no page loads the tag and only necessary cookies exist; "Necessary only" keeps it so', async ({
    browser,
  }) => {
    const { context, page, hits, violations } = await visitor(browser);
    for (const path of ['/', '/pages/terms']) {
      const response = await page.goto(path);
      expect(response?.headers()['content-security-policy']).toContain(`script-src 'self' ${TAG_ORIGIN}`);
      await expect(banner(page)).toBeVisible();
      await expect(tagScripts(page)).toHaveCount(0);
      await expectOnlyNecessaryCookies(page);
    }
    // Accepting and refusing are equally easy: side by side, the same size and style.
    const accept = banner(page).getByRole('button', { name: 'Alles accepteren' });
    const refuse = banner(page).getByRole('button', { name: 'Alleen noodzakelijk' });
    const style = (button: typeof accept) =>
      button.evaluate((el) => {
        const s = getComputedStyle(el);
        return [s.backgroundColor, s.color, s.fontSize, s.fontWeight, s.borderWidth].join(' ');
      });
    expect(await style(accept)).toBe(await style(refuse));
    const [a, r] = [await accept.boundingBox(), await refuse.boundingBox()];
    expect(Math.abs((a?.height ?? 0) - (r?.height ?? 0))).toBeLessThan(1);
    // Not a trap: the page behind stays usable.
    await expect(page.getByRole('link', { name: 'Algemene voorwaarden' }).first()).toBeEnabled();
    await expectAccessibleBanner(page, 'cookie banner');

    await refuse.click();
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Je cookiekeuze is opgeslagen.' })).toBeAttached();
    const choice = (await context.cookies()).find((c) => c.name === 'cookie_consent');
    expect(choice?.value).toMatch(/^v1\.s0\.m0\.t\d+$/);
    expect(choice?.sameSite).toBe('Lax');
    expect(choice?.path).toBe('/');
    expect((choice?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    for (const path of ['/', '/pages/faq', '/login']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(banner(page)).toHaveCount(0);
      await expect(tagScripts(page)).toHaveCount(0);
    }
    expect(hits).toEqual([]);
    await expectOnlyNecessaryCookies(page);
    expect(violations).toEqual([]);
    await context.close();
  });

  test('"Accept all" loads the tag once, remembered across pages and in the member app', async ({ browser }) => {
    const { context, page, hits, violations } = await visitor(browser);
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Alles accepteren' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(tagScripts(page)).toHaveCount(1);
    await expect.poll(() => page.evaluate(() => (window as { __fakeAnalytics?: number }).__fakeAnalytics)).toBe(1);
    expect((await context.cookies()).find((c) => c.name === 'cookie_consent')?.value).toMatch(/^v1\.s1\.m1\.t\d+$/);

    for (const path of ['/pages/privacy', '/login', '/signup']) {
      await page.goto(path);
      await expect(tagScripts(page)).toHaveCount(1);
      await expect.poll(() => page.evaluate(() => (window as { __fakeAnalytics?: number }).__fakeAnalytics)).toBe(1);
      await expect(banner(page)).toHaveCount(0);
    }
    expect(hits.length).toBeGreaterThanOrEqual(4);
    expect(violations).toEqual([]);
    await context.close();
  });

  test('the member app asks too, before loading the tag', async ({ browser }) => {
    const { context, page, hits } = await visitor(browser);
    await page.goto('/login');
    await expect(page.locator('#root')).not.toBeEmpty();
    await expect(banner(page)).toBeVisible();
    await expect(tagScripts(page)).toHaveCount(0);
    await expectOnlyNecessaryCookies(page);
    await expectAccessibleBanner(page, 'cookie banner in the member app');
    // The settings: necessary always on, statistics and marketing off until chosen.
    await banner(page).getByRole('button', { name: 'Instellingen' }).click();
    await expect(page.getByRole('switch', { name: 'Noodzakelijk' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Noodzakelijk' })).toBeDisabled();
    await expect(page.getByRole('switch', { name: 'Statistieken' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Statistieken' })).toBeFocused();
    await page.getByRole('switch', { name: 'Statistieken' }).check();
    await banner(page).getByRole('button', { name: 'Keuze opslaan' }).click();
    await expect(tagScripts(page)).toHaveCount(1);
    expect((await context.cookies()).find((c) => c.name === 'cookie_consent')?.value).toMatch(/^v1\.s1\.m0\.t\d+$/);
    // The script element is in the page before its request is made: wait until the tag has run.
    await expect.poll(() => page.evaluate(() => (window as { __fakeAnalytics?: number }).__fakeAnalytics)).toBe(1);
    expect(hits).toHaveLength(1);
    await context.close();
  });

  test('the choice is changed on /pages/cookies', async ({ browser }) => {
    const { context, page, hits } = await visitor(browser);
    await page.goto('/pages/cookies');
    await banner(page).getByRole('button', { name: 'Alles accepteren' }).click();
    await expect(tagScripts(page)).toHaveCount(1);

    // The button under the text opens the settings with the stored choice; Escape closes them again.
    const open = page.locator('main [data-consent-open]');
    await open.click();
    const settings = banner(page);
    await expect(settings.getByRole('heading', { name: /^Cookies op / })).toBeFocused();
    await expect(settings.getByRole('switch', { name: 'Statistieken' })).toBeChecked();
    await expect(settings.getByRole('switch', { name: 'Marketing' })).toBeChecked();
    await expectAccessibleBanner(page, 'cookie settings');
    await page.keyboard.press('Escape');
    await expect(settings).toHaveCount(0);
    await expect(open).toBeFocused();

    // Withdrawing statistics stops the tag: the page reloads without it.
    await open.click();
    await settings.getByRole('switch', { name: 'Statistieken' }).uncheck();
    await Promise.all([page.waitForEvent('load'), settings.getByRole('button', { name: 'Keuze opslaan' }).click()]);
    await expect(page.locator('main [data-consent-open]')).toBeVisible();
    await expect(tagScripts(page)).toHaveCount(0);
    expect((await context.cookies()).find((c) => c.name === 'cookie_consent')?.value).toMatch(/^v1\.s0\.m1\.t\d+$/);
    const before = hits.length;
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(tagScripts(page)).toHaveCount(0);
    expect(hits).toHaveLength(before);

    // The footer's "Cookie settings" link opens them too; allowing statistics again loads the tag at once.
    await page.locator('footer').getByRole('link', { name: 'Cookie-instellingen' }).click();
    await expect(page).toHaveURL(/\/pages\/cookies#cookie-settings$/);
    await expect(settings.getByRole('switch', { name: 'Statistieken' })).not.toBeChecked();
    await settings.getByRole('switch', { name: 'Statistieken' }).check();
    await settings.getByRole('button', { name: 'Keuze opslaan' }).click();
    await expect(settings).toHaveCount(0);
    await expect(tagScripts(page)).toHaveCount(1);
    // The script element is in the page before its request is made: wait until the tag has run.
    await expect.poll(() => page.evaluate(() => (window as { __fakeAnalytics?: number }).__fakeAnalytics)).toBe(1);
    expect(hits).toHaveLength(before + 1);
    await context.close();
  });

  test.describe('on a phone', () => {
    const { defaultBrowserType: _browserType, ...phone } = devices['Pixel 7'];

    test('the banner fits the screen, its buttons are large enough, and the page end stays reachable', async ({
      browser,
    }) => {
      const { context, page, hits } = await visitor(browser, phone);
      await page.goto('/');
      const panel = banner(page);
      await expect(panel).toBeVisible();
      const viewport = page.viewportSize() ?? { width: 0, height: 0 };
      const box = await panel.boundingBox();
      expect(box?.width ?? 0).toBeLessThanOrEqual(viewport.width);
      expect((box?.height ?? 0) < viewport.height * 0.75).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      for (const name of ['Alles accepteren', 'Alleen noodzakelijk', 'Instellingen']) {
        const button = await panel.getByRole('button', { name }).boundingBox();
        expect(button?.height ?? 0, name).toBeGreaterThanOrEqual(44);
      }
      // Scrolled to the end, the footer's last line is above the banner, not under it.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const disclaimer = await page.getByTestId('site-disclaimer').boundingBox();
      const panelTop = (await panel.boundingBox())?.y ?? 0;
      expect((disclaimer?.y ?? 0) + (disclaimer?.height ?? 0)).toBeLessThanOrEqual(panelTop + 1);
      await expectAccessibleBanner(page, 'cookie banner on a phone');
      await panel.getByRole('button', { name: 'Alleen noodzakelijk' }).tap();
      await expect(panel).toHaveCount(0);
      expect(hits).toEqual([]);
      await context.close();
    });
  });
});
