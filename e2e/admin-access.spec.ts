/**
 * Back-office access (issue: back office I, docs/decisions/010-back-office.md): the demo admin's
 * first login enrols the authenticator (QR code, secret, ten recovery codes), later logins take a
 * code and refuse a wrong one; the admin makes a support account on the staff screen, which enrols
 * in turn and sees only its areas; the audit log shows the logins and the new account. Axe runs on
 * every screen, in English and in Dutch.
 */
import type { Page } from '@playwright/test';
import { createStaffAccount, DEMO_ADMIN, enterPassword, loginStaff, nextCode, type StaffLogin } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

type Account = StaffLogin;
type Lang = 'en' | 'nl';

/** The texts these journeys look for, per back-office language (locales/<lng>/admin.json, errors.json). */
const TEXT = {
  en: {
    loginTitle: 'Back office login',
    enrolTitle: 'Set up your authenticator app',
    codesTitle: 'Your recovery codes',
    welcome: /^Welcome, /,
    staff: 'Staff',
    audit: 'Audit log',
    logout: 'Log out',
    invalidCode: 'Invalid code',
    noAccess: 'You do not have access to this page.',
  },
  nl: {
    loginTitle: 'Inloggen beheer',
    enrolTitle: 'Stel je authenticator-app in',
    codesTitle: 'Je herstelcodes',
    welcome: /^Welkom, /,
    staff: 'Medewerkers',
    audit: 'Auditlog',
    logout: 'Uitloggen',
    invalidCode: 'Code ongeldig',
    noAccess: 'Je hebt geen toegang tot deze pagina.',
  },
} as const;

/** The back office's heading. */
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/**
 * The first login of `account` by hand, in `lang`: the login page, the QR code and the secret, a
 * code, the ten recovery codes, then the start page; axe on each screen. Answers false (and has
 * logged in anyway) when the account had already enrolled in this run.
 */
async function enrolByHand(page: Page, account: Account, lang: Lang): Promise<boolean> {
  await page.goto('/admin/login');
  await expect(heading(page)).toHaveText(TEXT[lang].loginTitle);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expectNoSeriousA11yViolations(page, `back-office login (${lang})`);
  await enterPassword(page, account);
  const secretShown = page.getByTestId('totp-secret');
  if (!(await secretShown.isVisible())) {
    await loginStaff(page, account);
    return false;
  }
  await expect(page.getByRole('heading', { name: TEXT[lang].enrolTitle })).toBeVisible();
  const qr = page.locator('img[src^="data:image/svg+xml"]');
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const secret = (await secretShown.innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectNoSeriousA11yViolations(page, `authenticator enrolment (${lang})`);

  await page.locator('#staff-code').fill(await nextCode(account.email, secret));
  await page.locator('form button[type=submit]').click();
  await expect(page.getByRole('heading', { name: TEXT[lang].codesTitle })).toBeVisible();
  const codes = page.getByTestId('recovery-codes').locator('li');
  await expect(codes).toHaveCount(10);
  expect(new Set(await codes.allInnerTexts()).size).toBe(10);
  await expectNoSeriousA11yViolations(page, `recovery codes (${lang})`);
  await page.locator('main button.btn-primary').click();
  await expect(heading(page)).toHaveText(TEXT[lang].welcome);
  await expect(page).toHaveURL(/\/admin\/?$/);
  return true;
}

/** Switches the back office's language with the EN/NL buttons of the top bar and waits for the texts. */
async function switchLanguage(page: Page, lang: Lang): Promise<void> {
  await page.getByRole('button', { name: lang.toUpperCase(), exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('button', { name: TEXT[lang].logout })).toBeVisible();
}

/** The labels of the top bar's menu. */
function menuLabels(page: Page): Promise<string[]> {
  return page.locator('#admin-nav .navbar-nav .nav-link').allInnerTexts();
}

async function logout(page: Page, lang: Lang): Promise<void> {
  await page.getByRole('button', { name: TEXT[lang].logout }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(heading(page)).toHaveText(TEXT[lang].loginTitle);
}

test.describe
  .serial('back-office access', () => {
    // A third login of an account within 30 seconds waits for the next TOTP step (e2e/admin-helpers.ts).
    test.describe.configure({ timeout: 240_000 });
    let admin: Account = DEMO_ADMIN;
    /** The support account test 3 makes (fresh per run of the group, so a repeat or retry makes its own). */
    let support: Account;

    test('the demo admin enrols the authenticator at the first login and switches between Dutch and English', async ({
      page,
    }) => {
      // The browser speaks Dutch, so the back office starts in Dutch.
      if (!(await enrolByHand(page, DEMO_ADMIN, 'nl'))) {
        // Another spec of this run enrolled the demo admin already: check the first login on a new admin.
        admin = await createStaffAccount(page, 'admin');
        await logout(page, 'nl');
        expect(await enrolByHand(page, admin, 'nl')).toBe(true);
      }
      await expect(page.getByTestId('admin-account')).toContainText(admin.email);
      expect(await menuLabels(page)).toEqual([
        'Dashboard',
        'Inbox',
        "Foto's",
        'Verificaties',
        'Meldingen',
        'Signalen',
        'Leden',
        'Klachten',
        'Betalingen',
        'Fictieve profielen',
        'Sites',
        'Winkel',
        'Medewerkers',
        'Auditlog',
      ]);
      await expectNoSeriousA11yViolations(page, 'back-office home (nl)');

      await switchLanguage(page, 'en');
      await expect(heading(page)).toHaveText(TEXT.en.welcome);
      expect(await menuLabels(page)).toEqual([
        'Dashboard',
        'Inbox',
        'Photos',
        'Verifications',
        'Reports',
        'Signals',
        'Members',
        'Complaints',
        'Payments',
        'Fictional profiles',
        'Sites',
        'Shop',
        'Staff',
        'Audit log',
      ]);
      await expectNoSeriousA11yViolations(page, 'back-office home (en)');

      // Logged out, the login keeps the chosen language; the screens send back to the login.
      await logout(page, 'en');
      await expectNoSeriousA11yViolations(page, 'back-office login (en)');
      await page.goto('/admin/staff');
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(heading(page)).toHaveText(TEXT.en.loginTitle);
    });

    test('refuses a wrong code and logs in again with a code', async ({ page }) => {
      await page.goto('/admin/login');
      // The language chosen in the top bar stays in the browser (each test has a new one).
      await page.evaluate(() => localStorage.setItem('admin-language', 'en'));
      await page.reload();
      await enterPassword(page, admin);
      await page.locator('#staff-code').fill('000000');
      await page.locator('form button[type=submit]').click();
      await expect(page.getByRole('alert')).toHaveText(TEXT.en.invalidCode);
      await expect(page.locator('#staff-code')).toHaveValue('');
      await expectNoSeriousA11yViolations(page, 'back-office code with error (en)');

      await loginStaff(page, admin);
      await expect(heading(page)).toHaveText(TEXT.en.welcome);
    });

    test('the admin makes a support account on the staff screen; it enrols and sees only its areas', async ({
      page,
    }) => {
      support = {
        email: `e2e-support-${Date.now()}@staff.example.com`,
        password: 'Klantenservice-Helpt-Graag-2026',
      };
      await page.goto('/admin/login');
      await page.evaluate(() => localStorage.setItem('admin-language', 'en'));
      await loginStaff(page, admin);
      await page.getByRole('link', { name: TEXT.en.staff, exact: true }).first().click();
      await expect(heading(page)).toHaveText(TEXT.en.staff);
      await expect(page).toHaveTitle('Staff · Back office');
      const adminRow = page.locator(`[data-testid=staff-row][data-email="${admin.email}"]`);
      await expect(adminRow).toContainText('All sites');
      await expect(adminRow).toContainText('Set up');
      await expectNoSeriousA11yViolations(page, 'staff (en)');

      await page.getByRole('button', { name: 'New staff account' }).click();
      const form = page.locator('form', { has: page.getByRole('heading', { name: 'New staff account' }) });
      await form.getByLabel('E-mail').fill(support.email);
      await form.getByLabel('Name').fill('E2E Support');
      await form.getByLabel('Role').selectOption('support');
      await form.getByLabel('All sites').uncheck();
      await form.getByRole('button', { name: 'Make the account' }).click();
      // No site chosen: the form says so and sends nothing.
      await expect(form.getByText('Choose at least one site, or all sites.')).toBeVisible();
      await form.getByLabel(/Flirtlokaal/).check();
      await form.getByLabel('Starting password').fill(support.password);
      await expectNoSeriousA11yViolations(page, 'staff create form (en)');
      await form.getByRole('button', { name: 'Make the account' }).click();
      await expect(page.getByTestId('staff-notice')).toContainText(`The account ${support.email} was made.`);
      const supportRow = page.locator(`[data-testid=staff-row][data-email="${support.email}"]`);
      await expect(supportRow).toContainText('Support');
      await expect(supportRow).toContainText('Flirtlokaal');
      await expect(supportRow).toContainText('Not yet');
      await expect(supportRow).toContainText('Active');

      // The server's refusal of a taken address, in words.
      await page.getByRole('button', { name: 'New staff account' }).click();
      await form.getByLabel('E-mail').fill(support.email);
      await form.getByLabel('Starting password').fill(support.password);
      await form.getByRole('button', { name: 'Make the account' }).click();
      await expect(form.getByRole('alert')).toHaveText('There already is a staff account with this e-mail address.');
      await form.getByRole('button', { name: 'Cancel' }).click();

      // Dutch: the texts follow, and so does the page's language.
      await switchLanguage(page, 'nl');
      await expect(heading(page)).toHaveText(TEXT.nl.staff);
      await expect(supportRow).toContainText('Klantenservice');
      await expect(supportRow).toContainText('Nog niet');
      await expectNoSeriousA11yViolations(page, 'staff (nl)');
      await switchLanguage(page, 'en');
      await logout(page, 'en');

      // The support account's first login enrols it, in English.
      expect(await enrolByHand(page, support, 'en')).toBe(true);
      await expect(page.getByTestId('admin-account')).toContainText(`${support.email} · Support`);
      expect(await menuLabels(page)).toEqual(['Members', 'Complaints', 'Payments']);
      await page.goto('/admin/audit');
      await expect(page.getByRole('alert')).toHaveText(TEXT.en.noAccess);
      await expect(page.getByTestId('audit-entry')).toHaveCount(0);
      await page.goto('/admin/staff');
      await expect(page.getByRole('alert')).toHaveText(TEXT.en.noAccess);
      await expect(page.getByTestId('staff-row')).toHaveCount(0);
      // The API refuses it too, whatever the screen shows.
      const api = await page.request.get('/api/admin/audit.php');
      expect(api.status()).toBe(403);
      expect((await api.json()).error).toBe('forbidden');
      await logout(page, 'en');
    });

    test('the audit log lists the logins and the new account, filtered and in both languages', async ({ page }) => {
      await page.goto('/admin/login');
      await page.evaluate(() => localStorage.setItem('admin-language', 'en'));
      await loginStaff(page, admin);
      await page.getByRole('link', { name: TEXT.en.audit, exact: true }).first().click();
      await expect(heading(page)).toHaveText(TEXT.en.audit);
      const entries = page.getByTestId('audit-entry');
      await expect(entries.first()).toBeVisible();
      await expect(page.locator('[data-testid=audit-entry][data-action="staff.login"]').first()).toBeVisible();
      await expect(page.locator('[data-testid=audit-entry][data-action="staff.create"]').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'audit log (en)');

      // Filter: the creations, then the support account's own logins.
      await page.getByLabel('Action', { exact: true }).fill('staff.create');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page).toHaveURL(/action=staff\.create/);
      await expect(entries.first()).toHaveAttribute('data-action', 'staff.create');
      expect(new Set(await entries.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action'))))).toEqual(
        new Set(['staff.create']),
      );
      // Newest first: the support account is the last one made.
      const created = entries.first();
      await expect(created).toContainText(admin.email);
      await created.getByText('Before and after').click();
      await expect(created.locator('pre').last()).toContainText(`"email": "${support.email}"`);
      await expect(created.locator('pre').last()).toContainText('"role": "support"');
      await expectNoSeriousA11yViolations(page, 'audit log filtered, details open (en)');

      await page.getByLabel('Action', { exact: true }).fill('staff.login');
      await page.getByLabel('Staff', { exact: true }).selectOption({ label: support.email });
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(entries.first()).toHaveAttribute('data-action', 'staff.login');
      await expect(entries.first()).toContainText(support.email);
      expect(await entries.count()).toBeGreaterThan(0);

      await switchLanguage(page, 'nl');
      await expect(heading(page)).toHaveText(TEXT.nl.audit);
      await expect(page.getByRole('button', { name: 'Toepassen' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'audit log (nl)');
      await page.getByRole('button', { name: 'Filters wissen' }).click();
      await expect(page).toHaveURL(/\/admin\/audit$/);
      await expect(page.locator('[data-testid=audit-entry][data-action="staff.create"]').first()).toBeVisible();
    });
  });
