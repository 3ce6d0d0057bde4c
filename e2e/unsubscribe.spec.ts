/**
 * The unsubscribe page of notification mails (issue: notifications): /unsubscribe?u=&k=&t=&a=
 * opened without logging in turns that mail off at once, offers undo and "all notification mails",
 * links to the settings, refuses a forged or cut-off link, and is accessible on a desktop and a
 * 360 px phone. The links are signed like the server signs them, with the secret the e2e server
 * runs with (UNSUBSCRIBE_SECRET).
 */
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { unsubscribeToken } from '../apps/server/src/services/notifications/unsubscribe-token';
import { STRONG_PASSWORD, uniqueEmail } from './access-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

const CLIENT = { 'x-request-type': 'client' };
/** The unsubscribe-link key of the e2e server (playwright.config.ts, UNSUBSCRIBE_SECRET). */
const SECRET = process.env.UNSUBSCRIBE_SECRET ?? 'e2e-unsubscribe-secret';
const PHONE = { width: 360, height: 780 };

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  // The empty layout shows the site-entry warning to NL/DE visitors; this visitor accepted it before.
  await page.addInitScript(() => window.localStorage.setItem('hide-site-entry-warning', String(Date.now())));
});

/** A fresh member, signed up in its own request context (the page stays logged out). */
async function signUpMember(baseURL: string): Promise<{ api: APIRequestContext; id: number }> {
  const api = await playwrightRequest.newContext({ baseURL });
  const signup = await api.post('/api/signup.php', {
    headers: CLIENT,
    data: { email: uniqueEmail('unsub'), name: 'Afmelder', password: STRONG_PASSWORD, date_of_birth: '1990-04-12' },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const user = await (await api.get('/api/user.php', { headers: CLIENT })).json();
  return { api, id: user.id as number };
}

/** The page link a notification mail of `kind` carries for member `id`. */
function pageLink(id: number, kind: 'message' | 'like' | 'match' | 'digest'): string {
  const t = unsubscribeToken(SECRET, id, kind);
  return `/unsubscribe?u=${id}&k=${kind}&t=${t}&a=${unsubscribeToken(SECRET, id, 'all')}`;
}

/** The query of the one-click URL (u, k, t) of that mail. */
function query(id: number, kind: 'message' | 'like'): string {
  return `u=${id}&k=${kind}&t=${unsubscribeToken(SECRET, id, kind)}`;
}

/** Nothing is wider than the phone's screen. */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test('the mailed link unsubscribes without login, undoes, stops all mails and is accessible', async ({
  page,
  baseURL,
}) => {
  const { api, id } = await signUpMember(baseURL!);
  await page.goto(pageLink(id, 'like'));
  const card = page.getByTestId('unsubscribe');
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Afmelden', { timeout: 30_000 });
  await expect(page.getByTestId('unsubscribe-outcome')).toHaveText(
    /^Je ontvangt geen e-mails meer over nieuwe likes van /,
  );
  await expect(card.getByRole('link', { name: 'Beheer je meldingsinstellingen' })).toHaveAttribute(
    'href',
    '/notifications',
  );
  await expectNoSeriousA11yViolations(page, 'unsubscribe, desktop');
  const state = await api.get(`/api/unsubscribe.php?${query(id, 'like')}`);
  expect(await state.json()).toMatchObject({ kind: 'like', unsubscribed: true });

  await card.getByRole('button', { name: 'Ongedaan maken' }).click();
  await expect(page.getByTestId('unsubscribe-outcome')).toHaveText(/^Je ontvangt weer e-mails over nieuwe likes van /);
  expect(await (await api.get(`/api/unsubscribe.php?${query(id, 'like')}`)).json()).toMatchObject({
    unsubscribed: false,
  });

  await page.setViewportSize(PHONE);
  await card.getByRole('button', { name: 'Toch afmelden' }).click();
  await expect(page.getByTestId('unsubscribe-outcome')).toHaveText(/^Je ontvangt geen e-mails meer over nieuwe likes/);
  await expectNoSideScroll(page);
  await expectNoSeriousA11yViolations(page, 'unsubscribe, 360 px');
  await card.getByRole('button', { name: 'Afmelden voor alle e-mailmeldingen' }).click();
  await expect(page.getByTestId('unsubscribe-outcome')).toHaveText(/^Je ontvangt geen e-mailmeldingen meer van /);
  const user = await (await api.get('/api/user.php', { headers: CLIENT })).json();
  expect(user.notifications_disabled).toEqual(['unsubscribe']);
  await api.dispose();
});

test('a forged or cut-off link says so and points to the settings', async ({ page, baseURL }) => {
  const { api, id } = await signUpMember(baseURL!);
  const link = pageLink(id, 'message');
  for (const broken of [link.replace(/&t=[^&]+/, '&t=forged-token'), link.replace(/&t=[^&]+/, '')]) {
    await page.goto(broken);
    const alert = page.getByTestId('unsubscribe').getByRole('alert');
    await expect(alert).toContainText('Deze afmeldlink is onvolledig of ongeldig.', { timeout: 30_000 });
    await expect(alert.getByRole('link', { name: 'Beheer je meldingsinstellingen' })).toBeVisible();
  }
  await page.setViewportSize(PHONE);
  await expectNoSideScroll(page);
  await expectNoSeriousA11yViolations(page, 'unsubscribe with a broken link, 360 px');
  expect(await (await api.get(`/api/unsubscribe.php?${query(id, 'message')}`)).json()).toMatchObject({
    unsubscribed: false,
  });
  await api.dispose();
});
