import type { Page } from '@playwright/test';
import { logInByApi } from './access-helpers';
import { expect, test } from './fixtures';

const CLIENT = { 'x-request-type': 'client' };
// Logging in and loading screens can take long on a shared, busy machine.
test.describe.configure({ timeout: 120_000 });

/** Id of another (not fictional) member, from the search. */
async function otherMemberId(page: Page): Promise<number> {
  const res = await page.request.get('/api/search.php?per_page=60', { headers: CLIENT });
  expect(res.ok()).toBe(true);
  const { results } = (await res.json()) as { results: { id: number; fictional: boolean }[] };
  const first = results.find((r) => !r.fictional) ?? results[0];
  expect(first, 'a member in the search').toBeDefined();
  return first?.id ?? 0;
}

test.describe('navigation at desktop width (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test.beforeEach(async ({ page }) => {
    await logInByApi(page, 'demo@example.com', 'demo1234');
  });

  test('the chat has a way back to the conversation list and to the rest of the site', async ({ page }) => {
    await page.goto(`/members/${await otherMemberId(page)}/chat`);
    await expect(page.getByTestId('conversation')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await expect(nav).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    // The site's name leads to the member search, the main items to the rest of the site.
    await expect(nav.getByRole('link', { name: 'Flirtlokaal' })).toHaveAttribute('href', '/members');
    await expect(nav.getByRole('link', { name: 'Leden zoeken' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Likes' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Swipe game' })).toBeVisible();
    // The conversation's back link shows at desktop width too.
    const back = page.getByRole('link', { name: 'Terug naar je berichten' });
    await expect(back).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(/\/chats$/);

    await page.goBack();
    await expect(page.getByTestId('conversation')).toBeVisible();
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Leden zoeken' }).click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByTestId('member-card').first()).toBeVisible();
    // The conversation fills the screen under the bar: the message field is on screen without scrolling.
    await page.goBack();
    await expect(page.getByTestId('conversation')).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThanOrEqual(800);
  });

  test('the swipe game and the match finder are in the menu', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await nav.getByRole('link', { name: 'Swipe game' }).click();
    await expect(page).toHaveURL(/\/swipe-game$/);
    await expect(nav.getByRole('link', { name: 'Swipe game' })).toHaveClass(/active/);
    await nav.getByRole('link', { name: 'Matchfinder' }).click();
    await expect(page).toHaveURL(/\/match-finder$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Every item fits on one line beside the account menu at 1280 px.
    const overflow = await page.evaluate(() => {
      const bar = document.querySelector('.top-nav .navbar-collapse');
      return bar ? bar.scrollWidth - bar.clientWidth : -1;
    });
    expect(overflow).toBe(0);
    const navHeight = await nav.evaluate((el) => el.getBoundingClientRect().height);
    expect(navHeight).toBeLessThan(80);
  });

  test("another member's profile shows no editing hints", async ({ page }) => {
    const settings = (await (await page.request.get('/api/settings.php', { headers: CLIENT })).json()) as {
      visible_profile_notes: Record<string, string>;
    };
    const notes = Object.values(settings.visible_profile_notes);
    await page.goto(`/members/${await otherMemberId(page)}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Gegevens' })).toBeVisible();
    for (const note of notes) await expect(page.getByText(note, { exact: false })).toHaveCount(0);
    // The owner still sees them while editing.
    await page.goto('/profile');
    for (const note of notes) await expect(page.getByText(note).first()).toBeVisible();
  });

  test('every site has a favicon, linked from the page', async ({ page }) => {
    const svg = await page.request.get('/favicon.svg');
    expect(svg.status()).toBe(200);
    expect(svg.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toMatch(/^<svg[^>]*>.*>F<\/text><\/svg>$/s);
    const ico = await page.request.get('/favicon.ico');
    expect(ico.status()).toBe(200);
    expect(ico.headers()['content-type']).toBe('image/x-icon');
    await expect(page.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute('href', '/favicon.svg');
  });
});
