/**
 * Back office II, the shop: the demo admin creates a site (POST /api/admin/sites.php) and, on the shop
 * screen, a discount code of that site; a new member of that site enters the code on the credits
 * screen and pays through the built-in test provider with the discount applied. The second site is
 * reached on its own domain: Chromium maps *.e2e.test to the test server (--host-resolver-rules in
 * playwright.config.ts),
 * so the server picks the site from the Host header exactly as in production. axe-core on each part
 * of the shop screen; the screen at 360 px in English and Dutch.
 */
import type { Browser, Page } from '@playwright/test';
import { uniqueEmail } from './access-helpers';
import { DEMO_ADMIN, signInStaff } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

const CLIENT = { 'x-request-type': 'client' };

/** Makes a site on `domain` through the signed-in admin's page; answers its id and origin. */
async function createSiteByApi(page: Page, domain: string): Promise<{ id: number; origin: string }> {
  const companies = await page.request.get('/api/admin/companies.php', { headers: CLIENT });
  expect(companies.status(), await companies.text()).toBe(200);
  const [company] = (await companies.json()) as { id: number }[];
  // The port of this worker's server (e2e/fixtures.ts), where the admin's page is.
  const origin = `http://${domain}:${new URL(page.url()).port}`;
  const res = await page.request.post('/api/admin/sites.php', {
    headers: CLIENT,
    data: {
      domain,
      public_url: origin,
      name: 'Winkeltest',
      languages: ['nl', 'en', 'de', 'fr'],
      domain_language: 'nl-NL',
      niche: 1,
      company_id: company?.id,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { id: ((await res.json()) as { id: number }).id, origin };
}

/** A new member of the site at `origin`, signed up and logged in in a browser context of its own. */
async function memberOf(browser: Browser, origin: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin, locale: 'nl-NL' });
  const page = await context.newPage();
  await page.goto('/');
  // Through the page (Chromium's resolver), not page.request, which would not know the domain.
  const status = await page.evaluate(
    async ({ email, headers }) => {
      const res = await fetch('/api/signup.php', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          email,
          name: 'Winkellid',
          password: 'Zomer-Fiets-Appel-2026!',
          date_of_birth: '1990-04-12',
        }),
      });
      return res.status;
    },
    { email: uniqueEmail('shop'), headers: CLIENT },
  );
  expect(status).toBe(200);
  return page;
}

test.describe('back office: the shop', () => {
  test('an admin creates a site and a discount code and a member of that site uses it', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signInStaff(page, DEMO_ADMIN);
    const domain = `shop-${Date.now()}.e2e.test`;
    const site = await createSiteByApi(page, domain);

    // The shop screen of the new site: its packages were copied from the default site.
    await page.goto(`/admin/shop?site=${site.id}&tab=packages`);
    await expect(page.getByRole('heading', { level: 1, name: 'Winkel' })).toBeVisible();
    await expect(page.getByLabel('Site', { exact: true })).toHaveValue(String(site.id));
    await expect(page.getByTestId('package-row').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'admin shop packages');

    // A new code with a percentage of its own, made in the form; a too-short code is refused first.
    await page.getByRole('button', { name: 'Kortingscodes' }).click();
    await expect(page).toHaveURL(/tab=discounts/);
    await page.getByRole('button', { name: 'Nieuwe kortingscode' }).click();
    const form = page.getByTestId('discount-form');
    await form.getByLabel('Code', { exact: true }).fill('x');
    await form.getByLabel('Korting (%)').fill('40');
    await form.getByRole('button', { name: 'Code aanmaken' }).click();
    await expect(form.getByLabel('Code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    const code = `ZOMER${Date.now() % 100_000}`;
    await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await form.getByLabel('Minimale bestelwaarde').fill('9,95');
    await form.getByLabel('iDEAL').check();
    await expectNoSeriousA11yViolations(page, 'admin shop discount form');
    await form.getByRole('button', { name: 'Code aanmaken' }).click();
    await expect(page.getByTestId('discount-notice')).toContainText(code);
    const row = page.getByTestId('discount-row').filter({ hasText: code });
    await expect(row).toContainText('40%');
    await expect(row).toContainText('Actief');
    await expectNoSeriousA11yViolations(page, 'admin shop discount codes');

    // The same code again, in small letters: the server's conflict shown in the form.
    await page.getByRole('button', { name: 'Nieuwe kortingscode' }).click();
    await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await form.getByLabel('Korting (%)').fill('10');
    await form.getByRole('button', { name: 'Code aanmaken' }).click();
    await expect(form.getByRole('alert')).toContainText('Deze site heeft deze code al');
    await form.getByRole('button', { name: 'Annuleren' }).click();

    // A member of the new site, on its own domain, enters the code on the credits screen and pays.
    const member = await memberOf(browser, site.origin);
    await member.goto('/credits');
    await member.getByLabel('Heb je een kortingscode?').fill(code.toLowerCase());
    await member.getByRole('button', { name: 'Toepassen' }).click();
    await expect(member.getByTestId('code-applied')).toContainText(code);
    const best = member.getByTestId('package').filter({ has: member.getByTestId('best-choice') });
    await expect(best.getByTestId('price')).toContainText('11,97');
    await member.getByTestId('method-ideal').click();
    await member.getByTestId('continue').click();
    await expect(member).toHaveURL(/\/credits\/\d+\/ideal/);
    await expect(member.getByTestId('summary-discount')).toContainText(code);
    await expect(member.getByTestId('summary-total')).toContainText('11,97');
    await member.getByTestId('pay-button').click();
    await expect(member).toHaveURL(/\/test-provider\/checkout\//);
    await expect(member.getByTestId('amount')).toContainText('11.97');
    await member.getByRole('button', { name: 'Paid', exact: true }).click();
    await expect(member.getByRole('heading', { name: 'Betaling gelukt' })).toBeVisible();
    expect(new URL(member.url()).hostname).toBe(domain);
    await member.context().close();

    // The back office counts the paid use.
    await page.reload();
    await expect(page.getByTestId('discount-row').filter({ hasText: code })).toContainText('40%');
    const paid = await page.request.get(`/api/admin/discount-codes.php?site_id=${site.id}&kind=code`, {
      headers: CLIENT,
    });
    const listed = ((await paid.json()) as { codes: { code: string; paid_uses: number }[] }).codes;
    expect(listed.find((c) => c.code === code)?.paid_uses).toBe(1);

    // Gifts and the automatic discounts, each checked with axe-core.
    await page.getByRole('button', { name: 'Cadeaus' }).click();
    await expect(page.getByTestId('gift-row').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'admin shop gifts');
    await page.getByRole('button', { name: 'Welkomstkorting & tijdbonus' }).click();
    await expect(page.getByTestId('automatic-time_bonus')).toContainText('14400');
    await expectNoSeriousA11yViolations(page, 'admin shop welcome discount and time bonus');
  });

  test('the shop screen fits a phone in English and Dutch', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 360, height: 740 });
    await signInStaff(page, DEMO_ADMIN);
    for (const tab of ['packages', 'gifts', 'discounts', 'automatic']) {
      await page.goto(`/admin/shop?tab=${tab}`);
      await expect(page.locator('#main h1')).toHaveText('Winkel');
      await expect(page.locator(`[data-testid="shop-${tab}"]`)).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Laden' })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expect(page.locator('#main .nav-link.active')).toBeInViewport();
      if (tab !== 'discounts') continue;
      // Cards instead of the table on a phone.
      await expect(page.getByTestId('discount-card').first()).toBeVisible();
      await expect(page.getByTestId('discount-row').first()).toBeHidden();
      await expectNoSeriousA11yViolations(page, 'admin shop discount codes at 360 px');
    }
    await page.goto('/admin/shop?tab=packages');
    await expect(page.getByTestId('package-card').first()).toBeVisible();
    await expect(page.getByTestId('package-row').first()).toBeHidden();
    await expectNoSeriousA11yViolations(page, 'admin shop packages at 360 px');

    // The same screen in English: the language chosen in the top bar stays in this browser only.
    await page.evaluate(() => localStorage.setItem('admin-language', 'en'));
    await page.goto('/admin/shop?tab=automatic');
    await expect(page.locator('#main h1')).toHaveText('Shop');
    await expect(page.getByTestId('automatic-time_bonus')).toContainText('4 hours (14400 seconds)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page, 'admin shop in English at 360 px');
  });
});
