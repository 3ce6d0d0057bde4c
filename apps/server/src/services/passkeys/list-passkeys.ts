import { listMemberPasskeys, type PasskeyRow } from '../../db/repositories/passkeys.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';

/**
 * A member's passkeys on their site, oldest first, and whether the app offers adding one: only to a
 * member without a passkey who has not dismissed the offer (the app also checks that the browser
 * supports WebAuthn). Input `{ site, user }`.
 */
export async function listPasskeys(
  { db }: Pick<AppDeps, 'db'>,
  input: { site: SiteRow; user: UserRow },
): Promise<{ passkeys: PasskeyRow[]; offer: boolean }> {
  const passkeys = await listMemberPasskeys(db, input.site.id, input.user.id);
  return { passkeys, offer: passkeys.length === 0 && !input.user.passkey_offer_dismissed_at };
}
