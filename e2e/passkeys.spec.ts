/**
 * Passkeys (issue: passkeys) in Chromium with a CDP virtual authenticator (internal, resident keys,
 * user verification). A passkey's RP id must be a host name, not an IP address, so the member
 * journey uses a site of its own on `pk-<n>.localhost` (Chromium resolves *.localhost to loopback and
 * treats it as a secure context; the site's configured public_url is its origin, so its RP id is that
 * host), and the staff journey uses the back office on http://localhost:<port>, the ADMIN_URL of the
 * journeys' server (e2e/server.ts). axe-core on the settings and the login step.
 */
import type { Browser, BrowserContextOptions, CDPSession, Page } from '@playwright/test';
import { STRONG_PASSWORD, uniqueEmail } from './access-helpers';
import { createStaffAccount, DEMO_ADMIN, enterPassword, loginStaff, signInStaff } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { PHONE, sidewaysOverflow } from './devices';
import { expect, test } from './fixtures';

const CLIENT = { 'x-request-type': 'client' };

/** A page with a virtual platform authenticator, and the CDP session and id that reach its credentials. */
interface AuthenticatorPage {
  page: Page;
  cdp: CDPSession;
  authenticatorId: string;
}

/** A page of a new browser context at `origin` with a virtual platform authenticator (Pixel 7's screen with PHONE). */
async function withAuthenticator(
  browser: Browser,
  origin: string,
  options: BrowserContextOptions = {},
): Promise<AuthenticatorPage> {
  const context = await browser.newContext({ ...options, baseURL: origin, locale: 'nl-NL' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { page, cdp, authenticatorId };
}

/** A page of a new browser context at `origin` with a virtual platform authenticator. */
async function pageWithAuthenticator(browser: Browser, origin: string): Promise<Page> {
  return (await withAuthenticator(browser, origin)).page;
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
    const origin = await newSite(page);
    const member = await pageWithAuthenticator(browser, origin);
    const email = await signUp(member);
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

  /**
   * A site of its own on `pk-<n>.localhost` at the journeys' server. `publicUrl` is the site's
   * configured origin (its own origin unless given: another port makes every page of it a wrong origin).
   */
  async function newSite(page: Page, publicUrl?: (origin: string, port: number) => string): Promise<string> {
    const port = Number(new URL(page.url()).port);
    const domain = `pk-${Date.now()}-${Math.floor(Math.random() * 1e6)}.localhost`;
    const origin = `http://${domain}:${port}`;
    const companies = await page.request.get('/api/admin/companies.php', { headers: CLIENT });
    const [company] = (await companies.json()) as { id: number }[];
    const created = await page.request.post('/api/admin/sites.php', {
      headers: CLIENT,
      data: {
        domain,
        public_url: publicUrl ? publicUrl(origin, port) : origin,
        name: 'Passkeytest',
        languages: ['nl', 'en', 'de', 'fr'],
        domain_language: 'nl-NL',
        niche: 1,
        company_id: company?.id,
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    return origin;
  }

  /** Signs a new member up on the page's site (logged in afterwards); answers the e-mail. */
  async function signUp(member: Page): Promise<string> {
    await member.goto('/');
    const email = uniqueEmail('passkey');
    const status = await fetchInPage(member, 'POST', '/api/signup.php', {
      email,
      name: 'Sleutellid',
      password: STRONG_PASSWORD,
      date_of_birth: '1990-04-12',
    });
    expect(status).toBe(200);
    return email;
  }

  /** Adds a passkey named `name` in the settings on /notifications. */
  async function addPasskey(member: Page, name: string): Promise<void> {
    await member.goto('/notifications');
    const settings = member.getByTestId('settings-passkeys');
    await settings.getByLabel('Naam van de passkey').fill(name);
    await settings.getByRole('button', { name: 'Passkey toevoegen' }).click();
    await expect(settings.getByTestId('passkey-row').filter({ hasText: name })).toBeVisible();
  }

  /** Logs out, then tries "Passkey gebruiken" on /login. Answers whether it let the member in. */
  async function passkeyLogin(member: Page): Promise<boolean> {
    expect(await fetchInPage(member, 'GET', '/api/logout.php')).toBe(200);
    await member.goto('/login');
    await member.getByRole('button', { name: 'Passkey gebruiken' }).click();
    const refused = member.getByTestId('passkey-login').getByText('Inloggen met je passkey is niet gelukt');
    await expect
      .poll(async () => ((await refused.count()) > 0 ? 'refused' : /\/members/.test(member.url()) ? 'in' : 'waiting'))
      .not.toBe('waiting');
    return /\/members/.test(member.url());
  }

  test('on a phone a member adds a passkey and logs in with it without an e-mail', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await signInStaff(page, DEMO_ADMIN);
    const origin = await newSite(page);
    const { page: member } = await withAuthenticator(browser, origin, PHONE);
    await signUp(member);
    await addPasskey(member, 'Mijn telefoon');
    expect(await sidewaysOverflow(member)).toBeLessThanOrEqual(0);
    expect(await fetchInPage(member, 'GET', '/api/logout.php')).toBe(200);
    await member.goto('/login');
    expect(await sidewaysOverflow(member)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(member, 'login with a passkey on a phone');
    await member.getByRole('button', { name: 'Passkey gebruiken' }).click();
    await expect(member).toHaveURL(/\/members/);
    await member.context().close();
  });

  test('a counter that goes backwards, a passkey of another site and a removed passkey are refused', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signInStaff(page, DEMO_ADMIN);
    const origin = await newSite(page);
    const { page: member, cdp, authenticatorId } = await withAuthenticator(browser, origin);
    await signUp(member);
    await addPasskey(member, 'Laptop');
    expect(await passkeyLogin(member)).toBe(true);

    // The authenticator's copy with its signature counter set back: refused, then let in again once
    // the counter is ahead of the stored one (it was the counter, not the passkey).
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    const [credential] = credentials;
    if (!credential) throw new Error('the authenticator holds no passkey');
    // The authenticator holds one credential per id: each step replaces it with an altered copy.
    const replace = async (changes: { signCount: number; rpId?: string }) => {
      await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId: credential.credentialId });
      await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: { ...credential, ...changes } });
    };
    const withCounter = (signCount: number) => replace({ signCount });
    await withCounter(0);
    expect(await passkeyLogin(member)).toBe(false);
    await withCounter(1000);
    expect(await passkeyLogin(member)).toBe(true);

    // The same key presented to another site (its copy under that site's RP id): refused there.
    const other = await newSite(page);
    await replace({ rpId: new URL(other).hostname, signCount: 2000 });
    await member.goto(`${other}/login`);
    await member.getByRole('button', { name: 'Passkey gebruiken' }).click();
    await expect(member.getByTestId('passkey-login')).toContainText('Inloggen met je passkey is niet gelukt');
    expect(await fetchInPage(member, 'GET', '/api/user.php')).not.toBe(200);

    // Removed in the settings: the authenticator still offers it, the site refuses it.
    await withCounter(3000);
    await member.goto(`${origin}/`);
    expect(await passkeyLogin(member)).toBe(true);
    await member.goto('/notifications');
    const settings = member.getByTestId('settings-passkeys');
    await settings.getByRole('button', { name: 'Verwijderen' }).click();
    await member.getByTestId('confirm-action').click();
    await expect(settings.getByTestId('passkey-row')).toHaveCount(0);
    expect(await passkeyLogin(member)).toBe(false);
    await member.context().close();
  });

  test("a passkey made on an origin that is not the site's configured one is refused", async ({ page, browser }) => {
    test.setTimeout(90_000);
    await signInStaff(page, DEMO_ADMIN);
    // The site says it lives one port further: its pages here are on a wrong origin (same host, so the
    // browser accepts the RP id and the server must refuse the origin).
    const origin = await newSite(page, (own, port) => own.replace(`:${port}`, `:${port + 1}`));
    const { page: member } = await withAuthenticator(browser, origin);
    await signUp(member);
    await member.goto('/notifications');
    const settings = member.getByTestId('settings-passkeys');
    await settings.getByLabel('Naam van de passkey').fill('Verkeerd');
    await settings.getByRole('button', { name: 'Passkey toevoegen' }).click();
    await expect(settings.getByRole('alert')).toBeVisible();
    await expect(settings.getByTestId('passkey-row')).toHaveCount(0);
    await member.context().close();
  });
});
