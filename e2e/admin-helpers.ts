/**
 * Back-office logins for the Playwright journeys: the demo admin (admin@example.com / demo1234,
 * README) enrols its authenticator at the first login of a run; its secret is kept in a file of this
 * run so later tests log in with a code. A TOTP step is accepted once, so a login waits for a step
 * no earlier login of the account used.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
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

/** A code of `secret` for a time step later than `lastStep` (waits for the next step when needed). */
async function freshCode(secret: string, lastStep: number): Promise<{ code: string; step: number }> {
  for (;;) {
    const now = Math.floor(Date.now() / 1000);
    const step = Math.floor(now / 30);
    if (step > lastStep) return { code: await generate({ secret, epoch: now }), step };
    await new Promise((r) => setTimeout(r, (30 - (now % 30)) * 1000 + 200));
  }
}

/**
 * Logs `account` into the back office on `page` at /admin/login: password, then the authenticator
 * code (enrolling from the shown secret at the first login and leaving the recovery codes screen).
 * Ends on the back office's start page.
 */
export async function loginStaff(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/admin/login');
  await page.locator('#staff-email').fill(account.email);
  await page.locator('#staff-password').fill(account.password);
  await page.locator('form button[type=submit]').click();
  await expect(page.locator('#staff-code')).toBeVisible();
  const state = readState();
  const shown = page.getByTestId('totp-secret');
  let secret = state[account.email]?.secret;
  if (await shown.isVisible()) secret = (await shown.innerText()).trim();
  if (!secret) throw new Error(`no authenticator secret known for ${account.email}`);
  const { code, step } = await freshCode(secret, state[account.email]?.lastStep ?? 0);
  writeState({ ...readState(), [account.email]: { secret, lastStep: step } });
  await page.locator('#staff-code').fill(code);
  await page.locator('form button[type=submit]').click();
  const codesDone = page.getByTestId('recovery-codes');
  // The account line sits in the top bar, behind the menu button on a phone: present, maybe hidden.
  await expect(page.getByTestId('admin-account').or(codesDone).first()).toBeAttached();
  if (await codesDone.isVisible()) await page.locator('main button.btn-primary').click();
  await expect(page.getByTestId('admin-account')).toBeAttached();
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
