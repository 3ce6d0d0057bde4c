/**
 * Client budgets (issue: production; docs/client.md): the JavaScript a browser downloads to show a
 * page, in bytes as the production build serves them. `npm run build -w @app/web` writes a brotli
 * (quality 11) and a gzip (level 9) file beside every asset of 1 KB or more (scripts/precompress.mjs)
 * and the server sends the brotli one to every browser that takes it (all current ones do); smaller
 * files go as they are. The test computes those bytes from each script's body, so the number does not
 * depend on how the server under test was built, and prints the gzip -9 total beside it.
 *
 * What counts: every script the page requests (module entry, modulepreloads, chunks loaded on demand)
 * from the navigation until its main content is visible and the network has been idle for 500 ms.
 * Route code the member app prefetches when the browser is idle (lib/prefetch-routes.ts) is not
 * needed to show the page: it is left out by measuring with Save-Data on, which the prefetch honours.
 * The service worker's own downloads (its precache) are not the page's and are not counted.
 *
 * - /members for a logged-in member (demo@example.com) with no match waiting to be announced (the
 *   match dialog is a chunk of its own, loaded on any page when one is): at most 150 KB.
 * - / (the server-rendered home page) for a visitor: at most 60 KB.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { BrowserContext, Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';

const KB = 1024;
/** Budget of /members for a member, bytes as served. */
const MEMBERS_BUDGET = 150 * KB;
/** Budget of / for a visitor, bytes as served. */
const HOME_BUDGET = 60 * KB;
/** Files smaller than this are served uncompressed (scripts/precompress.mjs, the server's compress threshold). */
const COMPRESS_MIN_BYTES = 1024;
const DEMO = { email: 'demo@example.com', password: 'demo1234' };
const CLIENT = { 'x-request-type': 'client' };

/** One script the page downloaded: its path, bytes as served and gzip -9 bytes. */
interface ScriptSize {
  path: string;
  servedBytes: number;
  gzipBytes: number;
}

function isScript(response: Response): boolean {
  const contentType = response.headers()['content-type'] ?? '';
  return response.request().resourceType() === 'script' || /javascript/.test(contentType);
}

/** Bytes of `body` as the production build serves it: brotli 11 from 1 KB on, else as it is. */
function servedBytes(body: Buffer): number {
  if (body.length < COMPRESS_MIN_BYTES) return body.length;
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  }).length;
}

/** The scripts `page` downloads while `visit` runs and until the network is idle, with their sizes. */
async function scriptsDuring(page: Page, visit: () => Promise<void>): Promise<ScriptSize[]> {
  const pending: Promise<ScriptSize | null>[] = [];
  const record = (response: Response) => {
    if (!isScript(response) || response.request().serviceWorker()) return;
    const path = new URL(response.url()).pathname;
    pending.push(
      response
        .body()
        .then((body) => ({ path, servedBytes: servedBytes(body), gzipBytes: gzipSync(body, { level: 9 }).length }))
        .catch(() => null),
    );
  };
  page.on('response', record);
  await visit();
  await page.waitForLoadState('networkidle');
  page.off('response', record);
  const sizes = (await Promise.all(pending)).filter((size): size is ScriptSize => size !== null);
  return [...new Map(sizes.map((size) => [size.path, size])).values()];
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** Prints the scripts and the totals; answers the total as served. */
function report(label: string, scripts: ScriptSize[], budget: number): number {
  const served = scripts.reduce((sum, script) => sum + script.servedBytes, 0);
  const gzip = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
  const lines = [...scripts]
    .sort((a, b) => b.servedBytes - a.servedBytes)
    .map(
      (script) => `  ${kb(script.servedBytes).padStart(9)}  (gzip ${kb(script.gzipBytes).padStart(9)})  ${script.path}`,
    );
  console.log(
    `JavaScript for ${label}: ${scripts.length} files, ${kb(served)} as served (budget ${kb(budget)}), ${kb(gzip)} gzip -9\n${lines.join('\n')}`,
  );
  return served;
}

/** Marks the member's unseen matches seen (other journeys may have made some), so no dialog waits. */
async function markMatchesSeen(context: BrowserContext): Promise<void> {
  const unseen = await context.request.get('/api/matches.php?unseen=1', { headers: CLIENT });
  expect(unseen.status(), await unseen.text()).toBe(200);
  const { matches } = (await unseen.json()) as { matches: { profile: { id: number } }[] };
  for (const match of matches) {
    const seen = await context.request.post('/api/matches-seen.php', {
      headers: CLIENT,
      data: { profile: match.profile.id },
    });
    expect(seen.status(), await seen.text()).toBe(200);
  }
}

/** Turns Save-Data on for every page of `context`, so the idle route prefetch stays off. */
async function saveData(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'connection', {
      configurable: true,
      get: () => ({ saveData: true, effectiveType: '4g' }),
    });
  });
}

test.describe('client budgets', () => {
  test('/members needs at most 150 KB of JavaScript for a member', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'nl-NL' });
    await saveData(context);
    await context.addInitScript(() => window.localStorage.setItem('hide-site-entry-warning', String(Date.now())));
    const login = await context.request.post('/api/user.php', { headers: CLIENT, data: DEMO });
    expect(login.status(), await login.text()).toBe(200);
    await markMatchesSeen(context);
    const page = await context.newPage();
    const scripts = await scriptsDuring(page, async () => {
      await page.goto('/members');
      await expect(page.getByTestId('member-card').first()).toBeVisible();
    });
    const total = report('/members (member)', scripts, MEMBERS_BUDGET);
    expect(scripts.length).toBeGreaterThan(0);
    expect(total, 'bytes of JavaScript for /members').toBeLessThanOrEqual(MEMBERS_BUDGET);
    await context.close();
  });

  test('/ needs at most 60 KB of JavaScript for a visitor', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'nl-NL' });
    const page = await context.newPage();
    const scripts = await scriptsDuring(page, async () => {
      await page.goto('/');
      await expect(page.getByRole('main')).toBeVisible();
    });
    const total = report('/ (visitor)', scripts, HOME_BUDGET);
    expect(scripts.length).toBeGreaterThan(0);
    expect(total, 'bytes of JavaScript for /').toBeLessThanOrEqual(HOME_BUDGET);
    await context.close();
  });
});
