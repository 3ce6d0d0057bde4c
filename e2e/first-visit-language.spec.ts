import { expect, test } from './fixtures';

/**
 * The first page a visitor opens decides the language by one rule on every path (issue 32 item 11,
 * docs/decisions/018-first-visit-language.md): a German browser landing first on /members gets the
 * member app in German, as it gets the home page in German.
 */

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('landing first on /members sees the member app in German', async ({ page, context }) => {
    await page.goto('/members');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // Texts the app renders itself, after it replaced the server's snapshot.
    await expect(page.getByRole('link', { name: 'Anmelden' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Inloggen' })).toHaveCount(0);
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('de');

    // The home page opened afterwards stays in the same language.
    await page.goto('/');
    await expect(page).toHaveURL(/\/\?lang=de$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});

test.describe('a Dutch browser', () => {
  test.use({ locale: 'nl-NL' });

  test("landing first on /members sees the site's own language, and nothing is stored", async ({ page, context }) => {
    await page.goto('/members');
    await expect(page.getByRole('link', { name: 'Inloggen' }).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')).toBeUndefined();
  });
});
