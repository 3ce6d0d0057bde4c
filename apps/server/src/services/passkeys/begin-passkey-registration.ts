import type { PasskeyOptions } from '@app/contracts';
import { listMemberPasskeys } from '../../db/repositories/passkeys.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { creationOptions } from './ceremony.js';
import { memberRelyingParty } from './relying-party.js';
import { memberUserHandle } from './user-handles.js';

/**
 * Options for a member to add a passkey (issue: passkeys): relying party the site's configured
 * origin, the member's other passkeys excluded, the challenge kept 5 minutes for this site and member.
 * Input `{ site, user }`. Answers WebAuthn's PublicKeyCredentialCreationOptionsJSON.
 */
export async function beginPasskeyRegistration(
  { db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { site: SiteRow; user: UserRow },
): Promise<PasskeyOptions> {
  const { site, user } = input;
  return creationOptions(db, memberRelyingParty(site, config), {
    purpose: 'member_register',
    owner: { siteId: site.id, userId: user.id },
    userHandle: memberUserHandle(site.id, user.id),
    userName: user.email,
    existing: await listMemberPasskeys(db, site.id, user.id),
    now: clock.now(),
  });
}
