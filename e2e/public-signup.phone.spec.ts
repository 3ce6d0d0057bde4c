import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { PHONE } from './devices';
import { expect, test } from './fixtures';

/**
 * On a phone "Sign up free" on the public pages stays the signup page (SPEC.md 2: the modal is for
 * desktop), by the member app's rule (below 768 px): the home page, a lander and /pricing lead to /signup.
 */

test.use(PHONE);
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('hide-site-entry-warning', String(Date.now())));
});

for (const [label, url, cta] of [
  ['the home page', '/', (page: Page) => page.getByRole('main').getByRole('link', { name: 'Gratis aanmelden' })],
  ['a lander', '/landers/gallery', (page: Page) => page.getByTestId('lander-signup').first()],
  ['/pricing', '/pricing', (page: Page) => page.getByRole('main').getByRole('link', { name: 'Gratis aanmelden' })],
] as const) {
  test(`"Sign up free" on ${label} leads to the signup page`, async ({ page }) => {
    await page.goto(url);
    // The islands are running (the dialog's too), so the page is what a phone gets, not a page without script.
    await page.waitForLoadState('networkidle');
    const link = cta(page);
    await link.scrollIntoViewIfNeeded();
    await link.tap();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByTestId('signup-page')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, `signup page from ${label} on a phone`);
  });
}
