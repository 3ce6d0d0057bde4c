/**
 * Error reporting of the member app (issue: production; docs/client.md). The e2e server runs with
 * SENTRY_CLIENT_DSN (playwright.config.ts) at a host that never resolves; each test intercepts that
 * origin, so no report leaves the machine. Before the visitor consents to statistics, an error sends
 * nothing and the reporting code is not even downloaded; after "Accept all" in the cookie settings
 * (/pages/cookies: the demo site has no tags, so no banner), an error sends one envelope with the
 * member's id and without what the member typed into a chat or carried in the address.
 */
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

const DEMO = { email: 'demo@example.com', password: 'demo1234' };
const CLIENT = { 'x-request-type': 'client' };
/** What the member types into the chat and what the address carries: neither may reach a report. */
const TYPED = 'Geheim bericht: ontmoeten bij de molen om acht uur';
const IN_ADDRESS = 'Adres-tekst die niet mee mag';

/** The client DSN's origin, as the settings answer it (the server's SENTRY_CLIENT_DSN). */
async function ingestOrigin(context: BrowserContext): Promise<string> {
  const settings = (await (await context.request.get('/api/settings.php')).json()) as {
    error_reporting_dsn: string | null;
  };
  expect(settings.error_reporting_dsn, 'SENTRY_CLIENT_DSN of the e2e server').toBeTruthy();
  return new URL(settings.error_reporting_dsn as string).origin;
}

/**
 * A logged-in demo member's context (service workers blocked, so every request meets the routes) with
 * the ingest faked: `reports` collects the requests to it, answered 200 as Sentry would.
 */
async function memberContext(browser: Browser) {
  const context = await browser.newContext({ locale: 'nl-NL', serviceWorkers: 'block' });
  await context.addInitScript(() => window.localStorage.setItem('hide-site-entry-warning', String(Date.now())));
  const login = await context.request.post('/api/user.php', { headers: CLIENT, data: DEMO });
  expect(login.status(), await login.text()).toBe(200);
  const me = (await (await context.request.get('/api/user.php', { headers: CLIENT })).json()) as { id: number };
  const origin = await ingestOrigin(context);
  const reports: Request[] = [];
  await context.route(`${origin}/**`, async (route) => {
    reports.push(route.request());
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
  });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return { context, page, reports, scripts, memberId: me.id, origin };
}

/** Throws `message` from a timer (an uncaught error, as a bug would) and waits until the page saw it. */
async function throwInPage(page: Page, message: string): Promise<void> {
  const seen = page.waitForEvent('pageerror', (error) => error.message.includes(message));
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, message);
  await seen;
}

/** A profile the demo member can chat with: the first search result. */
async function someProfileId(context: BrowserContext): Promise<number> {
  const found = (await (await context.request.get('/api/search.php', { headers: CLIENT })).json()) as {
    results: { id: number }[];
  };
  const id = found.results[0]?.id;
  expect(id, 'a search result').toBeTruthy();
  return id as number;
}

test.describe('error reporting', () => {
  test('before consent an error sends nothing and the reporting code is not loaded', async ({ browser }) => {
    const { context, page, reports, scripts } = await memberContext(browser);
    await page.goto('/members');
    await expect(page.getByTestId('member-card').first()).toBeVisible();
    await throwInPage(page, 'boom before consent');
    await page.waitForLoadState('networkidle');

    expect(reports.map((request) => request.url())).toEqual([]);
    expect(scripts.filter((path) => /error-reporter/.test(path))).toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);
    await context.close();
  });

  test('after "Accept all" an error sends one report with the member id and nothing typed', async ({ browser }) => {
    const { context, page, reports, scripts, memberId, origin } = await memberContext(browser);
    // The cookie settings of the cookies page, always reachable: "Accept all" stores the choice.
    await page.goto('/pages/cookies');
    await page.locator('[data-consent-open]').first().click();
    await page.getByRole('button', { name: 'Alles accepteren' }).click();
    const consent = (await context.cookies()).find((cookie) => cookie.name === 'cookie_consent');
    expect(consent?.value).toMatch(/\.s1\./);

    const profile = await someProfileId(context);
    await page.goto(`/members/${profile}/chat?text=${encodeURIComponent(IN_ADDRESS)}`);
    const input = page.getByTestId('chat-input');
    await expect(input).toHaveValue(IN_ADDRESS);
    await input.fill(TYPED);
    // Sentry's global handlers are installed once the reporter runs (it takes over window.onerror).
    await page.waitForFunction(() => typeof window.onerror === 'function');
    expect(scripts.some((path) => /error-reporter/.test(path))).toBe(true);

    const sent = page.waitForRequest((request) => request.url().startsWith(origin));
    await throwInPage(page, 'boom after consent');
    await sent;
    await page.waitForLoadState('networkidle');

    expect(reports).toHaveLength(1);
    const envelope = reports[0]?.postData() ?? '';
    expect(reports[0]?.url()).toContain('/api/1/envelope/');
    expect(envelope).toContain('boom after consent');
    const event = JSON.parse(envelope.split('\n')[2] ?? '{}') as { user?: unknown; request?: { url?: string } };
    expect(event.user).toEqual({ id: String(memberId) });
    expect(event.request?.url).toMatch(new RegExp(`/members/${profile}/chat$`));
    for (const secret of [TYPED, IN_ADDRESS, encodeURIComponent(IN_ADDRESS), 'molen', DEMO.email]) {
      expect(envelope, `the report holds "${secret}"`).not.toContain(secret);
    }
    await context.close();
  });
});
