import type { Page } from '@playwright/test';
import { DEMO_ADMIN, signInStaff } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { sidewaysOverflow } from './devices';
import { expect, test } from './fixtures';

/** Switches the back office's language with the EN/NL buttons of the top bar. */
async function switchLanguage(page: Page, lng: 'EN' | 'NL'): Promise<void> {
  const button = page.getByRole('button', { name: lng, exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

/** Fails when the page scrolls sideways (content wider than the viewport). */
async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const overflow = await sidewaysOverflow(page);
  expect(overflow, `${label}: wider than the screen`).toBeLessThanOrEqual(0);
}

test.describe('back office: sites', () => {
  test('the admin creates a site, edits a setting and the new site serves it on its domain; axe in English and Dutch, at 1280 and 360 px', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInStaff(page, DEMO_ADMIN);
    await switchLanguage(page, 'EN');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Sites' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible();
    await expect(page.getByTestId('site-table')).toContainText('localhost');

    const domain = `e2e-${Date.now()}.example`;
    await page.getByRole('button', { name: 'New site' }).click();
    // A bad domain and a missing name are refused with messages under the fields.
    await page.getByLabel('Domain', { exact: true }).fill('not a domain');
    await page.getByRole('button', { name: 'Create site' }).click();
    await expect(page.getByText('Enter a host name such as flirt.example')).toBeVisible();
    await expect(page.getByText('Fill this in.').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'sites with the create form (en)');

    await page.getByLabel('Domain', { exact: true }).fill(domain);
    await page.getByLabel('Name', { exact: true }).fill('Zomerliefde');
    await page.getByLabel('Niche').selectOption('6');
    await page.getByRole('checkbox', { name: 'Svenska' }).check();
    await page.getByLabel('Domain language').selectOption('sv-SE');
    await page.getByRole('button', { name: 'Create site' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Zomerliefde' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: domain })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/sites\/\d+$/);
    await expectNoSeriousA11yViolations(page, 'site editor (en)');

    // Edit a setting: the longest message, in Money and prices.
    const money = page.locator('#money');
    await money.getByLabel('Longest message (characters)').fill('600');
    await money.getByRole('button', { name: 'Save' }).click();
    await expect(money.getByRole('status')).toHaveText('Saved. Members see the change now.');
    // A fictional warning cannot be emptied.
    const fictional = page.locator('#fictional');
    await fictional.getByLabel('Warning').fill('');
    await fictional.getByRole('button', { name: 'Save' }).click();
    await expect(fictional.getByText('Fill this in.')).toBeVisible();
    // The video landers' video: a plain-http address and a video without poster are refused.
    const video = page.locator('#video');
    await video.getByLabel('Lander video').fill('http://cdn.example/clip.mp4');
    await video.getByRole('button', { name: 'Save' }).click();
    await expect(video.getByText('Enter a path on this site such as /media/clip.webm')).toBeVisible();
    await video.getByLabel('Lander video').fill('/media/summer.webm');
    await video.getByRole('button', { name: 'Save' }).click();
    await expect(video.getByText('Enter both a video and a poster image, or leave both empty.')).toBeVisible();
    await video.getByLabel('Poster image').fill('/media/summer.jpg');
    await video.getByRole('button', { name: 'Save' }).click();
    await expect(video.getByRole('status')).toHaveText('Saved. Members see the change now.');
    const lander = await page.request.get('/landers/video', { headers: { host: domain } });
    expect(await lander.text()).toContain('<source src="/media/summer.webm" type="video/webm"');

    const settings = await page.request.get('/api/settings.php', { headers: { host: domain } });
    expect(await settings.json()).toMatchObject({ name: 'Zomerliefde', niche: 6, message_length: 600 });

    await switchLanguage(page, 'NL');
    await expect(page.getByRole('heading', { level: 2, name: 'Geld en prijzen' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'site editor (nl)');

    await page.setViewportSize({ width: 360, height: 780 });
    await expect(page.getByRole('heading', { level: 2, name: 'Uiterlijk' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'site editor at 360 px');
    await expectNoSeriousA11yViolations(page, 'site editor at 360 px (nl)');
    await page.goto('/admin/sites');
    await expect(page.getByTestId('site-table')).toContainText(domain);
    await expectNoSidewaysScroll(page, 'sites at 360 px');
    await expectNoSeriousA11yViolations(page, 'sites at 360 px (nl)');
  });
});
