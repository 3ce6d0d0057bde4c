import { fillSignupForm, mailedLink, STRONG_PASSWORD, uniqueEmail } from './access-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { PHONE } from './devices';
import { expect, test } from './fixtures';

test.use(PHONE);

test('on a phone a visitor signs up on the /signup page and activates through the mailed link', async ({ page }) => {
  const email = uniqueEmail('phone');
  // The empty layout shows the site-entry warning to NL/DE visitors; this visitor accepted it before.
  await page.addInitScript(() => window.localStorage.setItem('hide-site-entry-warning', String(Date.now())));
  await page.goto('/login');
  await expectNoSeriousA11yViolations(page, 'login (phone)');
  await page.getByRole('link', { name: 'Meld je gratis aan' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'signup page (phone)');

  const form = page.getByTestId('signup-page');
  await fillSignupForm(form, {
    email,
    name: 'Phone E2E',
    password: STRONG_PASSWORD,
    day: '29',
    month: '2',
    year: '1992',
  });
  await form.getByRole('button', { name: 'Gratis aanmelden' }).click();
  await expect(form.getByText('Stap 1 van 5')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'signup page step 1 (phone)');
  for (let step = 1; step <= 4; step++) {
    await expect(form.getByText(`Stap ${step} van 5`)).toBeVisible();
    await form.getByRole('button', { name: 'Overslaan' }).click();
  }
  await form.getByRole('button', { name: 'Overslaan' }).click(); // push prompt
  await expect(form.getByTestId('signup-email')).toHaveText(email);
  await expectNoSeriousA11yViolations(page, 'signup page complete (phone)');
  await form.getByRole('button', { name: 'Bekijk je matches' }).click();
  await expect(page).toHaveURL(/\/signup-matches$/);
  await expect(page.getByTestId('member-card').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'signup matches (phone)');
  await page.getByTestId('matches-continue').click();

  // api_signup_complete on a smartphone: the activation reminder is a modal.
  await expect(page).toHaveURL(/api_signup_complete/);
  const reminder = page.getByRole('dialog');
  await expect(reminder).toContainText(email);
  await expectNoSeriousA11yViolations(page, 'activation reminder modal (phone)');
  await reminder.getByRole('button', { name: 'Sluiten' }).click();
  await expect(page).not.toHaveURL(/api_signup_complete/);

  // A logged-in member going to /signup is sent to the members.
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/members$/);

  await page.goto(await mailedLink(page.request, email, '/activate/done'));
  await expect(page.getByTestId('activate-done')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'activation done (phone)');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
});
