import type { PasskeyOptions } from '@app/contracts';
import { listStaffPasskeys } from '../../db/repositories/passkeys.js';
import type { StaffRow } from '../../db/repositories/staff.js';
import type { AppDeps } from '../../deps.js';
import { passkeyFailed, requestOptions } from '../passkeys/ceremony.js';
import { staffRelyingParty } from '../passkeys/relying-party.js';

/**
 * Options for the second step of a staff login with a passkey (issue: passkeys), on a password-stage
 * session: the account's passkeys allowed, the back office's relying party (ADMIN_URL, else
 * PUBLIC_URL), the challenge kept 5 minutes for this account. Input `{ staff }` (the session's account).
 * @throws AppError passkey_failed (400) when the account has no passkey
 */
export async function beginStaffPasskeyLogin(
  { db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { staff: StaffRow },
): Promise<PasskeyOptions> {
  const allow = await listStaffPasskeys(db, input.staff.id);
  if (allow.length === 0) throw passkeyFailed();
  return requestOptions(db, staffRelyingParty(config), {
    purpose: 'staff_login',
    owner: { staffId: input.staff.id },
    allow,
    now: clock.now(),
  });
}
