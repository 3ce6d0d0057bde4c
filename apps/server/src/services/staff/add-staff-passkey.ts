import type { PasskeyCredential } from '@app/contracts';
import { isUniqueViolation } from '../../db/errors.js';
import { insertPasskey, type PasskeyRow } from '../../db/repositories/passkeys.js';
import { deleteStaffSession, type StaffRow } from '../../db/repositories/staff.js';
import type { AppDeps } from '../../deps.js';
import { hashToken } from '../access/sessions.js';
import { passkeyFailed, passkeyName, takeOwnChallenge, verifyNewPasskey } from '../passkeys/ceremony.js';
import { staffRelyingParty } from '../passkeys/relying-party.js';
import { recordAudit } from './audit.js';
import { type StaffSessionStage, startStaffSession } from './staff-sessions.js';

/** The new passkey and, when a passkey-setup session was upgraded, the new full session. */
export interface AddStaffPasskeyResult {
  passkey: PasskeyRow;
  session: { token: string; maxAge: number } | null;
}

/**
 * Adds a passkey to the staff account of the session (issue: passkeys), from the browser's answer
 * to beginStaffPasskeyRegistration's options; audited `staff.add_passkey`. On a passkey-setup session
 * (a role that requires passkeys, the first time) the setup session ends and a full 8-hour session
 * starts (audited `staff.login`), so the account is never signed in without its passkey. Input
 * `{ staff, stage, token, name, credential, ip, userAgent }`.
 * @throws AppError passkey_failed (400) for a foreign, used or expired challenge, a wrong origin or
 *   RP id, an answer that does not verify, or a credential already stored
 */
export async function addStaffPasskey(
  { db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: {
    staff: StaffRow;
    stage: StaffSessionStage;
    token: string;
    name: string;
    credential: PasskeyCredential;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<AddStaffPasskeyResult> {
  const { staff, credential } = input;
  const now = clock.now();
  const challenge = await takeOwnChallenge(db, credential, 'staff_register', { staffId: staff.id }, now);
  const made = await verifyNewPasskey(staffRelyingParty(config), credential, challenge.challenge);
  const who = { staffId: staff.id, staffEmail: staff.email, ip: input.ip };
  try {
    return await db.transaction(async (tx) => {
      const passkey = await insertPasskey(tx, {
        staff_id: staff.id,
        credential_id: made.credentialId,
        public_key: made.publicKey,
        counter: made.counter,
        transports: made.transports,
        backed_up: made.backedUp,
        name: passkeyName(input.name, now),
        created_at: now,
      });
      await recordAudit(tx, who, {
        action: 'staff.add_passkey',
        objectType: 'staff',
        objectId: staff.id,
        after: { passkey_id: passkey.id, name: passkey.name },
      });
      if (input.stage !== 'passkey_setup') return { passkey, session: null };
      await deleteStaffSession(tx, hashToken(input.token));
      await recordAudit(tx, who, { action: 'staff.login', objectType: 'staff', objectId: staff.id });
      const session = await startStaffSession(tx, {
        staffId: staff.id,
        stage: 'full',
        now,
        ip: input.ip,
        userAgent: input.userAgent,
      });
      return { passkey, session };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw passkeyFailed();
    throw err;
  }
}
