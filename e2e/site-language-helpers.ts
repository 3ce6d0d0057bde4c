import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';

/**
 * Shared checks of the site-language journeys (SPEC.md 3 Settings; DECISIONS.md Languages): with
 * the English cookie nothing the site sets itself shows in Dutch, and only a fictional profile
 * carries the per-profile warning.
 */

export const DEMO = { email: 'demo@example.com', password: 'demo1234' };
const CLIENT = { 'x-request-type': 'client' };
/** Dutch texts of the demo site's settings (seed/site-texts.ts, nl). */
const DUTCH_SITE_TEXTS = [
  'gratis inschrijven',
  'fictief profiel',
  'fictieve profielen',
  'Dit is een fictief profiel',
  'Deel geen telefoonnummer',
];
/** The English per-profile sentence: it belongs next to a fictional profile only. */
export const PER_PROFILE_WARNING = 'This is a fictional profile';

/** Sets the language cookie to English for every page of the context. */
export async function useEnglish(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: baseURL ?? 'http://127.0.0.1' }]);
}

/** Logs the demo member in through the API; the session cookie lands in the page's context. */
export async function logInDemo(page: Page): Promise<void> {
  const login = await page.request.post('/api/user.php', { headers: CLIENT, data: DEMO });
  expect(login.status(), await login.text()).toBe(200);
}

/** The visible text of the page, the document title included. */
export async function pageText(page: Page): Promise<string> {
  return `${await page.title()}\n${await page.locator('body').innerText()}`;
}

/** Fails when a Dutch site text shows anywhere on the page or in its title. */
export async function expectNoDutchSiteTexts(page: Page): Promise<void> {
  const text = await pageText(page);
  for (const dutch of DUTCH_SITE_TEXTS) expect(text, `"${dutch}" on ${page.url()}`).not.toContain(dutch);
}

/** Fails when the per-profile warning shows on a page that is not about a fictional profile. */
export async function expectNoPerProfileWarning(page: Page): Promise<void> {
  expect(await pageText(page), `per-profile warning on ${page.url()}`).not.toContain(PER_PROFILE_WARNING);
}

/** The footer notice: site-wide, in English, not the per-profile warning. */
export async function expectSiteWideNotice(page: Page): Promise<void> {
  const notice = page.getByTestId('site-disclaimer');
  await expect(notice).toContainText('also contains fictional profiles');
  await expect(notice).toContainText('fictional profile');
  await expect(notice).not.toContainText(PER_PROFILE_WARNING);
  await expect(notice).not.toContainText('Dit is een fictief profiel');
}

/**
 * A fictional profile from the search, as the logged-in member of `request` sees it: fictional
 * profiles have no real activity, so they sort after active members and are looked for on the last page.
 */
export async function findFictional(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const perPage = 24;
  const first = await (await request.get(`/api/search.php?per_page=${perPage}`)).json();
  const lastPage = Math.ceil(first.numResults / perPage);
  const last = await (await request.get(`/api/search.php?per_page=${perPage}&page=${lastPage}`)).json();
  const fictional = last.results.find((r: { fictional: boolean }) => r.fictional);
  expect(fictional, 'a fictional profile on the last search page').toBeTruthy();
  return fictional;
}
