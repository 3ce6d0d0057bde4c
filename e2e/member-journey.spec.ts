import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

const DEMO = { email: 'demo@example.com', password: 'demo1234' };

test('the home page loads with the site name and a way in', async ({ page }) => {
  // This visitor accepted the site-entry warning before (e2e/public-pages.spec.ts tests the warning).
  await page.addInitScript(() => window.localStorage.setItem('hide-site-entry-warning', String(Date.now())));
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  // Rendered by the server (issue: public site): the text is in the HTML, not drawn by the member app.
  expect(await response?.text()).toContain('<h1>');
  await expect(page.locator('#public-root')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  const settings = await (await page.request.get('/api/settings.php')).json();
  await expect(page).toHaveTitle(new RegExp(settings.name));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /inloggen/i }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'home');
  // The way in: the login link opens the member app's login screen.
  await page.getByRole('banner').getByRole('link', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('E-mailadres')).toBeVisible();
});

test('a member logs in, browses members, opens a profile and logs out', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill(DEMO.email);
  await page.getByLabel('Wachtwoord').fill(DEMO.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();

  await expect(page).toHaveURL(/\/members/);
  const cards = page.getByTestId('member-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(5);
  await expectNoSeriousA11yViolations(page, 'members');

  const firstCard = cards.first();
  const name = (await firstCard.getByRole('heading').first().textContent())?.trim() ?? '';
  await firstCard.click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await expect(page.getByTestId('profile-name')).toContainText(name.split(',')[0] ?? name);
  await expectNoSeriousA11yViolations(page, 'member profile');

  await page.getByTestId('nav-user-menu').click();
  await expect(page.getByTestId('logout-button')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'account menu open');
  await page.getByTestId('logout-button').click();
  await expect(page.getByRole('link', { name: /inloggen/i }).first()).toBeVisible();
  const me = await page.request.get('/api/user.php', { headers: { 'x-request-type': 'client' } });
  expect(me.status()).toBe(403);
});

test('a wrong password shows the spec message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill(DEMO.email);
  await page.getByLabel('Wachtwoord').fill('wrong-password');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('alert')).toContainText('Login mislukt, probeer opnieuw');
  await expectNoSeriousA11yViolations(page, 'login failed');
});

test('fictional profiles are labelled on their cards and profiles', async ({ page }) => {
  const settings = await (await page.request.get('/api/settings.php')).json();
  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill(DEMO.email);
  await page.getByLabel('Wachtwoord').fill(DEMO.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/members/);

  // Fictional profiles have no real activity, so they sort after active members: look on the last page.
  const perPage = 24;
  const first = await (await page.request.get(`/api/search.php?per_page=${perPage}`)).json();
  const lastPage = Math.ceil(first.numResults / perPage);
  const last = await (await page.request.get(`/api/search.php?per_page=${perPage}&page=${lastPage}`)).json();
  const fictional = last.results.find((r: { fictional: boolean }) => r.fictional);
  expect(fictional).toBeTruthy();

  await page.goto(`/members?page=${lastPage}`);
  const card = page.getByTestId('member-card').filter({ hasText: fictional.name }).first();
  await expect(card).toContainText(settings.fictional_singular);
  await expectNoSeriousA11yViolations(page, 'members, last page');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/members/${fictional.id}$`));
  await expect(page.getByText(settings.fictional_warning).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'fictional profile');
});

test('an unknown page says it could not be found, with a link home', async ({ page }) => {
  await page.goto('/this/route/does/not/exist');
  await expect(page.getByText('Deze pagina kon niet worden gevonden')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'not found');
  await page
    .getByRole('link', { name: /home|startpagina/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
});
