/**
 * The back office on a phone (issue: back office I): the login, the start page and the staff screen
 * fit the screen (nothing scrolls sideways but the tables inside their own box), the menu folds
 * behind the toggler, and axe passes.
 */
import type { Page } from '@playwright/test';
import { DEMO_ADMIN, loginStaff } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { PHONE } from './devices';
import { expect, test } from './fixtures';

/** Fails when the page scrolls sideways: the document is never wider than the screen. */
async function expectNoHorizontalOverflow(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label}: page is ${scrollWidth}px wide on a ${innerWidth}px screen`).toBeLessThanOrEqual(
    innerWidth,
  );
}

// The narrowest phone the back office supports (the project's Pixel 7 is 412 px wide).
test.use({ ...PHONE, viewport: { width: 360, height: 780 } });

test('on a phone the back office folds its menu and fits the screen', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/admin/login');
  await page.evaluate(() => localStorage.setItem('admin-language', 'en'));
  await page.reload();
  await expect(page.locator('#staff-email')).toBeVisible();
  await expectNoHorizontalOverflow(page, 'login');
  await expectNoSeriousA11yViolations(page, 'back-office login (phone)');

  await loginStaff(page, DEMO_ADMIN);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome, /);
  const toggler = page.getByRole('button', { name: 'Menu' });
  const menu = page.locator('#admin-nav');
  await expect(toggler).toBeVisible();
  await expect(toggler).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();
  await expectNoHorizontalOverflow(page, 'home');
  await expectNoSeriousA11yViolations(page, 'back-office home (phone)');

  await toggler.click();
  await expect(toggler).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'Staff', exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page, 'open menu');
  await expectNoSeriousA11yViolations(page, 'back-office open menu (phone)');
  await menu.getByRole('link', { name: 'Staff', exact: true }).click();
  // Choosing a screen folds the menu again.
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff');
  await expect(page.getByTestId('staff-row').first()).toBeVisible();
  await expectNoHorizontalOverflow(page, 'staff');
  await expectNoSeriousA11yViolations(page, 'staff (phone)');

  await page.getByRole('button', { name: 'New staff account' }).click();
  await expect(page.locator('#new-staff-email')).toBeVisible();
  await expectNoHorizontalOverflow(page, 'staff create form');
  await expectNoSeriousA11yViolations(page, 'staff create form (phone)');
});
