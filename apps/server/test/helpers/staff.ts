/** Staff accounts for the back-office tests: made enrolled (a known TOTP secret) and logged in. */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/client.js';
import { staff } from '../../src/db/schema.js';
import type { StaffRole } from '../../src/policies/actor.js';
import { hashPassword } from '../../src/services/access/login.js';
import { newTotpSecret, totpCode } from '../../src/services/staff/totp.js';
import { Browser } from './server.js';

/** A staff account of the tests and what logs it in. */
export interface StaffRef {
  id: number;
  email: string;
  password: string;
  secret: string;
  role: StaffRole;
}

let passwordHash: Promise<string> | undefined;
const PASSWORD = 'Staff-password-2026!';

/** Makes a staff account of `role` on `siteIds` (null: every site) with TOTP already enrolled. */
export async function createStaff(
  db: Db,
  role: StaffRole,
  siteIds: number[] | null,
  overrides: { email?: string; enrolled?: boolean } = {},
): Promise<StaffRef> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = overrides.email ?? `${role}-${randomBytes(4).toString('hex')}@staff.test`;
  const secret = newTotpSecret();
  const enrolled = overrides.enrolled ?? true;
  const [row] = await db
    .insert(staff)
    .values({
      email,
      name: `Test ${role}`,
      role,
      site_ids: siteIds,
      password_hash: await passwordHash,
      totp_secret: enrolled ? secret : null,
      totp_enabled_at: enrolled ? new Date() : null,
    })
    .returning({ id: staff.id });
  if (!row) throw new Error('staff insert returned nothing');
  return { id: row.id, email, password: PASSWORD, secret, role };
}

/**
 * Logs `ref` in on the server at `url` with password and the current TOTP code (of `now`, default
 * the real time) and returns the browser that holds the staff session.
 */
export async function loginStaff(url: string, ref: StaffRef, now = new Date()): Promise<Browser> {
  const browser = new Browser(url);
  const first = await browser.post('/api/admin/login.php', { email: ref.email, password: ref.password });
  if (first.status !== 200 || first.json.next !== 'totp')
    throw new Error(`staff login: ${first.status} ${JSON.stringify(first.json)}`);
  const second = await browser.post('/api/admin/totp.php', { code: await totpCode(ref.secret, now) });
  if (second.status !== 200) throw new Error(`staff second factor: ${second.status} ${JSON.stringify(second.json)}`);
  return browser;
}
