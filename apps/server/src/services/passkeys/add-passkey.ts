import type { PasskeyCredential } from '@app/contracts';
import { isUniqueViolation } from '../../db/errors.js';
import { insertPasskey, type PasskeyRow } from '../../db/repositories/passkeys.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { passkeyFailed, passkeyName, takeOwnChallenge, verifyNewPasskey } from './ceremony.js';
import { memberRelyingParty } from './relying-party.js';

/**
 * Stores a member's new passkey (issue: passkeys) from the browser's answer to
 * beginPasskeyRegistration's options: the challenge must be live, unused and this member's on this
 * site; origin and RP id the site's configured ones. Input `{ site, user, name, credential }`
 * (name: up to 60 characters, empty: the date added).
 * @throws AppError passkey_failed (400) for a foreign, used or expired challenge, a wrong origin or
 *   RP id, an answer that does not verify, or a credential already stored
 */
export async function addPasskey(
  { db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { site: SiteRow; user: UserRow; name: string; credential: PasskeyCredential },
): Promise<PasskeyRow> {
  const { site, user, credential } = input;
  const now = clock.now();
  const challenge = await takeOwnChallenge(
    db,
    credential,
    'member_register',
    { siteId: site.id, userId: user.id },
    now,
  );
  const made = await verifyNewPasskey(memberRelyingParty(site, config), credential, challenge.challenge);
  try {
    return await insertPasskey(db, {
      site_id: site.id,
      user_id: user.id,
      credential_id: made.credentialId,
      public_key: made.publicKey,
      counter: made.counter,
      transports: made.transports,
      backed_up: made.backedUp,
      name: passkeyName(input.name, now),
      created_at: now,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw passkeyFailed();
    throw err;
  }
}
