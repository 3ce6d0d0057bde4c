import { expectNoSeriousA11yViolations } from './axe';
import { PHONE } from './devices';
import { expect, test } from './fixtures';

test.use(PHONE);

test('on a phone the navigation collapses and the member list still shows', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill('demo@example.com');
  await page.getByLabel('Wachtwoord').fill('demo1234');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/members/);
  await expect(page.getByTestId('member-card').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'members (phone)');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
});
