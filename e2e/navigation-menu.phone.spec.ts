import type { Page } from '@playwright/test';
import { logInByApi } from './access-helpers';
import { PHONE } from './devices';
import { expect, test } from './fixtures';

test.use(PHONE);

const CLIENT = { 'x-request-type': 'client' };
// Logging in and loading screens can take long on a shared, busy machine.
test.describe.configure({ timeout: 120_000 });

/** Opens the collapsed main menu and follows its item `name`. */
async function followMenuItem(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
  const toggle = nav.getByRole('button', { name: 'Menu openen of sluiten' });
  await expect(toggle).toBeVisible();
  await expect(nav.getByRole('link', { name })).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name }).click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
}

test('on a phone the swipe game and the match finder are in the collapsed menu', async ({ page }) => {
  await logInByApi(page, 'demo@example.com', 'demo1234');
  await followMenuItem(page, 'Swipe game');
  await expect(page).toHaveURL(/\/swipe-game$/);
  await followMenuItem(page, 'Matchfinder');
  await expect(page).toHaveURL(/\/match-finder$/);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
});

test('on a phone the chat has the menu and a way back to the conversations', async ({ page }) => {
  await logInByApi(page, 'demo@example.com', 'demo1234');
  const search = await (await page.request.get('/api/search.php', { headers: CLIENT })).json();
  await page.goto(`/members/${search.results[0].id}/chat`);
  await expect(page.getByTestId('conversation')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terug naar je berichten' })).toBeVisible();
  await followMenuItem(page, 'Leden zoeken');
  await expect(page).toHaveURL(/\/members$/);
});

test('the signup page on a phone has the site name linking home', async ({ page }) => {
  // The empty layout shows the site-entry warning to NL/DE visitors; this visitor accepted it before.
  await page.addInitScript(() => window.localStorage.setItem('hide-site-entry-warning', String(Date.now())));
  await page.goto('/signup');
  await expect(page.getByTestId('signup-page')).toBeVisible();
  const home = page.getByRole('link', { name: 'Flirtlokaal' });
  await expect(home).toHaveAttribute('href', '/');
  await home.click();
  await expect(page).toHaveURL(/\/$/);
});
