/**
 * Notification settings, invisible mode, languages and the push and mail alerts (issue:
 * notifications and the installable app; SPEC.md 2 /notifications, /lang-config, the alerts of the
 * default layout; SPEC.md 4 push states, invisible mode, dismissals). Members sign up fresh through
 * the API; Chromium cannot reach a real push service here, so where the page subscribes, its
 * PushManager hands out a subscription at a loopback endpoint with keys the test made.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { makeTestSubscription } from '../apps/server/test/helpers/fake-push-service';
import { activateByMail, signUpByApi, uniqueEmail } from './access-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

const CLIENT = { 'x-request-type': 'client' };
/** The mail provider's webhook secret the e2e server runs with (playwright.config.ts, MAIL_WEBHOOK_SECRET). */
const WEBHOOK_SECRET = process.env.MAIL_WEBHOOK_SECRET ?? 'e2e-mail-webhook-secret';
const PHONE = { width: 360, height: 780 };
/** The first wait after a navigation: a first visit also installs the service worker, on a busy machine. */
const FIRST = { timeout: 30_000 };

test.describe.configure({ timeout: 120_000 });

/** The member's notification settings as the API answers them (read with the page's session). */
async function apiSettings(page: Page) {
  const res = await page.request.get('/api/notification-settings.php', { headers: CLIENT });
  expect(res.status()).toBe(200);
  return res.json();
}

/** The switch labelled `name` inside the element with `testId`. */
function switchIn(page: Page, testId: string, name: string | RegExp) {
  return page.getByTestId(testId).getByRole('switch', { name });
}

/** Runs axe on the current screen at desktop size and at 360 px wide. */
async function axeBothSizes(page: Page, label: string) {
  await expectNoSeriousA11yViolations(page, `${label}, desktop`);
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page, `${label}, 360 px`);
  if (size) await page.setViewportSize(size);
}

/** Chooses the interface language by its cookie (SPEC.md 4) and reloads. */
async function useLanguage(page: Page, context: BrowserContext, lng: string) {
  const url = new URL(page.url());
  await context.addCookies([{ name: 'i18n_redirected', value: lng, domain: url.hostname, path: '/' }]);
  await page.reload();
}

/**
 * Replaces PushManager in the page with one that hands out `json` (kept in localStorage, as a
 * browser keeps a real subscription), since the real push service is unreachable from here.
 */
function fakePushManager(json: { endpoint: string; keys: { p256dh: string; auth: string } }): void {
  const STORE = 'e2e-fake-push';
  const subscription = () => ({
    endpoint: json.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: null },
    toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(STORE);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async function getSubscription() {
    return (localStorage.getItem(STORE) ? subscription() : null) as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = async function subscribe() {
    localStorage.setItem(STORE, '1');
    return subscription() as unknown as PushSubscription;
  };
}

test('a member changes notification switches, invisible mode and the mail language, and sees them after a reload', async ({
  page,
  context,
}) => {
  await signUpByApi(page, uniqueEmail('notify'), 'Meldingen E2E');
  await page.goto('/notifications');
  const section = page.getByTestId('settings-notifications');
  await expect(section.getByRole('heading', { name: 'Meldingen' })).toBeVisible();
  await expect(page.getByTestId('mail-on')).toContainText('E-mailmeldingen gaan naar', FIRST);

  // Every kind is on for a new member; each switch saves at once and says so.
  const likes = switchIn(page, 'mail-like', 'Nieuwe likes');
  await expect(likes).toBeChecked();
  await likes.click();
  await expect(page.getByTestId('mail-like').getByRole('status')).toHaveText(/Opgeslagen/);
  await expect(likes).not.toBeChecked();
  const digest = switchIn(page, 'mail-digest', /Wekelijkse e-mail/);
  await digest.click();
  await expect(page.getByTestId('mail-digest').getByRole('status')).toHaveText(/Opgeslagen/);

  const invisible = switchIn(page, 'invisible-mode', 'Onzichtbare modus');
  await expect(invisible).not.toBeChecked();
  await expect(page.getByTestId('invisible-mode')).toContainText('verschijn je niet in het zoeken');
  await invisible.click();
  await expect(page.getByTestId('invisible-mode').getByRole('status')).toHaveText(/Opgeslagen/);

  const language = page.getByTestId('mail-language').getByLabel('Schrijf mijn e-mails in het');
  await expect(language).toHaveValue('');
  await expect(language.locator('option:checked')).toHaveText('Zelfde als de site (Nederlands)');
  await language.selectOption('en');
  await expect(page.getByTestId('mail-language').getByRole('status')).toHaveText(/Opgeslagen/);

  expect(await apiSettings(page)).toMatchObject({
    mail: { message: true, like: false, match: true, digest: false },
    push: { message: true, like: true, match: true },
    mail_language: 'en',
    invisible: true,
    notifications_disabled: [],
  });
  await page.reload();
  await expect(switchIn(page, 'mail-like', 'Nieuwe likes')).not.toBeChecked(FIRST);
  await expect(switchIn(page, 'mail-message', 'Nieuwe berichten')).toBeChecked();
  await expect(switchIn(page, 'mail-digest', /Wekelijkse e-mail/)).not.toBeChecked();
  await expect(switchIn(page, 'invisible-mode', 'Onzichtbare modus')).toBeChecked();
  await expect(page.getByTestId('mail-language').getByRole('combobox')).toHaveValue('en');
  // The account sections are still there.
  await expect(page.getByTestId('export-data')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account verwijderen' })).toBeVisible();
  await axeBothSizes(page, 'notification settings (nl)');

  await useLanguage(page, context, 'en');
  await expect(
    page.getByTestId('settings-notifications').getByRole('heading', { name: 'Notifications' }),
  ).toBeVisible();
  await expect(switchIn(page, 'invisible-mode', 'Invisible mode')).toBeChecked();
  await axeBothSizes(page, 'notification settings (en)');
});

test('/lang-config changes the interface language and the language of mails', async ({ page, context }) => {
  await signUpByApi(page, uniqueEmail('lang'), 'Taal E2E');
  await page.goto('/lang-config');
  await expect(page.getByRole('heading', { level: 1, name: 'Taal' })).toBeVisible(FIRST);
  await expect(page.getByTestId('mail-language').getByRole('combobox')).toBeVisible(FIRST);
  await axeBothSizes(page, 'lang-config (nl)');

  await page.getByLabel('Toon de site in het').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Language' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('en');
  await expect
    .poll(async () => (await (await page.request.get('/api/user.php', { headers: CLIENT })).json()).language)
    .toBe('en');

  const mail = page.getByLabel('Write my emails in');
  await expect(mail.locator('option:checked')).toHaveText('Same as the site (English)');
  await mail.selectOption('de');
  await expect(page.getByTestId('lang-config-mail').getByRole('status')).toHaveText(/Saved/);
  await page.reload();
  await expect(page.getByLabel('Show the site in')).toHaveValue('en', FIRST);
  await expect(page.getByLabel('Write my emails in')).toHaveValue('de');
  expect((await apiSettings(page)).mail_language).toBe('de');
  await axeBothSizes(page, 'lang-config (en)');

  await useLanguage(page, context, 'nl');
  await expect(page.getByLabel('Schrijf mijn e-mails in het')).toHaveValue('de', FIRST);
});

test('the disabled-notifications alert shows after a bounce, and the member turns mail back on', async ({ page }) => {
  const email = uniqueEmail('bounce');
  await signUpByApi(page, email, 'Bounce E2E');
  const bounce = () =>
    page.request.post('/api/mail-webhook.php', {
      headers: { authorization: `Bearer ${WEBHOOK_SECRET}` },
      data: { type: 'bounce', email },
    });
  const res = await bounce();
  expect(res.status(), await res.text()).toBe(200);

  await page.goto('/members');
  const alert = page.getByTestId('disabled-notifications-alert');
  await expect(alert).toContainText(`We sturen geen e-mailmeldingen meer naar ${email}.`, FIRST);
  await expect(alert).toContainText('Een e-mail van ons kon niet worden bezorgd.');
  await expectNoSeriousA11yViolations(page, 'members with the disabled-notifications alert');
  await alert.getByRole('link', { name: 'E-mail weer aanzetten' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  // The page says it itself: no alert on top of it.
  await expect(page.getByTestId('disabled-notifications-alert')).toHaveCount(0);
  const off = page.getByTestId('mail-disabled');
  await expect(off).toContainText('een e-mail van ons niet kon worden bezorgd', FIRST);
  await axeBothSizes(page, 'notification settings with mail off');
  await off.getByRole('button', { name: 'E-mailmeldingen weer aanzetten' }).click();
  await expect(page.getByTestId('mail-on')).toBeVisible();
  expect((await apiSettings(page)).notifications_disabled).toEqual([]);
  await page.goto('/members');
  await expect(page.getByTestId('member-card').first()).toBeVisible(FIRST);
  await expect(page.getByTestId('disabled-notifications-alert')).toHaveCount(0);

  // A later bounce shows the alert again; closing it stores the time of the dismissal.
  expect((await bounce()).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('disabled-notifications-alert')).toBeVisible();
  await page.getByTestId('disabled-notifications-alert').getByRole('button', { name: 'Sluiten' }).click();
  await expect(page.getByTestId('disabled-notifications-alert')).toHaveCount(0);
  const stored = await page.evaluate(() => localStorage.getItem('hide-disabled-notifications-alert'));
  expect(Math.abs(Date.now() - Number(stored))).toBeLessThan(60_000);
  await page.reload();
  await expect(page.getByTestId('member-card').first()).toBeVisible(FIRST);
  await expect(page.getByTestId('disabled-notifications-alert')).toHaveCount(0);
});

test.describe('the push-notification alert', () => {
  test('shows while this browser is not subscribed; its button subscribes for real', async ({ page, context }) => {
    const subscription = makeTestSubscription('http://127.0.0.1:9');
    await context.grantPermissions(['notifications']);
    await context.addInitScript(fakePushManager, subscription.json);
    const email = uniqueEmail('pushalert');
    await signUpByApi(page, email, 'Push E2E');
    // One alert at a time, the most important first: the activation reminder, then push.
    await page.goto('/members');
    await expect(page.getByTestId('member-card').first()).toBeVisible(FIRST);
    await expect(page.getByTestId('activation-reminder')).toBeVisible(FIRST);
    await expect(page.getByTestId('push-alert')).toHaveCount(0);
    await activateByMail(page, email);
    await page.goto('/members');
    const alert = page.getByTestId('push-alert');
    await expect(alert).toContainText('Zet meldingen aan', { timeout: 60_000 });
    await expect(page.getByTestId('activation-reminder')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'members with the push alert');

    const attached = page.waitForResponse(
      (res) => res.url().includes('/api/user.php?push=1') && res.request().method() === 'POST',
    );
    await alert.getByRole('button', { name: 'Aanzetten' }).click();
    expect((await attached).status()).toBe(200);
    await expect(page.getByText('Meldingen staan aan op dit apparaat.')).toBeVisible();
    await expect(alert).toHaveCount(0);

    // Subscribed: the settings show this device's switch and the push switches per kind.
    await page.goto('/notifications');
    await expect(page.getByTestId('push-settings')).toHaveAttribute('data-state', 'subscribed', FIRST);
    await expect(page.getByTestId('push-device').getByRole('switch')).toBeChecked();
    const pushLikes = switchIn(page, 'push-like', 'Nieuwe likes');
    await pushLikes.click();
    await expect(page.getByTestId('push-like').getByRole('status')).toHaveText(/Opgeslagen/);
    expect((await apiSettings(page)).push).toEqual({ message: true, like: false, match: true });
    await axeBothSizes(page, 'notification settings, push on');
  });

  test('is dismissed for good, with the time of the dismissal', async ({ page, context }) => {
    await context.grantPermissions(['notifications']);
    await context.addInitScript(fakePushManager, makeTestSubscription('http://127.0.0.1:9').json);
    const email = uniqueEmail('pushclose');
    await signUpByApi(page, email, 'Push Dicht');
    await activateByMail(page, email);
    await page.goto('/members');
    const alert = page.getByTestId('push-alert');
    await expect(alert).toBeVisible({ timeout: 60_000 });
    await alert.getByRole('button', { name: 'Sluiten' }).click();
    await expect(alert).toHaveCount(0);
    // Then the next in line: the profile-photo alert of a member without a photo.
    await expect(page.getByTestId('photo-alert')).toBeVisible();
    const stored = await page.evaluate(() => localStorage.getItem('hide-push-notification-alert'));
    expect(Math.abs(Date.now() - Number(stored))).toBeLessThan(60_000);
    await page.reload();
    await expect(page.getByTestId('member-card').first()).toBeVisible(FIRST);
    await expect(alert).toHaveCount(0);
    // Push stays available in the settings.
    await page.goto('/notifications');
    await expect(page.getByTestId('push-settings')).toHaveAttribute('data-state', 'unsubscribed', FIRST);
    await expect(page.getByTestId('push-turn-on')).toBeVisible();
  });

  test('is not shown when the browser blocks notifications; the settings say how to allow them', async ({
    page,
    context,
  }) => {
    // The member blocked notifications for the site earlier.
    await context.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    });
    await signUpByApi(page, uniqueEmail('pushdenied'), 'Push Geblokkeerd');
    await page.goto('/notifications');
    await expect(page.getByTestId('push-settings')).toHaveAttribute('data-state', 'denied', FIRST);
    await expect(page.getByTestId('push-denied')).toContainText('zet je Meldingen op Toestaan');
    await page.goto('/members');
    await expect(page.getByTestId('member-card').first()).toBeVisible(FIRST);
    await expect(page.getByTestId('push-alert')).toHaveCount(0);
  });
});

test('the like buttons of /signup-matches like for real', async ({ page }) => {
  await signUpByApi(page, uniqueEmail('matches'), 'Matches E2E');
  await page.goto('/signup-matches');
  const first = page.getByTestId('match-like').first();
  await expect(first).toBeVisible(FIRST);
  const name = ((await page.getByTestId('member-card').first().getByRole('heading').textContent()) ?? '')
    .split(',')[0]
    ?.trim();
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  await expect(first).toHaveText(`${name} liken`);
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(first).toHaveText(`Je vindt ${name} leuk`);
  await expect(page.getByText('Deze functie komt binnenkort beschikbaar.')).toHaveCount(0);
  const likes = await (await page.request.get('/api/likes.php', { headers: CLIENT })).json();
  expect(likes.likes.length).toBe(1);
  await page.reload();
  await expect(page.getByTestId('match-like').first()).toHaveAttribute('aria-pressed', 'true', FIRST);
  await expectNoSeriousA11yViolations(page, 'signup matches with a like');
  // Pressed again, the like is taken back.
  await page.getByTestId('match-like').first().click();
  await expect(page.getByTestId('match-like').first()).toHaveAttribute('aria-pressed', 'false');
  await expect
    .poll(async () => (await (await page.request.get('/api/likes.php', { headers: CLIENT })).json()).likes.length)
    .toBe(0);
});
