import { listStaffPasskeys, roleRequiresPasskey } from '../../db/repositories/passkeys.js';
import {
  clearStaffFailures,
  findStaffByEmail,
  registerStaffFailure,
  updateStaff,
} from '../../db/repositories/staff.js';
import type { AppDeps } from '../../deps.js';
import { loginFailed } from '../../errors.js';
import { tooManyAttempts } from '../access/access-errors.js';
import { checkPassword, hashPassword } from '../access/login.js';
import { LOCK_SECONDS, MAX_FAILED_LOGINS } from '../access/login-protection.js';
import { startStaffSession } from './staff-sessions.js';
import { newTotpSecret, totpQrSvg, totpUri } from './totp.js';

let dummyHash: Promise<string> | undefined;

/** What the back office shows after a correct password. */
export interface StaffLoginResult {
  /** The password-stage session's token (cookie `staff_sid`, 10 minutes). */
  token: string;
  maxAge: number;
  /** `enrol`: no second factor yet, scan the QR code; `totp`: type the code of the app or a recovery code. */
  next: 'enrol' | 'totp';
  /** The account has a passkey, which the second step may use instead of the code (issue: passkeys). */
  passkey: boolean;
  /** The account's role requires a passkey as second factor (staff_role_settings). */
  passkeyRequired: boolean;
  /** At enrolment: the new secret, its otpauth URI and the QR code (SVG). */
  enrolment?: { secret: string; otpauthUrl: string; qrSvg: string };
}

/**
 * First step of a staff login (issue: back office I): the password. A correct password of an enabled
 * account starts a 10-minute session that opens only the second-factor call. An account without a
 * confirmed second factor gets a new TOTP secret and its QR code. Five failures in a row (password or
 * code) lock the account for 15 minutes. The answer says whether the account has a passkey and whether
 * its role requires one (issue: passkeys). Input `{ email, password, ip, userAgent }`.
 * @throws AppError login_failed (401) for an unknown e-mail, a wrong password or a disabled account
 * @throws AppError too_many_attempts (429, data { minutes }) while the account is locked
 */
export async function logInStaff(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  input: { email: string; password: string; ip: string | null; userAgent: string | null },
): Promise<StaffLoginResult> {
  const now = clock.now();
  const account = await findStaffByEmail(db, input.email);
  dummyHash ??= hashPassword('no-staff-has-this-password');
  const ok = await checkPassword(account?.password_hash ?? (await dummyHash), input.password);
  if (account?.locked_until && account.locked_until > now) {
    throw tooManyAttempts(Math.ceil((account.locked_until.getTime() - now.getTime()) / 60_000));
  }
  if (!account || account.disabled_at) throw loginFailed();
  if (!ok) {
    await registerStaffFailure(db, account.id, MAX_FAILED_LOGINS, new Date(now.getTime() + LOCK_SECONDS * 1000));
    throw loginFailed();
  }
  await clearStaffFailures(db, account.id);
  const session = await startStaffSession(db, {
    staffId: account.id,
    stage: 'password',
    now,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  const passkey = (await listStaffPasskeys(db, account.id)).length > 0;
  const passkeyRequired = await roleRequiresPasskey(db, account.role);
  if (account.totp_enabled_at && account.totp_secret) return { ...session, next: 'totp', passkey, passkeyRequired };
  const secret = newTotpSecret();
  await updateStaff(db, account.id, { totp_secret: secret, totp_enabled_at: null, totp_last_step: null });
  const otpauthUrl = totpUri(secret, account.email, 'Dating back office');
  return {
    ...session,
    next: 'enrol',
    passkey,
    passkeyRequired,
    enrolment: { secret, otpauthUrl, qrSvg: await totpQrSvg(otpauthUrl) },
  };
}
