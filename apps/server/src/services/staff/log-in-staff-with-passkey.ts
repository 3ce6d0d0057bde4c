import type { PasskeyCredential } from '@app/contracts';
import { findPasskeyByCredential, recordPasskeyUse } from '../../db/repositories/passkeys.js';
import {
  deleteStaffSession,
  findStaffSession,
  registerStaffFailure,
  updateStaff,
} from '../../db/repositories/staff.js';
import type { AppDeps } from '../../deps.js';
import { authenticationRequired } from '../../errors.js';
import { LOCK_SECONDS, MAX_FAILED_LOGINS } from '../access/login-protection.js';
import { hashToken } from '../access/sessions.js';
import { counterWentBack, passkeyFailed, takeOwnChallenge, verifyPasskeyUse } from '../passkeys/ceremony.js';
import type { PasskeyWarn } from '../passkeys/log-in-with-passkey.js';
import { staffRelyingParty } from '../passkeys/relying-party.js';
import { recordAudit } from './audit.js';
import { startStaffSession } from './staff-sessions.js';
import type { SecondFactorResult } from './verify-staff-second-factor.js';

/**
 * Second step of a staff login with a passkey instead of the TOTP code (issue: passkeys), on the
 * password-stage session of `token`: the challenge must be this account's, the passkey one of its
 * own, origin and RP id the back office's; a signature counter that goes backwards is refused and
 * reported. A failure counts toward the account's lock as a wrong code does. Then, as after the
 * code, the password-stage session ends and a new 8-hour session starts; audited `staff.login_passkey`.
 * Input `{ token, credential, ip, userAgent, warn }`.
 * @throws AppError authentication_required (403) without a live password-stage session
 * @throws AppError passkey_failed (400) for anything that does not verify
 */
export async function logInStaffWithPasskey(
  { db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: {
    token: string;
    credential: PasskeyCredential;
    ip: string | null;
    userAgent: string | null;
    warn: PasskeyWarn;
  },
): Promise<SecondFactorResult> {
  const now = clock.now();
  const found = await findStaffSession(db, hashToken(input.token));
  if (found?.session.stage !== 'password' || found.staff.disabled_at) throw authenticationRequired();
  const account = found.staff;
  const refuse = async (): Promise<never> => {
    await registerStaffFailure(db, account.id, MAX_FAILED_LOGINS, new Date(now.getTime() + LOCK_SECONDS * 1000));
    if ((account.failed_logins ?? 0) + 1 >= MAX_FAILED_LOGINS) await deleteStaffSession(db, hashToken(input.token));
    throw passkeyFailed();
  };
  const { credential } = input;
  const challenge = await takeOwnChallenge(db, credential, 'staff_login', { staffId: account.id }, now).catch(refuse);
  const passkey = await findPasskeyByCredential(db, credential.id);
  if (!passkey || passkey.staff_id !== account.id) return refuse();
  const counter = await verifyPasskeyUse(staffRelyingParty(config), credential, challenge.challenge, passkey).catch(
    refuse,
  );
  if (counterWentBack(passkey.counter, counter)) {
    input.warn('staff passkey counter went backwards: refused', {
      passkeyId: passkey.id,
      staffId: account.id,
      stored: passkey.counter,
      received: counter,
    });
    return refuse();
  }
  if (!(await recordPasskeyUse(db, passkey.id, passkey.counter, counter, now))) return refuse();
  const who = { staffId: account.id, staffEmail: account.email, ip: input.ip };
  const session = await db.transaction(async (tx) => {
    await deleteStaffSession(tx, hashToken(input.token));
    await updateStaff(tx, account.id, { failed_logins: 0, locked_until: null });
    await recordAudit(tx, who, {
      action: 'staff.login_passkey',
      objectType: 'staff',
      objectId: account.id,
      after: { passkey_id: passkey.id },
    });
    return startStaffSession(tx, { staffId: account.id, stage: 'full', now, ip: input.ip, userAgent: input.userAgent });
  });
  return { staff: account, ...session, recoveryCodes: [], addPasskey: false };
}
