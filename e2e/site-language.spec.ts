import { expect, type Page, test } from '@playwright/test';

/**
 * Site texts follow the interface language (SPEC.md 3 Settings; DECISIONS.md Languages): with the
 * English cookie nothing the site sets itself (title, introduction, fictional label and warning)
 * shows in Dutch, and the footer says that the site has fictional profiles and how they are marked,
 * never the per-profile "this is a fictional profile" sentence.
 */

const DEMO = { email: 'demo@example.com', password: 'demo1234' };
const CLIENT = { 'x-request-type': 'client' };
/** Dutch texts of the demo site's settings (seed/site-texts.ts, nl). */
const DUTCH_SITE_TEXTS = [
  'gratis inschrijven',
  'fictief profiel',
  'fictieve profielen',
  'Dit is een fictief profiel',
  'Deel geen telefoonnummer',
];

// Each test loads two or three screens in full; generous on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: baseURL ?? 'http://127.0.0.1' }]);
});

/** The visible text of the page, the document title included. */
async function pageText(page: Page): Promise<string> {
  return `${await page.title()}\n${await page.locator('body').innerText()}`;
}

async function expectNoDutchSiteTexts(page: Page) {
  const text = await pageText(page);
  for (const dutch of DUTCH_SITE_TEXTS) expect(text, `"${dutch}" on ${page.url()}`).not.toContain(dutch);
}

/** The footer notice: site-wide, in English, not the per-profile warning. */
async function expectSiteWideNotice(page: Page) {
  const notice = page.getByTestId('site-disclaimer');
  await expect(notice).toContainText('also contains fictional profiles');
  await expect(notice).toContainText('fictional profile');
  await expect(notice).not.toContainText('This is a fictional profile');
  await expect(notice).not.toContainText('Dit is een fictief profiel');
}

test('the home page shows the site texts in English', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('sign up for free');
  await expect(page).toHaveTitle(/sign up for free/);
  await expectSiteWideNotice(page);
  await expectNoDutchSiteTexts(page);
});

test('the members search and a fictional profile show the site texts in English', async ({ page }) => {
  const login = await page.request.post('/api/user.php', { headers: CLIENT, data: DEMO });
  expect(login.status(), await login.text()).toBe(200);

  await page.goto('/members');
  await expect(page.getByTestId('member-card').first()).toBeVisible();
  await expectSiteWideNotice(page);
  await expectNoDutchSiteTexts(page);

  // A fictional profile carries the English label and, next to it, the per-profile warning.
  // Fictional profiles have no real activity, so they sort after active members: look on the last page.
  const perPage = 24;
  const first = await (await page.request.get(`/api/search.php?per_page=${perPage}`)).json();
  const lastPage = Math.ceil(first.numResults / perPage);
  const last = await (await page.request.get(`/api/search.php?per_page=${perPage}&page=${lastPage}`)).json();
  const fictional = last.results.find((r: { fictional: boolean }) => r.fictional);
  expect(fictional).toBeTruthy();
  await page.goto(`/members/${fictional.id}`);
  await expect(page.getByText('This is a fictional profile.').first()).toBeVisible();
  await expect(page.getByText('fictional profile', { exact: true }).first()).toBeVisible();
  await expectSiteWideNotice(page);
  await expectNoDutchSiteTexts(page);
});

test('switching the language switches the site texts at once', async ({ page }) => {
  // Logged out, so the member's saved language stays as it is; the site-entry warning was accepted before.
  await page.addInitScript(() => window.localStorage.setItem('hide-site-entry-warning', String(Date.now())));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('sign up for free');
  // The settings query is keyed by language: the texts change with the language, without a reload.
  await page.getByRole('button', { name: 'Choose language' }).click();
  await page.getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('kostenlos anmelden');
  await expect(page).toHaveTitle(/kostenlos anmelden/);
  await expect(page.getByTestId('site-disclaimer')).toContainText('fiktive Profile');
  await expect(page.getByTestId('site-disclaimer')).not.toContainText('Dies ist ein fiktives Profil');
});
