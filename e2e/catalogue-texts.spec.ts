/**
 * Texts from the database in the viewer's language (docs/decisions/019-catalogue-texts.md): staff set a
 * gift's German name in the back office (one field per language the site shows, the site's language
 * required); a German member sends that gift and reads it in German, an English member receives it in
 * English without a reload. axe-core on the form, the picker and both conversations; the form in Dutch
 * at 1280 px and in English at 360 px.
 */
import type { Browser, Page } from '@playwright/test';
import { activateByMail, signUpByApi, uniqueEmail } from './access-helpers';
import { DEMO_ADMIN, signInStaff } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { sidewaysOverflow } from './devices';
import { expect, test } from './fixtures';

const CLIENT = { 'x-request-type': 'client' };
/** The German name staff give the demo gift "Ster" (seeded German: "Stern"). */
const GERMAN_NAME = 'Sternschnuppe';

/**
 * A new, confirmed member whose browser speaks `locale` and who chose its language in the menu (the
 * `i18n_redirected` cookie, SPEC.md 4), so the account and the app read it; answers the page and ids.
 */
async function newMember(browser: Browser, baseURL: string | undefined, locale: string, name: string) {
  const context = await browser.newContext({ locale });
  await context.addCookies([
    { name: 'i18n_redirected', value: locale.slice(0, 2), url: baseURL ?? 'http://127.0.0.1' },
  ]);
  const page = await context.newPage();
  const email = uniqueEmail(`catalogue-${locale}`);
  await signUpByApi(page, email, name);
  await activateByMail(page, email);
  const me = await (await page.request.get('/api/user.php', { headers: CLIENT })).json();
  return { page, userId: me.id as number, profileId: me.profile.id as number };
}

/** The gift form of "Ster" on the default site's shop screen. */
async function openStarForm(page: Page, editLabel: string) {
  await page.goto('/admin/shop?tab=gifts');
  await page.getByRole('button', { name: editLabel }).first().click();
  const form = page.getByTestId('gift-form');
  await expect(form).toBeVisible();
  return form;
}

test.describe('texts from the database in the viewer language', () => {
  test("staff set a gift's German name; a German member sends it in German, an English member receives it in English", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await signInStaff(page, DEMO_ADMIN);

    // The form has one name per language the demo site shows, Dutch (the site's language) first.
    const form = await openStarForm(page, 'Het cadeau Ster wijzigen');
    const dutch = form.getByLabel('Nederlands (taal van de site)');
    await expect(dutch).toHaveValue('Ster');
    await expect(form.getByLabel('Deutsch', { exact: true })).toHaveValue('Stern');
    await expect(form.getByLabel('English', { exact: true })).toHaveValue('Star');
    await expectNoSeriousA11yViolations(page, 'admin gift form with names per language');

    // The site language's name is required.
    await dutch.fill('');
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await expect(dutch).toHaveAttribute('aria-invalid', 'true');
    await expect(form).toContainText('Typ de naam in de taal van de site (Nederlands): hoogstens 60 tekens.');
    await expectNoSeriousA11yViolations(page, 'admin gift form with an error');
    await dutch.fill('Ster');
    await form.getByLabel('Deutsch', { exact: true }).fill(GERMAN_NAME);
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await expect(form).toBeHidden();
    const sites = (await (await page.request.get('/api/admin/sites.php', { headers: CLIENT })).json()) as {
      id: number;
    }[];
    const saved = await page.request.get(`/api/admin/gifts.php?site_id=${sites[0]?.id}`, { headers: CLIENT });
    const star = ((await saved.json()) as { gifts: { name: string; names: Record<string, string> }[] }).gifts.find(
      (g) => g.name === 'Ster',
    );
    expect(star?.names).toMatchObject({ nl: 'Ster', de: GERMAN_NAME, en: 'Star' });

    // A German writer (credits from staff: a star costs 35) and an English reader.
    const writer = await newMember(browser, baseURL, 'de-DE', 'Jonas');
    const reader = await newMember(browser, baseURL, 'en-GB', 'Emma');
    const grant = await page.request.post('/api/admin/member-credits.php', {
      headers: CLIENT,
      data: { id: writer.userId, amount: 100, reason: 'Gift journey' },
    });
    expect(grant.status(), await grant.text()).toBe(200);

    await writer.page.goto(`/members/${reader.profileId}/chat`);
    await reader.page.goto(`/members/${writer.profileId}/chat`);
    await writer.page.getByRole('button', { name: 'Geschenk senden' }).click();
    const picker = writer.page.getByTestId('gift-picker');
    await expect(picker.getByRole('button', { name: new RegExp(GERMAN_NAME) })).toBeVisible();
    await expect(picker.getByRole('button', { name: /Rote Rose/ })).toBeVisible();
    await expectNoSeriousA11yViolations(writer.page, 'gift picker in German');
    await picker.getByRole('button', { name: new RegExp(GERMAN_NAME) }).click();
    await expect(writer.page.getByTestId('chat-message').last()).toContainText(`Geschenk: ${GERMAN_NAME}`);
    await expectNoSeriousA11yViolations(writer.page, 'conversation with a gift in German');

    // The reader's socket brings the message; its gift is read in English.
    const bubble = reader.page.getByTestId('chat-message').last();
    await expect(bubble).toContainText('Gift: Star');
    await expect(bubble.locator('img')).toHaveAttribute('src', /gifts\/ster\.png$/);
    await expectNoSeriousA11yViolations(reader.page, 'conversation with a gift in English');
    await writer.page.reload();
    await expect(writer.page.getByTestId('chat-message').last()).toContainText(`Geschenk: ${GERMAN_NAME}`);
    await writer.page.context().close();
    await reader.page.context().close();
  });

  test('the gift form fits a phone in English', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 740 });
    await signInStaff(page, DEMO_ADMIN);
    await page.evaluate(() => localStorage.setItem('admin-language', 'en'));
    const form = await openStarForm(page, 'Edit the gift Ster');
    await expect(form.getByLabel('Nederlands (site language)')).toHaveValue('Ster');
    await expect(form).toContainText('Members see the name in their own language');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'admin gift form in English at 360 px');
  });
});
