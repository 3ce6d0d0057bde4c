import type { Page, Request } from '@playwright/test';
import { fillSignupForm, STRONG_PASSWORD, uniqueEmail } from './access-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

/**
 * The public pages' signup dialog (SPEC.md 2: "Signup opens a modal on desktop and the signup page on a
 * smartphone") at 1280 px: "Sign up free" on the home page, a lander and /pricing opens a modal dialog
 * on the page (the link keeps href="/signup"); its form has the member app's fields, rules and texts in
 * the page's language, posts the signup with the tracking values stored on arrival, and the new member
 * continues with the app's signup steps into the members area. The phone keeps the page
 * (public-signup.phone.spec.ts).
 */

test.use({ viewport: { width: 1280, height: 800 } });
// Several pages, a signup and its steps per test on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

/** A demo member's address: an existing account. */
const TAKEN = 'demo@example.com';

test.beforeEach(async ({ page }) => {
  // The site-entry warning has journeys of its own (public-chrome.spec.ts).
  await page.addInitScript(() => window.localStorage.setItem('hide-site-entry-warning', String(Date.now())));
});

/** The signup dialog, by its role and title. */
function signupDialog(page: Page, name: RegExp = /Gratis aanmelden bij/) {
  return page.getByRole('dialog', { name });
}

/** The scripts `page` loads from now on, with their text (to look for React and zod in them). */
function recordScripts(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(
      new URL(response.url()).pathname,
      response.text().catch(() => ''),
    );
  });
  return scripts;
}

for (const [label, url, cta] of [
  ['the home page', '/', (page: Page) => page.getByRole('main').getByRole('link', { name: 'Gratis aanmelden' })],
  ['a lander', '/landers/gallery', (page: Page) => page.getByTestId('lander-signup').first()],
  ['/pricing', '/pricing', (page: Page) => page.getByRole('main').getByRole('link', { name: 'Gratis aanmelden' })],
] as const) {
  test(`"Sign up free" on ${label} opens the signup dialog, which Escape and the close button close`, async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    await page.goto(url);
    const link = cta(page);
    await expect(link).toHaveAttribute('href', '/signup');
    await link.click();
    const dialog = signupDialog(page);
    await expect(dialog).toBeVisible();
    await expect(page, 'the page stays').toHaveURL(new RegExp(`${url.replace(/\//g, '\\/')}$`));
    await expect(dialog.getByTestId('signup-form')).toBeVisible();
    await expect(dialog.getByLabel('E-mailadres')).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Geboortedatum' })).toBeVisible();
    // A real modal: it is open as a modal dialog, so the page behind it is inert.
    expect(await dialog.evaluate((el) => el.matches('dialog:modal'))).toBe(true);
    await expectNoSeriousA11yViolations(page, `signup dialog on ${label}`);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await link.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Sluiten' }).click();
    await expect(dialog).toBeHidden();

    // What a visitor downloads there has neither React nor zod (issue: public site).
    const texts = await Promise.all([...scripts.values()]);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      expect(text, 'React in a public page script').not.toContain('react.transitional.element');
      expect(text, 'zod in a public page script').not.toContain('ZodError');
    }
  });
}

test('a visitor signs up in the dialog in Dutch: the rules, a taken address, then into the members area', async ({
  page,
}) => {
  const email = uniqueEmail('public-dialog');
  // An ad link: the tracking values are stored on arrival and sent with the signup.
  await page.goto('/?network=e2e-net&sub1=dialog');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('main').getByRole('link', { name: 'Gratis aanmelden' }).click();
  const dialog = signupDialog(page);
  await expect(dialog.getByTestId('signup-form')).toBeVisible();

  // The member app's rules with the texts of SPEC.md 5, under their fields.
  await dialog.getByRole('button', { name: 'Gratis aanmelden' }).click();
  await expect(dialog.getByText('Ongeldige e-mail')).toBeVisible();
  await expect(dialog.getByText('Kies een wachtwoord.')).toBeVisible();
  await expect(dialog.getByText('Vul uw geboortedatum in (18+ jaar)')).toBeVisible();
  await expect(dialog.getByLabel('E-mailadres')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, 'signup dialog with field errors');
  await fillSignupForm(dialog, { email, name: email, password: STRONG_PASSWORD, day: '1', month: '1', year: '1990' });
  await dialog.getByRole('button', { name: 'Gratis aanmelden' }).click();
  await expect(dialog.getByText('Je profielnaam moet anders zijn dan je e-mailadres')).toBeVisible();
  await dialog.getByLabel('Profielnaam').fill('@anna');
  await dialog.getByRole('button', { name: 'Gratis aanmelden' }).click();
  await expect(dialog.getByText('Je profielnaam mag niet beginnen met een @')).toBeVisible();

  // The server's answer for an address with an account, in Dutch.
  await dialog.getByLabel('Profielnaam').fill('Anna Dialoog');
  await dialog.getByLabel('E-mailadres').fill(TAKEN);
  await dialog.getByRole('button', { name: 'Gratis aanmelden' }).click();
  // The server names the field: its message stands under it, as in the app.
  await expect(dialog.locator('#signup-email-error')).toHaveText('Dit e-mailadres heeft al een account op deze site.');
  await expect(dialog.getByLabel('E-mailadres')).toHaveAccessibleDescription(
    'Dit e-mailadres heeft al een account op deze site.',
  );
  // Not in progress any more: it can be closed again.
  await expect(dialog.getByRole('button', { name: 'Sluiten' })).toBeVisible();

  await dialog.getByLabel('E-mailadres').fill(email);
  const posted = page.waitForRequest(
    (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/signup.php',
  );
  await dialog.getByRole('button', { name: 'Gratis aanmelden' }).click();
  const request = await posted;
  expect(request.headers()['x-request-type']).toBe('client');
  expect(request.postDataJSON()).toMatchObject({
    email,
    name: 'Anna Dialoog',
    date_of_birth: '1990-01-01',
    language: 'nl',
    tracking: { network: 'e2e-net', sub1: 'dialog' },
  });

  // The member app's signup steps after the form, then its way into the members area.
  await expect(page).toHaveURL(/\/signup\?step=photo$/);
  await expect(page.getByText('Stap 1 van 5')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'signup step 1 after the dialog');
  for (const step of [2, 3, 4]) {
    await page.getByRole('button', { name: 'Overslaan' }).click(); // photo, about me, looks
    await expect(page.getByText(`Stap ${step} van 5`)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Overslaan' }).click(); // interests
  await expect(page.getByText('Stap 5 van 5')).toBeVisible();
  await page.getByRole('button', { name: 'Meldingen aanzetten' }).click(); // push: honest, moves on
  await expect(page.getByTestId('signup-email')).toHaveText(email);
  await page.getByRole('button', { name: 'Bekijk je matches' }).click();
  await expect(page).toHaveURL(/\/signup-matches$/);
  await page.getByTestId('matches-continue').click();
  await expect(page).toHaveURL(/\/members/);
  await expect(page.getByTestId('activation-reminder')).toBeVisible();
  // The new member's own session: the members area knows them.
  const me = await page.request.get('/api/user.php', { headers: { 'x-request-type': 'client' } });
  expect(((await me.json()) as { email: string }).email).toBe(email);
});

test('the dialog speaks English on the English page: the rules and the server answer', async ({ page }) => {
  await page.goto('/?lang=en');
  await page.getByRole('main').getByRole('link', { name: 'Sign up free' }).click();
  const dialog = signupDialog(page, /Sign up free at/);
  await expect(dialog.getByTestId('signup-form')).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign up for free' }).click();
  await expect(dialog.getByText('Invalid email')).toBeVisible();
  await expect(dialog.getByText('Choose a password.')).toBeVisible();
  await expect(dialog.getByText('Enter your date of birth (18+ years)')).toBeVisible();
  await expect(
    dialog.getByRole('group', { name: 'Date of birth' }).getByRole('combobox', { name: 'Month' }),
  ).toContainText('January');
  await expectNoSeriousA11yViolations(page, 'signup dialog in English with field errors');
  await dialog.getByLabel('Email address').fill(TAKEN);
  await dialog.getByLabel('Profile name').fill('Anne Dialogue');
  await dialog.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await dialog.getByLabel('Day').selectOption('12');
  await dialog.getByLabel('Month').selectOption('4');
  await dialog.getByLabel('Year').selectOption('1991');
  await dialog.getByRole('button', { name: 'Sign up for free' }).click();
  await expect(dialog.locator('#signup-email-error')).toHaveText(
    'This email address already has an account on this site.',
  );
});
