import { logInByApi } from './access-helpers';
import { expect, test } from './fixtures';

/**
 * Security headers on the pages themselves (docs/security.md): the strict Content-Security-Policy
 * holds for the real client — no script, style or connection it needs is refused — and a page
 * served to a member carries every header.
 */
test('pages carry the security headers and the client runs under the CSP without a violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  await expect(page.locator('h1').first()).toBeVisible();

  await logInByApi(page, 'premium@example.com', 'demo1234');
  for (const path of ['/members', '/chats', '/likes', '/profile', '/credits']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});
