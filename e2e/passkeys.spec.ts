/**
 * Passkeys (issue: passkeys) in Chromium with a CDP virtual authenticator (internal, resident keys,
 * user verification). A passkey's RP id must be a host name, not an IP address, so the member
 * journey uses a site of its own on `pk-<n>.localhost` (Chromium resolves *.localhost to loopback and
 * treats it as a secure context; the site's configured public_url is its origin, so its RP id is that
 * host), and the staff journey uses the back office on http://localhost:<port>, the ADMIN_URL of the
 * journeys' server (e2e/server.ts). axe-core on the settings and the login step.
 */
import type { Browser, Page } from '@playwright/test';
import { STRONG_PASSWORD, uniqueEmail } from './access-helpers';
import { createStaffAccount, DEMO_ADMIN, enterPassword, loginStaff, signInStaff } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

const CLIENT = { 'x-request-type': 'client' };

/** A page of a new browser context at `origin` with a virtual platform authenticator. */
async function pageWithAuthenticator(browser: Browser, origin: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin, locale: 'nl-NL' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return page;
}

/** A JSON call from inside the page (Chromium resolves *.localhost; Node's resolver may not). */
async function fetchInPage(page: Page, method: string, path: string, body?: unknown): Promise<number> {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const res = await fetch(path, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.status;
    },
    { method, path, body, headers: CLIENT },
  );
}

test.describe('passkeys', () => {
  test('a member adds a passkey in the settings, logs in with it without an e-mail and removes it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await signInStaff(page, DEMO_ADMIN);
    const port = new URL(page.url()).port;
    const domain = `pk-${Date.now()}.localhost`;
    const origin = `http://${domain}:${port}`;
    const companies = await page.request.get('/api/admin/companies.php', { headers: CLIENT });
    const [company] = (await companies.json()) as { id: number }[];
    const created = await page.request.post('/api/admin/sites.php', {
      headers: CLIENT,
      data: {
        domain,
        public_url: origin,
        name: 'Passkeytest',
        languages: ['nl', 'en', 'de', 'fr'],
        domain_language: 'nl-NL',
        niche: 1,
        company_id: company?.id,
      },
    });
    expect(created.status(), await created.text()).toBe(200);

    const member = await pageWithAuthenticator(browser, origin);
    await member.goto('/');
    const email = uniqueEmail('passkey');
    const signup = await fetchInPage(member, 'POST', '/api/signup.php', {
      email,
      name: 'Sleutellid',
      password: STRONG_PASSWORD,
      date_of_birth: '1990-04-12',
    });
    expect(signup).toBe(200);
    expect(await fetchInPage(member, 'GET', '/api/logout.php')).toBe(200);

    // The password login offers a passkey once; "Nu niet" is remembered.
    await member.goto('/login');
    await member.getByLabel('E-mailadres').fill(email);
    await member.getByLabel('Wachtwoord').fill(STRONG_PASSWORD);
    await member.getByRole('button', { name: 'Inloggen', exact: true }).click();
    const offer = member.getByRole('dialog');
    await expect(offer.getByTestId('passkey-offer')).toBeVisible();
    await expectNoSeriousA11yViolations(member, 'passkey offer');
    await offer.getByRole('button', { name: 'Nu niet' }).click();
    await expect(member).toHaveURL(/\/members/);

    // Settings: add a named passkey.
    await member.goto('/notifications');
    const settings = member.getByTestId('settings-passkeys');
    await expect(settings.getByText('Je hebt nog geen passkeys.')).toBeVisible();
    await settings.getByLabel('Naam van de passkey').fill('Mijn laptop');
    await settings.getByRole('button', { name: 'Passkey toevoegen' }).click();
    await expect(settings.getByTestId('passkey-row')).toContainText('Mijn laptop');
    await expect(settings.getByTestId('passkey-row')).toContainText('Nog niet gebruikt');
    await expectNoSeriousA11yViolations(member, 'passkey settings');

    // Log out, then in with the passkey: no e-mail typed.
    expect(await fetchInPage(member, 'GET', '/api/logout.php')).toBe(200);
    await member.goto('/login');
    await member.getByRole('button', { name: 'Passkey gebruiken' }).click();
    await expect(member).toHaveURL(/\/members/);

    // Remove it (our confirmation dialog); it is gone from the list.
    await member.goto('/notifications');
    await expect(settings.getByTestId('passkey-row')).toContainText('Laatst gebruikt');
    await settings.getByRole('button', { name: 'Verwijderen' }).click();
    await member.getByTestId('confirm-action').click();
    await expect(settings.getByText('Passkey verwijderd.')).toBeVisible();
    await expect(settings.getByTestId('passkey-row')).toHaveCount(0);
    await member.context().close();
  });

  test('a staff member uses a passkey as second factor instead of the code', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await signInStaff(page, DEMO_ADMIN);
    const account = await createStaffAccount(page, 'support');
    const port = new URL(page.url()).port;
    const staff = await pageWithAuthenticator(browser, `http://localhost:${port}`);
    await loginStaff(staff, account);
    const own = staff.getByTestId('own-passkeys');
    await own.getByLabel(/passkey/i).fill('Kantoorlaptop');
    await own.locator('button[type=submit]').click();
    await expect(own.getByTestId('staff-passkey')).toContainText('Kantoorlaptop');
    await expectNoSeriousA11yViolations(staff, 'staff passkeys');

    const logout = await staff.evaluate(async (headers) => {
      const res = await fetch('/api/admin/logout.php', { method: 'POST', headers });
      return res.status;
    }, CLIENT);
    expect(logout).toBe(200);
    await staff.goto('/admin/login');
    await enterPassword(staff, account);
    await staff.getByTestId('staff-passkey-step').getByRole('button').click();
    await expect(staff.getByTestId('admin-account')).toBeAttached();
    await staff.context().close();
  });
});
