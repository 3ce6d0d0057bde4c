import { listStaffPasskeys, roleRequiresPasskey } from '../../db/repositories/passkeys.js';
import {
  claimTotpStep,
  deleteStaffSession,
  findStaffSession,
  registerStaffFailure,
  replaceRecoveryCodes,
  type StaffRow,
  updateStaff,
  useRecoveryCode,
} from '../../db/repositories/staff.js';
import type { AppDeps } from '../../deps.js';
import { AppError, authenticationRequired } from '../../errors.js';
import { LOCK_SECONDS, MAX_FAILED_LOGINS } from '../access/login-protection.js';
import { hashToken } from '../access/sessions.js';
import { recordAudit } from './audit.js';
import { startStaffSession } from './staff-sessions.js';
import { hashRecoveryCode, matchTotp, newRecoveryCodes } from './totp.js';

/** The signed-in account, its new full session, and the recovery codes made at enrolment (else empty). */
export interface SecondFactorResult {
  staff: StaffRow;
  token: string;
  maxAge: number;
  recoveryCodes: string[];
  /** The role requires a passkey and the account has none: the new session is `passkey_setup`, not full. */
  addPasskey: boolean;
}

/**
 * Second step of a staff login (issue: back office I): a 6-digit TOTP code (each time step accepted
 * once) or an unused recovery code, on the password-stage session of `token`. At enrolment the code
 * confirms the new secret and ten recovery codes are made and answered once. The password-stage
 * session ends and a new 8-hour session starts (a fresh token, so a token seen before login is
 * worthless). Writes `staff.login` (and `staff.enrol_totp`) to the audit log. A role that requires
 * passkeys (issue: passkeys): refused for an account with a passkey; for one without, the new session
 * is a 10-minute `passkey_setup` session that opens only adding a passkey (audited `staff.login_passkey_setup`).
 * @throws AppError authentication_required (403) without a live password-stage session
 * @throws AppError passkey_required (403) when the role requires passkeys and the account has one
 * @throws AppError otp_invalid (400) for a wrong, reused or malformed code (counts toward the lock)
 */
export async function verifyStaffSecondFactor(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  input: { token: string; code?: string; recoveryCode?: string; ip: string | null; userAgent: string | null },
): Promise<SecondFactorResult> {
  const now = clock.now();
  const found = await findStaffSession(db, hashToken(input.token));
  if (!found || found.session.stage !== 'password' || found.staff.disabled_at || !found.staff.totp_secret) {
    throw authenticationRequired();
  }
  const account = found.staff;
  const enrolling = !account.totp_enabled_at;
  // A role that requires passkeys (issue: passkeys): an account with one must use it; an account
  // without one passes with the code once, into a session that only adds a passkey.
  const required = await roleRequiresPasskey(db, account.role);
  const hasPasskey = required && (await listStaffPasskeys(db, account.id)).length > 0;
  if (hasPasskey) throw new AppError('passkey_required', 403);
  let accepted = false;
  if (input.code) {
    const step = await matchTotp(account.totp_secret as string, input.code, now);
    accepted = step !== null && (await claimTotpStep(db, account.id, step));
  } else if (input.recoveryCode && !enrolling) {
    accepted = await useRecoveryCode(db, account.id, hashRecoveryCode(input.recoveryCode));
  }
  if (!accepted) {
    await registerStaffFailure(db, account.id, MAX_FAILED_LOGINS, new Date(now.getTime() + LOCK_SECONDS * 1000));
    if ((account.failed_logins ?? 0) + 1 >= MAX_FAILED_LOGINS) await deleteStaffSession(db, hashToken(input.token));
    throw new AppError('otp_invalid', 400);
  }
  let recoveryCodes: string[] = [];
  const who = { staffId: account.id, staffEmail: account.email, ip: input.ip };
  const session = await db.transaction(async (tx) => {
    await deleteStaffSession(tx, hashToken(input.token));
    await updateStaff(tx, account.id, {
      failed_logins: 0,
      locked_until: null,
      ...(enrolling ? { totp_enabled_at: now } : {}),
    });
    if (enrolling) {
      recoveryCodes = newRecoveryCodes();
      await replaceRecoveryCodes(tx, account.id, recoveryCodes.map(hashRecoveryCode));
      await recordAudit(tx, who, { action: 'staff.enrol_totp', objectType: 'staff', objectId: account.id });
    }
    const action = input.code ? 'staff.login' : 'staff.login_recovery_code';
    await recordAudit(tx, who, {
      action: required ? `${action}_passkey_setup` : action,
      objectType: 'staff',
      objectId: account.id,
    });
    const stage = required ? 'passkey_setup' : 'full';
    return startStaffSession(tx, { staffId: account.id, stage, now, ip: input.ip, userAgent: input.userAgent });
  });
  return {
    staff: { ...account, totp_enabled_at: account.totp_enabled_at ?? now },
    ...session,
    recoveryCodes,
    addPasskey: required,
  };
}
