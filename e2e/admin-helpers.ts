/**
 * Back-office logins for the Playwright journeys: the demo admin (admin@example.com / demo1234,
 * README) enrols its authenticator at the first login of a run; its secret is kept in a file of this
 * run so later tests log in with a code. A TOTP step is accepted once, so a login takes a step no
 * earlier login of the account used: the current or the next one, else it waits.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Cookie, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';

export const DEMO_ADMIN = { email: 'admin@example.com', password: 'demo1234' };
const CLIENT = { 'x-request-type': 'client' };

/** Secrets and last used steps of the accounts that enrolled in this run, by e-mail. */
function stateFile(): string {
  return path.join(os.tmpdir(), `e2e-staff-${process.env.E2E_PORT ?? 3100}-${process.ppid}.json`);
}
type StaffState = Record<string, { secret: string; lastStep: number }>;
function readState(): StaffState {
  return existsSync(stateFile()) ? (JSON.parse(readFileSync(stateFile(), 'utf8')) as StaffState) : {};
}
function writeState(state: StaffState): void {
  writeFileSync(stateFile(), JSON.stringify(state));
}

/** A back-office login. */
export type StaffLogin = { email: string; password: string };

/** Fills e-mail and password on /admin/login and waits for the code step. */
export async function enterPassword(page: Page, account: StaffLogin): Promise<void> {
  await page.locator('#staff-email').fill(account.email);
  await page.locator('#staff-password').fill(account.password);
  await page.locator('form button[type=submit]').click();
  await expect(page.locator('#staff-code')).toBeVisible();
}

/**
 * A code for `email`: from `secret` (shown at enrolment) or the run file, for a 30-second step later
 * than the account's last one: the current step's, else the next step's (the server accepts one step
 * of drift), else it waits until that step is current (a step is accepted once). The step is
 * written to the run file as used.
 */
export async function nextCode(email: string, secret?: string): Promise<string> {
  const known = readState()[email];
  const key = secret ?? known?.secret;
  if (!key) throw new Error(`no authenticator secret known for ${email}`);
  const lastStep = secret ? 0 : (known?.lastStep ?? 0);
  for (;;) {
    const now = Math.floor(Date.now() / 1000);
    const current = Math.floor(now / 30);
    // The server accepts a code one step either side of its own (clock drift, services/staff/totp.ts),
    // each step once: the current step's code, else the next step's, else wait for the step to begin.
    const step = Math.max(current, lastStep + 1);
    if (step <= current + 1) {
      writeState({ ...readState(), [email]: { secret: key, lastStep: step } });
      return generate({ secret: key, epoch: step * 30 });
    }
    await new Promise((r) => setTimeout(r, ((step - 1) * 30 - now) * 1000 + 200));
  }
}

/**
 * Logs `account` into the back office on `page` at /admin/login: password, then the authenticator
 * code (enrolling from the shown secret at the first login and leaving the recovery codes screen).
 * Ends on the back office's start page; works on a phone too (the account line sits in the folded menu).
 */
export async function loginStaff(page: Page, account: StaffLogin): Promise<void> {
  await page.goto('/admin/login');
  await enterPassword(page, account);
  const shown = page.getByTestId('totp-secret');
  const secret = (await shown.isVisible()) ? (await shown.innerText()).trim() : undefined;
  await page.locator('#staff-code').fill(await nextCode(account.email, secret));
  await page.locator('form button[type=submit]').click();
  const codes = page.getByTestId('recovery-codes');
  await expect(page.getByTestId('admin-account').or(codes).first()).toBeAttached();
  if (await codes.isVisible()) await page.locator('main button.btn-primary').click();
  await expect(page.getByTestId('admin-account')).toBeAttached();
  await expect(page.locator('#main h1')).toBeVisible();
}

/** This worker's staff sessions by e-mail: the session cookie of the account's last login through the form. */
const sessions = new Map<string, Cookie>();

/**
 * Opens the back office as `account` on `page`, on its start page, as `loginStaff` leaves it: with
 * the session of this worker's earlier login of the account when it is still valid, else through
 * the login form (`loginStaff`), whose session is then kept. For journeys that are not about the
 * login: a third form login of an account within 30 seconds waits for the next TOTP step.
 */
export async function signInStaff(page: Page, account: StaffLogin): Promise<void> {
  const saved = sessions.get(account.email);
  if (saved) {
    await page.context().addCookies([saved]);
    await page.goto('/admin');
    const signedIn = page.getByTestId('admin-account');
    await expect(signedIn.or(page.locator('#staff-email')).first()).toBeAttached();
    if (await signedIn.count()) {
      await expect(page.locator('#main h1')).toBeVisible();
      return;
    }
    sessions.delete(account.email);
  }
  await loginStaff(page, account);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'staff_sid');
  if (cookie) sessions.set(account.email, cookie);
}

/**
 * Makes a staff account through the signed-in admin's `page` (POST /api/admin/staff.php) and answers
 * its login. `siteIds` null: every site.
 */
export async function createStaffAccount(
  page: Page,
  role: 'admin' | 'moderator' | 'operator' | 'support',
  siteIds: number[] | null = null,
): Promise<{ email: string; password: string }> {
  const account = {
    email: `e2e-${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@staff.example.com`,
    password: 'Kantoor-Moderatie-Achtentwintig-28',
  };
  const res = await page.request.post('/api/admin/staff.php', {
    headers: CLIENT,
    data: { ...account, name: `E2E ${role}`, role, site_ids: siteIds },
  });
  expect(res.status(), await res.text()).toBe(200);
  return account;
}
