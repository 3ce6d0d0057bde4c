import type { Page } from '@playwright/test';
import { logInByApi } from './access-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

const DEMO = { email: 'demo@example.com', password: 'demo1234' };

async function logIn(page: Page) {
  await logInByApi(page, DEMO.email, DEMO.password);
}

/** Closes the match dialog when one opened (a seeded member may have liked the demo member first). */
async function closeMatchDialog(page: Page) {
  const dialog = page.getByTestId('match-dialog');
  if (await dialog.isVisible()) await page.getByRole('button', { name: 'Later' }).click();
}

test('search with filters, distance and paging', async ({ page }) => {
  await logIn(page);
  const filters = page.getByRole('form', { name: 'Zoekfilters' });
  await filters.getByLabel('Geslacht').selectOption('female');
  await filters.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(/gender=female/);
  // The previous results stay dimmed (busy) until the new ones arrive: axe reads the new ones.
  await expect(page.locator('[data-testid="member-results"][aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByTestId('member-card').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'members, women');
  await page.getByRole('button', { name: 'Pagina 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('member-card').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'members, page 2 of women');

  await filters.getByLabel('Afstand').selectOption('10');
  await filters.getByLabel('Leeftijd vanaf').selectOption('30');
  await filters.getByLabel('Leeftijd tot').selectOption('32');
  await filters.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(/distance=10/);
  // Few women of 30-32 live within 10 km: the wider search is shown apart, saying how it widened.
  await expect(page.getByTestId('similar-results')).toBeVisible();
  await expect(page.getByTestId('similar-results')).toContainText('ruimer gezocht');
  await expectNoSeriousA11yViolations(page, 'members with similar results');
});

test('liking back a member who liked the demo member opens the match dialog', async ({ page }) => {
  const settings = await (await page.request.get('/api/settings.php')).json();
  await logIn(page);
  await page.goto('/likes');
  const fresh = page.getByTestId('like-item').filter({ hasNotText: settings.fictional_singular });
  const realNew = page
    .locator('[data-testid="like-item"][data-new]')
    .filter({ hasNotText: settings.fictional_singular });
  await expect(realNew.first()).toBeVisible();
  // Fictional likers carry their label on the likes page too.
  await expect(page.getByTestId('like-item').filter({ hasText: settings.fictional_singular }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'likes');
  const name = ((await realNew.first().getByRole('heading').textContent()) ?? '').split(',')[0]?.trim() ?? '';
  const before = await fresh.count();
  expect(before).toBeGreaterThan(0);
  await realNew.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/likes\/m\/\d+$/);
  await expect(page.getByTestId('liked-by-note')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'profile of a liker');
  await page.getByTestId('like-button').click();
  const dialog = page.getByTestId('match-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(name);
  await expectNoSeriousA11yViolations(page, 'match dialog');
  await dialog.getByRole('button', { name: 'IJsbreker' }).click();
  await expect(page.getByTestId('icebreakers').getByRole('button').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'match dialog icebreakers');
  await page.getByTestId('icebreakers').getByRole('button').first().click();
  await expect(page).toHaveURL(/\/members\/\d+\/chat\?text=/);

  await page.goto('/likes/mutual');
  await expect(page.getByTestId('like-item').filter({ hasText: name })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'mutual likes');
});

test('a free member plays the swipe game until the daily quota stops them', async ({ page }) => {
  await logIn(page);
  await page.goto('/swipe-game');
  await expect(page.getByTestId('swipe-card')).toBeVisible();
  await expect(page.getByTestId('likes-left')).toContainText('4');
  await expectNoSeriousA11yViolations(page, 'swipe game');
  // One pass by the ← key, then likes by button and by the → key.
  const first = await page.getByTestId('swipe-name').textContent();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('swipe-name')).not.toHaveText(first ?? '');
  for (let i = 0; i < 4; i++) {
    await closeMatchDialog(page);
    const shown = await page.getByTestId('swipe-name').textContent();
    if (i % 2 === 0) await page.getByRole('button', { name: 'Leuk' }).click();
    else await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('swipe-name')).not.toHaveText(shown ?? '');
  }
  await closeMatchDialog(page);
  const call = page.getByTestId('premium-call');
  await expect(call).toBeVisible();
  await expect(call.getByRole('link', { name: 'Word Premium' })).toHaveAttribute('href', '/premium');
  await expectNoSeriousA11yViolations(page, 'swipe game quota reached');
  await expect(page.getByRole('button', { name: 'Leuk' })).toBeDisabled();
});

test("a remembered filter: the server's first /members shows the same members as the app", async ({
  page,
  context,
}) => {
  await logIn(page);
  const filters = page.getByRole('form', { name: 'Zoekfilters' });
  await filters.getByLabel('Leeftijd vanaf').selectOption('40');
  await filters.getByLabel('Leeftijd tot').selectOption('50');
  await filters.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(/min_age=40/);
  await expect(page.locator('[data-testid="member-results"][aria-busy="true"]')).toHaveCount(0);
  const firstNames = () =>
    page.locator('#main .card-title').evaluateAll((titles) => titles.slice(0, 4).map((t) => t.textContent));
  const chosen = await firstNames();
  expect(chosen.length).toBeGreaterThan(0);
  // The app mirrors the remembered filter (local storage) for the server.
  const cookie = async () => (await context.cookies()).find((c) => c.name === 'search_filter')?.value ?? '';
  await expect.poll(async () => decodeURIComponent(await cookie())).toMatch(/^\d+:.*min_age=40/);

  // /members without filters in the URL: the server's snapshot (the app kept from starting) shows them.
  await page.route('**/start-after-paint.js', (route) => route.abort());
  await page.goto('/members');
  await expect(page.locator('#main .card-title').first()).toBeVisible();
  expect(await firstNames()).toEqual(chosen);
  await page.unroute('**/start-after-paint.js');
  // And the app, which starts from the remembered filter too.
  await page.goto('/members');
  await expect(page.getByTestId('member-card').first()).toBeVisible();
  expect(await firstNames()).toEqual(chosen);
});
