import type { Page } from '@playwright/test';
import { DEMO_ADMIN, signInStaff } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { PHONE } from './devices';
import { expect, test } from './fixtures';

test.use(PHONE);

const DEMO_MEMBER = 'demo@example.com';

/** Opens the collapsed top bar (phones) and switches the language with its EN/NL buttons. */
async function switchLanguage(page: Page, lng: 'EN' | 'NL'): Promise<void> {
  const toggler = page.locator('.navbar-toggler');
  if ((await toggler.getAttribute('aria-expanded')) !== 'true') await toggler.click();
  const button = page.getByRole('button', { name: lng, exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await toggler.click();
}

test.describe('back office: members on a phone', () => {
  test('the demo admin searches and opens the demo member, adds a note; axe in English and Dutch', async ({ page }) => {
    test.setTimeout(120_000);
    // loginStaff waits for the account name in the top bar, which a phone keeps behind the menu button:
    // log in on a wide window, then go back to the phone's.
    const phone = page.viewportSize();
    await page.setViewportSize({ width: 1200, height: 900 });
    await signInStaff(page, DEMO_ADMIN);
    if (phone) await page.setViewportSize(phone);
    await switchLanguage(page, 'EN');
    await page.goto('/admin/members');
    await page.getByLabel('E-mail, name or id').fill(DEMO_MEMBER);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // Below 768 px the results are stacked cards, not a table.
    const found = page.getByRole('list', { name: 'Members found' }).getByRole('link', { name: DEMO_MEMBER });
    await expect(found).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    await expectNoSeriousA11yViolations(page, 'members search, phone (en)');
    await switchLanguage(page, 'NL');
    await expect(page.getByRole('heading', { level: 1, name: 'Leden' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'members search, phone (nl)');

    await page.getByRole('list', { name: 'Gevonden leden' }).getByRole('link', { name: DEMO_MEMBER }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Notities van medewerkers' })).toBeVisible();
    const note = `Telefoonnotitie ${Date.now()}`;
    await page.getByLabel('Nieuwe notitie').fill(note);
    await page.getByRole('button', { name: 'Notitie toevoegen' }).click();
    await expect(page.getByTestId('member-notes')).toContainText(note);
    await expectNoSeriousA11yViolations(page, 'member, phone (nl)');
    await switchLanguage(page, 'EN');
    await expect(page.getByRole('heading', { level: 2, name: 'Staff notes' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'member, phone (en)');
    // Nothing is wider than the screen: wide tables scroll inside their own box.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  });
});
