import type { PasskeyOptions } from '@app/contracts';
import { listStaffPasskeys } from '../../db/repositories/passkeys.js';
import type { StaffRow } from '../../db/repositories/staff.js';
import type { AppDeps } from '../../deps.js';
import { creationOptions } from '../passkeys/ceremony.js';
import { staffRelyingParty } from '../passkeys/relying-party.js';
import { staffUserHandle } from '../passkeys/user-handles.js';

/**
 * Options for a staff account to add a passkey (issue: passkeys), on a full or passkey-setup
 * session: the back office's relying party, the account's passkeys excluded, the challenge kept 5
 * minutes for this account. Input `{ staff }`.
 */
export async function beginStaffPasskeyRegistration(
  { db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { staff: StaffRow },
): Promise<PasskeyOptions> {
  const { staff } = input;
  return creationOptions(db, staffRelyingParty(config), {
    purpose: 'staff_register',
    owner: { staffId: staff.id },
    userHandle: staffUserHandle(staff.id),
    userName: staff.email,
    existing: await listStaffPasskeys(db, staff.id),
    now: clock.now(),
  });
}
