/**
 * Back-office login steps by hand, for the access journeys: the password step, a TOTP code of an
 * account, and a login that also works on a phone (where the account name sits in the folded menu).
 * Secrets and last used steps go to the same run file as e2e/admin-helpers.ts keeps, so either
 * helper logs in an account the other enrolled.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';

/** A back-office login. */
export type StaffLogin = { email: string; password: string };
type StaffState = Record<string, { secret: string; lastStep: number }>;

/** The run file of e2e/admin-helpers.ts (same path and shape). */
function stateFile(): string {
  return path.join(os.tmpdir(), `e2e-staff-${process.env.E2E_PORT ?? 3100}-${process.ppid}.json`);
}
function readState(): StaffState {
  return existsSync(stateFile()) ? (JSON.parse(readFileSync(stateFile(), 'utf8')) as StaffState) : {};
}

/** Fills e-mail and password on /admin/login and waits for the code step. */
export async function enterPassword(page: Page, account: StaffLogin): Promise<void> {
  await page.locator('#staff-email').fill(account.email);
  await page.locator('#staff-password').fill(account.password);
  await page.locator('form button[type=submit]').click();
  await expect(page.locator('#staff-code')).toBeVisible();
}

/**
 * A code for `email`: from `secret` (given at enrolment) or the run file, for a 30-second step later
 * than the account's last one (waits for the next step when needed: a step is accepted once). The
 * step is written to the run file as used.
 */
export async function nextCode(email: string, secret?: string): Promise<string> {
  const known = readState()[email];
  const key = secret ?? known?.secret;
  if (!key) throw new Error(`no authenticator secret known for ${email}`);
  const lastStep = secret ? 0 : (known?.lastStep ?? 0);
  for (;;) {
    const now = Math.floor(Date.now() / 1000);
    const step = Math.floor(now / 30);
    if (step > lastStep) {
      writeFileSync(stateFile(), JSON.stringify({ ...readState(), [email]: { secret: key, lastStep: step } }));
      return generate({ secret: key, epoch: now });
    }
    await new Promise((r) => setTimeout(r, (30 - (now % 30)) * 1000 + 200));
  }
}

/**
 * Logs `account` in at /admin/login (enrolling from the shown secret at its first login and leaving
 * the recovery codes) and waits for the start page's heading; unlike admin-helpers' `loginStaff` it
 * needs no visible top bar, so it works on a phone.
 */
export async function loginStaffByHand(page: Page, account: StaffLogin): Promise<void> {
  await page.goto('/admin/login');
  await enterPassword(page, account);
  const shown = page.getByTestId('totp-secret');
  const secret = (await shown.isVisible()) ? (await shown.innerText()).trim() : undefined;
  await page.locator('#staff-code').fill(await nextCode(account.email, secret));
  await page.locator('form button[type=submit]').click();
  const codes = page.getByTestId('recovery-codes');
  await expect(page.getByTestId('admin-account').or(codes)).toBeAttached();
  if (await codes.isVisible()) await page.locator('main button.btn-primary').click();
  await expect(page.locator('#main h1')).toBeVisible();
}
