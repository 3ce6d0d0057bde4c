/**
 * The installable app (issue: notifications and the installable app; SPEC.md 2 installed-app
 * display mode, SPEC.md 4 app badge): Chromium's own installability check passes on the site's
 * manifest once the service worker controls the page, and the app really installs (CDP `PWA`
 * domain, in a regular profile: apps never install from an incognito one); the installed app's
 * badge counts unread messages plus new likes; the worker precaches the member app shell (never the
 * back office) and serves it on the next start; in standalone display mode the back button and the
 * installed-app footer show and follow the mode; without network a navigation shows the offline
 * page in the browser's language.
 *
 * The display mode: Chromium 156 ignores `display-mode` in CDP `Emulation.setEmulatedMedia`
 * (matchMedia keeps answering `browser`), and an app launched with `PWA.launch` in headless mode
 * opens in a browser-mode window too. So the page's `matchMedia` answers display-mode queries from
 * an init script that the test switches, firing `change` like the browser does.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { mailedLink, signUpByApi, uniqueEmail } from './access-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

const CLIENT = { 'x-request-type': 'client' };
/** The build the server serves: WEB_DIST, else apps/web/dist (as apps/server/src/config.ts). */
const DIST = path.resolve(process.env.WEB_DIST ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url)));

type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }>;

/** The files (under dist/) the build manifest reaches from `entry` through static and dynamic imports. */
function filesOf(manifest: Manifest, entry: string): Set<string> {
  const files = new Set<string>();
  const stack = [entry];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const key = stack.pop() as string;
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) continue;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    stack.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []));
  }
  return files;
}

/**
 * Waits until the service worker is active and controls the page (it claims open pages at once);
 * its first install fetches the app shell, which takes a while on a busy machine.
 */
async function serviceWorkerControls(page: Page): Promise<void> {
  test.info().setTimeout(test.info().timeout + 60_000);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
}

/** A new, activated member logged in on `page`; answers the profile id. */
async function activatedMember(page: Page, name: string): Promise<number> {
  const email = uniqueEmail('app');
  await signUpByApi(page, email, name);
  await page.goto(await mailedLink(page.request, email, '/activate/done'));
  await expect(page.getByTestId('activate-done')).toBeVisible();
  const me = await (await page.request.get('/api/user.php', { headers: CLIENT })).json();
  expect(me.status).not.toBe('not_confirmed');
  return me.profile.id as number;
}

/** A logged-in API session of a seeded member, in its own browser context. */
async function seededSession(browser: Browser, email: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const res = await context.request.post('/api/user.php', { headers: CLIENT, data: { email, password: 'demo1234' } });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

/** Lets the test switch what `matchMedia('(display-mode: …)')` answers, with `change` events (see the file comment). */
function installDisplayModeSwitch(): void {
  const original = window.matchMedia.bind(window);
  // Kept for the tab's session, as an installed app stays one across page loads.
  let mode = sessionStorage.getItem('e2e-display-mode') ?? 'browser';
  const lists: EventTarget[] = [];
  (window as unknown as { setDisplayMode(next: string): void }).setDisplayMode = (next) => {
    mode = next;
    sessionStorage.setItem('e2e-display-mode', next);
    for (const list of lists) list.dispatchEvent(new Event('change'));
  };
  window.matchMedia = (query: string) => {
    const wanted = /\(\s*display-mode\s*:\s*([a-z-]+)\s*\)/.exec(query)?.[1];
    if (!wanted) return original(query);
    const list = new EventTarget() as MediaQueryList;
    Object.defineProperties(list, {
      media: { value: query },
      matches: { get: () => mode === wanted },
      onchange: { value: null, writable: true },
      addListener: { value: (fn: EventListener) => list.addEventListener('change', fn) },
      removeListener: { value: (fn: EventListener) => list.removeEventListener('change', fn) },
    });
    lists.push(list);
    return list;
  };
}

async function setDisplayMode(page: Page, mode: 'standalone' | 'browser'): Promise<void> {
  await page.evaluate((next) => (window as unknown as { setDisplayMode(m: string): void }).setDisplayMode(next), mode);
}

test.describe
  .serial('the installed app in a regular Chromium profile', () => {
    let profile: string;
    let context: BrowserContext;
    let page: Page;
    let manifestId: string;

    test.beforeAll(async ({ baseURL }, testInfo) => {
      profile = mkdtempSync(path.join(os.tmpdir(), 'pw-profile-'));
      context = await chromium.launchPersistentContext(profile, {
        ...testInfo.project.use.launchOptions,
        baseURL,
        locale: 'nl-NL',
      });
      page = context.pages()[0] ?? (await context.newPage());
      manifestId = new URL('/', baseURL).href;
    });
    test.afterAll(async () => {
      await context?.close();
      if (profile) rmSync(profile, { recursive: true, force: true });
    });

    test('Chromium finds the site installable and installs it', async () => {
      // The member app registers the service worker; the server-rendered public pages do not.
      await page.goto('/login');
      await serviceWorkerControls(page);
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors, JSON.stringify(manifest.errors)).toEqual([]);
      const parsed = JSON.parse(manifest.data ?? '{}');
      expect(parsed).toMatchObject({ id: '/', start_url: '/members', display: 'standalone', scope: '/' });
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors, JSON.stringify(installabilityErrors)).toEqual([]);
      // The icons the manifest names are the site's PNGs.
      for (const icon of parsed.icons as { src: string }[]) {
        const res = await page.request.get(icon.src);
        expect(res.status(), icon.src).toBe(200);
        expect(res.headers()['content-type']).toBe('image/png');
      }
      // The app installs, and opens at its start URL.
      await cdp.send('PWA.install', { manifestId });
      expect(await cdp.send('PWA.getOsAppState', { manifestId })).toMatchObject({ badgeCount: 0 });
      const { targetId } = await cdp.send('PWA.launch', { manifestId });
      expect(targetId).toBeTruthy();
      await expect.poll(() => context.pages().map((p) => new URL(p.url()).pathname)).toContain('/members');
      for (const other of context.pages()) if (other !== page) await other.close();
    });

    test('the app badge counts unread messages plus new likes', async ({ browser }) => {
      const cdp = await context.newCDPSession(page);
      const badge = async () => (await cdp.send('PWA.getOsAppState', { manifestId })).badgeCount;
      const profileId = await activatedMember(page, 'Badge');
      await page.goto('/members');
      await expect(page.getByTestId('member-card').first()).toBeVisible();
      await expect.poll(badge).toBe(0);

      // Another member writes and likes: the badge counts both, as the title does.
      const other = await seededSession(browser, 'premium@example.com');
      const sent = await other.request.post('/api/message.php', {
        headers: CLIENT,
        data: { profile: profileId, client_id: `badge-${Date.now()}`, kind: 'text', text: 'Hoi, mooi profiel!' },
      });
      expect(sent.status(), await sent.text()).toBe(200);
      const liked = await other.request.post('/api/like.php', { headers: CLIENT, data: { profile: profileId } });
      expect(liked.status(), await liked.text()).toBe(200);
      await other.close();
      await expect.poll(badge, { timeout: 20_000 }).toBe(2);
      await expect(page).toHaveTitle(/^\(2\) /);

      // Reading the conversation takes it off the badge.
      await page.goto('/chats');
      await page.getByTestId('chat-row').first().getByRole('link').click();
      await expect(page).toHaveURL(/\/chats\/\d+$/);
      await expect.poll(badge, { timeout: 20_000 }).toBe(1);
    });
  });

test.describe('the installable app', () => {
  test('the service worker precaches the member app shell, never the back office, and serves the next start', async ({
    page,
  }) => {
    const buildManifest = path.join(DIST, '.vite', 'manifest.json');
    // The served client is always built with its manifest (vite build writes it): missing is a failure, not a skip.
    if (!existsSync(buildManifest))
      throw new Error(`${buildManifest} is missing: build the web client (vite build writes it)`);
    const manifest = JSON.parse(readFileSync(buildManifest, 'utf8')) as Manifest;
    const member = filesOf(manifest, 'index.html');
    const adminOnly = [...filesOf(manifest, 'admin.html')].filter((file) => !member.has(file));
    const entryScript = manifest['index.html']?.file as string;

    // The app shell starts on an app screen: the server-rendered public pages do not register the worker.
    await page.goto('/login');
    await serviceWorkerControls(page);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain(`/${entryScript}`);
    expect(cached).toContain('/offline.html');
    expect(
      cached.filter((url) => adminOnly.includes(url.slice(1))),
      'back-office files in the cache',
    ).toEqual([]);
    // No page is cached (the network answers every navigation), nor any API answer or photo.
    expect(cached.filter((url) => /^\/(api|admin|photos)\b|\.html$/.test(url) && url !== '/offline.html')).toEqual([]);

    // The second start takes the app shell from the worker's cache; the page itself from the network.
    const fromWorker = new Map<string, boolean>();
    page.on('response', (res) => {
      const { pathname } = new URL(res.url());
      if (pathname.startsWith('/assets/')) fromWorker.set(pathname, res.fromServiceWorker());
    });
    await page.reload();
    await expect(page.locator('#root')).not.toBeEmpty();
    await expect.poll(() => fromWorker.get(`/${entryScript}`)).toBe(true);
  });

  test('in standalone display mode the back button and the installed-app footer show, following the mode', async ({
    page,
  }) => {
    await page.addInitScript(installDisplayModeSwitch);
    await activatedMember(page, 'Appie');
    await page.goto('/members');
    const card = page.getByTestId('member-card').first();
    await expect(card).toBeVisible();
    const footer = page.locator('footer.site-footer');
    await expect(footer).toHaveAttribute('data-variant', 'member');
    await expect(footer.getByRole('link', { name: 'Prijzen' })).toBeVisible();

    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/members\/\d+$/);
    const back = page.getByTestId('back-button');
    // In a browser tab the browser has its own back button.
    await expect(back).toHaveCount(0);

    await setDisplayMode(page, 'standalone');
    // The page follows the change without a reload.
    await expect(back).toBeVisible();
    await expect(back).toHaveAccessibleName('Terug');
    await expect(footer).toHaveAttribute('data-variant', 'installed-app');
    await expect(footer.getByRole('link', { name: 'Prijzen' })).toHaveCount(0);
    await expect(footer.getByRole('link', { name: 'Algemene voorwaarden' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'profile in the installed app');

    await back.click();
    await expect(page).toHaveURL(/\/members$/);
    // The members search is not one of the back button's routes.
    await expect(back).toHaveCount(0);
    await expect(footer).toHaveAttribute('data-variant', 'installed-app');
    // A fresh start in the installed app on /credits, after the search: the button shows there.
    await page.goto('/credits');
    await expect(back).toBeVisible();
    await setDisplayMode(page, 'browser');
    await expect(back).toHaveCount(0);
    await expect(footer).toHaveAttribute('data-variant', 'member');
  });

  test('after a deploy the new service worker takes over and the next navigation loads the new client', async ({
    page,
  }) => {
    await page.goto('/login');
    await serviceWorkerControls(page);
    const marker = () => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument ?? false);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        (window as unknown as { controllerChanged: boolean }).controllerChanged = true;
      });
    });
    const footer = page.locator('footer.site-footer');
    // Before a deploy, links to screens of the app move within the running client (the legal pages and
    // pricing are rendered by the server and always load in full, so a screen of the app is used here).
    await footer.getByRole('link', { name: 'Klachten' }).click();
    await expect(page).toHaveURL(/\/complaints$/);
    await expect(page.getByTestId('complaints-login')).toBeVisible();
    expect(await marker()).toBe(true);

    // A deploy: another service worker script takes over the registration (as the browser's update
    // check installs a changed /sw.js; here the script URL differs, so no server change is needed).
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next-build', { scope: '/' }));
    await page.waitForFunction(() => (window as unknown as { controllerChanged?: boolean }).controllerChanged === true);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/next-build$/);
    // The client keeps running until the member moves on; the next navigation is a full load.
    expect(await marker()).toBe(true);
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Inloggen' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(marker).toBe(false);
    await expect(page.getByLabel('E-mailadres')).toBeVisible();
  });

  test('without network a navigation shows the offline page in the browser language, and comes back online', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    for (const [locale, heading] of [
      ['nl-NL', 'Je bent offline'],
      ['pl-PL', 'Jesteś offline'],
    ] as const) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto('/login');
      await serviceWorkerControls(page);
      await context.setOffline(true);
      await page.goto('/members').catch(() => undefined);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
      await expect(page).toHaveTitle(heading);
      await expect(page).toHaveURL(/\/members$/);
      if (locale === 'nl-NL') await expectNoSeriousA11yViolations(page, 'offline page');
      // Back online, the page loads the app by itself.
      await context.setOffline(false);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toHaveCount(0, { timeout: 20_000 });
      await context.close();
    }
  });
});
