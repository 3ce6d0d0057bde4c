/**
 * A new deployment's first site, without SQL (docs/deploy.md): on an empty embedded database started
 * with NO_SEED=1, a visitor gets the 503 page that says what to do; the first admin, made with
 * `npm run staff -- create` before the start, logs in at /admin, enrols the authenticator and creates
 * the first site with its company in the back office; that site then serves the address the server
 * answers on (the first site is the default, so every host reaches it). axe-core on each screen.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loginStaff } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { type E2EServer, ROOT, startServer } from './server';

const ADMIN = { email: `first-admin-${Date.now()}@example.com`, password: 'Eerste-Beheerder-Van-De-Site-31' };

test.describe('a new deployment without a site', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  let server: E2EServer | undefined;
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-first-site-'));
    // The first admin as docs/deploy.md makes it: the staff command on the empty database, before
    // the server starts (the embedded database allows one process at a time).
    execFileSync(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      [
        'apps/server/src/cli/staff.ts',
        'create',
        '--email',
        ADMIN.email,
        '--role',
        'admin',
        '--password',
        ADMIN.password,
      ],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: 'pipe' },
    );
    server = await startServer(dataDir, { env: { NO_SEED: '1' }, readyStatus: 503 });
  });

  test.afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a visitor is told there is no site yet; the first admin creates it in the back office and it serves', async ({
    browser,
  }) => {
    const origin = server?.url as string;
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();

    const empty = await page.goto('/');
    expect(empty?.status()).toBe(503);
    await expect(page.getByRole('heading', { level: 1, name: 'This server has no site yet' })).toBeVisible();
    await expect(page.getByRole('listitem').first()).toContainText('npm run site -- create');
    await expectNoSeriousA11yViolations(page, 'no site yet');

    await loginStaff(page, ADMIN);
    await page.goto('/admin/sites');
    await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible();
    await page.getByRole('button', { name: /^(New site|Nieuwe site)$/ }).click();
    await page.locator('#new-site-domain').fill('first.example');
    await page.locator('#new-site-name').fill('Eerste Liefde');
    // No company exists yet: the form makes one with the site.
    await expect(page.locator('#new-company-name')).toBeVisible();
    await page.locator('#new-company-name').fill('Eerste Liefde B.V.');
    await page.locator('#new-company-address').fill('Voorbeeldstraat 1');
    await page.locator('#new-company-kvk').fill('12345678');
    await page.locator('#new-company-city').fill('Amsterdam');
    await page.locator('#new-company-country').fill('NL');
    await page.locator('#new-company-support_phone').fill('+31 20 123 45 67');
    await expectNoSeriousA11yViolations(page, 'the first site, create form');
    await page.getByRole('button', { name: /^(Create site|Site aanmaken)$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Eerste Liefde' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/sites\/\d+$/);

    // The first site is the default: the address the server answers on reaches it.
    const settings = await page.request.get('/api/settings.php');
    expect(settings.status()).toBe(200);
    expect(await settings.json()).toMatchObject({ domain: 'first.example', name: 'Eerste Liefde' });
    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    await expect(page.getByText('Eerste Liefde').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the first site, home page');
    await context.close();
  });
});
