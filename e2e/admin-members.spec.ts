import type { Page } from '@playwright/test';
import { DEMO_ADMIN, signInStaff } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

const DEMO_MEMBER = 'demo@example.com';

/** Switches the back office's language with the EN/NL buttons of the top bar. */
async function switchLanguage(page: Page, lng: 'EN' | 'NL'): Promise<void> {
  const button = page.getByRole('button', { name: lng, exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

test.describe('back office: members', () => {
  test('the demo admin finds the demo member, reads the sections and adds a note; axe in English and Dutch', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInStaff(page, DEMO_ADMIN);
    await switchLanguage(page, 'EN');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Members' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();

    await page.getByLabel('E-mail, name or id').fill(DEMO_MEMBER);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const found = page.getByRole('link', { name: DEMO_MEMBER, exact: true });
    await expect(found).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/members\?q=demo%40example\.com/);
    await expectNoSeriousA11yViolations(page, 'members search (en)');
    await switchLanguage(page, 'NL');
    await expect(page.getByRole('heading', { level: 1, name: 'Leden' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'members search (nl)');

    await found.click();
    for (const name of [
      'Account',
      'Profiel',
      /^Foto's \(\d+\)$/,
      'Betalingen',
      'Credits',
      'Gesprekken',
      'Meldingen',
      'Maatregelen',
      'Notities van medewerkers',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.getByText(DEMO_MEMBER).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'member (nl)');

    const note = `Belde over de factuur ${Date.now()}`;
    await page.getByLabel('Nieuwe notitie').fill(note);
    await page.getByRole('button', { name: 'Notitie toevoegen' }).click();
    await expect(page.getByTestId('member-notes')).toContainText(note);
    await expect(page.getByTestId('member-notes')).toContainText('Demo admin');

    await switchLanguage(page, 'EN');
    await expect(page.getByRole('heading', { level: 2, name: 'Staff notes' })).toBeVisible();
    await page.getByRole('button', { name: 'Show conversations' }).click();
    await page
      .getByRole('button', { name: /^Read the conversation with / })
      .first()
      .click();
    await expect(page.getByTestId('conversation-view').getByRole('listitem').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'member (en)');

    // The note is kept: the screen shows it again after a reload.
    await page.reload();
    await expect(page.getByTestId('member-notes')).toContainText(note);
  });
});
