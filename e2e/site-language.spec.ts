import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectNoDutchSiteTexts,
  expectNoPerProfileWarning,
  expectSiteWideNotice,
  findFictional,
  logInDemo,
  PER_PROFILE_WARNING,
  useEnglish,
} from './site-language-helpers';

/**
 * Site texts follow the interface language (SPEC.md 3 Settings; DECISIONS.md Languages): with the
 * English cookie nothing the site sets itself (title, introduction, fictional label and warning)
 * shows in Dutch, and the footer says that the site has fictional profiles and how they are marked,
 * never the per-profile "this is a fictional profile" sentence.
 */

// Each test loads two or three screens in full; generous on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await useEnglish(context, baseURL);
});

/** The footer notice of the server-rendered public pages: site-wide, in English, not the per-profile warning. */
async function expectPublicSiteWideNotice(page: Page): Promise<void> {
  const notice = page.getByTestId('site-disclaimer');
  await expect(notice).toContainText('fictional profiles');
  await expect(notice).toContainText('fictional profile');
  await expect(notice).not.toContainText(PER_PROFILE_WARNING);
  await expect(notice).not.toContainText('Dit is een fictief profiel');
}

test('the home page shows the site texts in English', async ({ page, baseURL }) => {
  await page.goto('/');
  // The home page is rendered by the server: the English cookie leads to its English URL.
  await expect(page).toHaveURL(/\/\?lang=en$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('sign up for free');
  await expect(page).toHaveTitle(/sign up for free/);
  await expectPublicSiteWideNotice(page);
  await expectNoDutchSiteTexts(page);
  // The home page and the site-entry warning speak of fictional profiles in general.
  await expect(page.locator('#home-honest').locator('..')).toContainText('They carry the label fictional profile');
  await expectNoPerProfileWarning(page);

  // The site-entry warning shows to visitors of a lander (SPEC.md 2: NL and DE).
  await logInDemo(page);
  const fictional = await findFictional(page.request);
  await page.context().clearCookies();
  await useEnglish(page.context(), baseURL);
  await page.goto(`/members/${fictional.id}/landing`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Their messages are answered by Flirtlokaal staff');
  await expect(dialog).not.toContainText(PER_PROFILE_WARNING);
  await expectNoDutchSiteTexts(page);
});

test('a chat with a fictional profile and the likes page show the site texts in English', async ({ page }) => {
  await logInDemo(page);
  const fictional = await findFictional(page.request);
  await page.goto(`/members/${fictional.id}/chat`);
  await expect(page.getByRole('textbox').first()).toBeVisible();
  await expectNoDutchSiteTexts(page);
  // The likes page lists fictional profiles with their own warning; the footer stays site-wide.
  await page.goto('/likes');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectSiteWideNotice(page);
  await expectNoDutchSiteTexts(page);
});

test('the members search and a fictional profile show the site texts in English', async ({ page }) => {
  await logInDemo(page);

  await page.goto('/members');
  await expect(page.getByTestId('member-card').first()).toBeVisible();
  await expectSiteWideNotice(page);
  await expectNoDutchSiteTexts(page);

  await expectNoPerProfileWarning(page);

  // A fictional profile carries the English label and, next to it, the per-profile warning.
  const fictional = await findFictional(page.request);
  await page.goto(`/members/${fictional.id}`);
  await expect(page.getByText(`${PER_PROFILE_WARNING}.`).first()).toBeVisible();
  await expect(page.getByText('fictional profile', { exact: true }).first()).toBeVisible();
  await expectSiteWideNotice(page);
  await expectNoDutchSiteTexts(page);
});

test('the language menu of the public pages loads the page in the chosen language', async ({ page }) => {
  // Logged out, so the member's saved language stays as it is; the site-entry warning was accepted before.
  await page.addInitScript(() => window.localStorage.setItem('hide-site-entry-warning', String(Date.now())));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('sign up for free');
  // A list of links in a disclosure: each loads the same page in its language (no script needed).
  await page.getByLabel('Choose language').click();
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/\?lang=de$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('kostenlos anmelden');
  await expect(page).toHaveTitle(/kostenlos anmelden/);
  await expect(page.getByTestId('site-disclaimer')).toContainText('fiktive Profile');
  await expect(page.getByTestId('site-disclaimer')).not.toContainText('Dies ist ein fiktives Profil');
  // The choice is remembered: the member app continues in German.
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmelden');
});

test('the language menu of the member app switches the site texts at once', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('hide-site-entry-warning', String(Date.now())));
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
  await expectSiteWideNotice(page);
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  // The settings query is keyed by language: the texts change with the language, without a reload.
  await page.getByRole('button', { name: 'Choose language' }).click();
  await page.getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmelden');
  await expect(page.getByTestId('site-disclaimer')).toContainText('fiktive Profile');
  await expect(page.getByTestId('site-disclaimer')).not.toContainText('Dies ist ein fiktives Profil');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
