import type { Locator, Page } from '@playwright/test';
import { logInByApi } from './access-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { sidewaysOverflow } from './devices';
import { expect, test } from './fixtures';

/**
 * One header, one footer, one warning on the public pages and in the member app (SPEC.md 2): a member
 * on /pricing and the legal pages gets the app's navigation (rendered on the server, no script
 * needed), behind the menu button on a phone; the brand, the header's width and the footer's links are
 * the app's; the site-entry warning closes with its close button or Escape and stays closed, on the
 * public pages and in the app alike (one dismissal, SPEC.md 2, 4).
 */

test.describe.configure({ timeout: 120_000 });
const DEMO = { email: 'demo@example.com', password: 'demo1234' };
const WARNING_KEY = 'hide-site-entry-warning';
const MEMBER_LINKS = [
  ['Leden zoeken', '/members'],
  ['Berichten', '/chats'],
  ['Likes', '/likes'],
  ['Swipe game', '/swipe-game'],
  ['Matchfinder', '/match-finder'],
] as const;

async function warningAccepted(page: Page): Promise<void> {
  await page.addInitScript((key) => window.localStorage.setItem(key, String(Date.now())), WARNING_KEY);
}

/** The hrefs of the links in `scope`, in order. */
function hrefs(scope: Locator): Promise<string[]> {
  return scope.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a member on /pricing and a legal page sees the member navigation of the app', async ({ page }) => {
    await warningAccepted(page);
    await logInByApi(page, DEMO.email, DEMO.password);
    const appNav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await expect(appNav.getByRole('link', { name: 'Leden zoeken' })).toBeVisible();
    const appLinks = (await hrefs(appNav.locator('.navbar-nav').first())).filter((href) => href !== '#');
    const appBrand = await appNav.locator('.navbar-brand').boundingBox();

    for (const url of ['/pricing', '/pages/terms']) {
      await page.goto(url);
      const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
      for (const [name, href] of MEMBER_LINKS)
        await expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
      await expect(nav.getByRole('link', { name: /^(Word Premium|Credits)/ })).toBeVisible();
      await expect(page.getByText('Naar het ledengedeelte')).toHaveCount(0);
      await expect(nav.getByRole('link', { name: 'Inloggen' })).toHaveCount(0);
      // The same destinations, in the same order, as the app's navigation.
      expect(await hrefs(page.getByTestId('member-nav'))).toEqual(appLinks);
      // The brand: the heart mark and the name, leading members to the members area, where the app's stands.
      const brand = page.getByTestId('site-brand');
      await expect(brand).toHaveAttribute('href', '/members');
      await expect(brand.locator('svg')).toBeVisible();
      const box = await brand.boundingBox();
      expect(Math.abs((box?.x ?? 0) - (appBrand?.x ?? -1)), "brand at the app header's left edge").toBeLessThanOrEqual(
        1,
      );
      // The account menu: the profile name and the app's account links.
      await page.getByTestId('nav-user-menu').click();
      const menu = page.locator('details.pub-account');
      await expect(menu.getByRole('link', { name: 'Mijn profiel' })).toHaveAttribute('href', '/profile');
      await expect(menu.getByRole('link', { name: 'Instellingen' })).toHaveAttribute('href', '/notifications');
      await expect(menu.getByRole('link', { name: 'Transacties' })).toHaveAttribute('href', '/transactions');
      await expectNoSeriousA11yViolations(page, `${url} for a member, account menu open`);
    }
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Likes' }).click();
    await expect(page).toHaveURL(/\/likes$/);
  });

  test("the public footer has the app footer's links, and the disclaimer under it", async ({ page }) => {
    await warningAccepted(page);
    await page.goto('/login');
    const appFooter = page.getByRole('contentinfo');
    await expect(appFooter.getByRole('link', { name: 'Prijzen' })).toBeVisible();
    const appLinks = await hrefs(appFooter);
    await page.goto('/pricing');
    const footer = page.getByRole('contentinfo');
    expect(await hrefs(footer)).toEqual(appLinks);
    await expect(footer.getByRole('link', { name: 'Klantenservice' })).toHaveAttribute('href', '/pages/service');
    await expect(page.getByTestId('site-disclaimer')).toContainText('alleen voor volwassenen (18+)');
    await expect(page.getByTestId('site-disclaimer').locator('svg')).toBeVisible();
    // A visitor's brand leads home.
    await expect(page.getByTestId('site-brand')).toHaveAttribute('href', '/');
  });

  test('the site-entry warning closes with its close button or Escape and stays closed, here and in the app', async ({
    browser,
  }) => {
    for (const how of ['close button', 'Escape'] as const) {
      const context = await browser.newContext({ locale: 'nl-NL', viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto('/');
      const dialog = page.getByRole('dialog', { name: 'Belangrijke informatie' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('fictief profiel');
      await expect(dialog.locator('strong')).toContainText('fictief profiel');
      if (how === 'close button') {
        await expectNoSeriousA11yViolations(page, 'site-entry warning with its close button');
        await dialog.getByRole('button', { name: 'Sluiten' }).click();
      } else {
        await page.keyboard.press('Escape');
      }
      await expect(dialog).toBeHidden();
      const stored = await page.evaluate((key) => window.localStorage.getItem(key), WARNING_KEY);
      expect(Number(stored), `time of the dismissal (${how})`).toBeGreaterThan(Date.now() - 60_000);
      await page.reload();
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // The member app's warning (the empty layout shows it to NL and DE) knows the same dismissal.
      await page.goto('/signup');
      await expect(page.getByTestId('signup-page')).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await context.close();
    }

    // Closed in the app first: the public pages do not show it either.
    const context = await browser.newContext({ locale: 'nl-NL', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/signup');
    const appWarning = page.getByRole('dialog', { name: 'Belangrijke informatie' });
    await expect(appWarning).toBeVisible();
    await appWarning.getByRole('button', { name: 'Sluiten' }).click();
    await expect(appWarning).toBeHidden();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await context.close();
  });
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a member on /pricing finds the member navigation behind the menu button', async ({ page }) => {
    await warningAccepted(page);
    await logInByApi(page, DEMO.email, DEMO.password);
    await page.goto('/pricing');
    await expect(page.getByTestId('member-nav')).toBeHidden();
    const toggle = page.getByLabel('Menu openen of sluiten');
    await expect(toggle).toBeVisible();
    expect(await sidewaysOverflow(page), 'sideways scrolling').toBeLessThanOrEqual(0);
    await toggle.click();
    const menu = page.locator('details.pub-nav-toggle');
    for (const [name, href] of MEMBER_LINKS)
      await expect(menu.getByRole('link', { name })).toHaveAttribute('href', href);
    await expect(menu.getByRole('link', { name: 'Mijn profiel' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/pricing for a member on a phone, menu open');
    expect(await sidewaysOverflow(page), 'sideways scrolling with the menu open').toBeLessThanOrEqual(0);
    await menu.getByRole('link', { name: 'Berichten' }).click();
    await expect(page).toHaveURL(/\/chats$/);
  });
});
