import { deleteMemberPasskey } from '../../db/repositories/passkeys.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';

/**
 * Removes one of a member's passkeys (issue: passkeys); it no longer logs in. The password stays.
 * Input `{ site, user, id }`.
 * @throws AppError not_found (404) for an id that is not a passkey of this member on this site
 */
export async function removePasskey(
  { db }: Pick<AppDeps, 'db'>,
  input: { site: SiteRow; user: UserRow; id: number },
): Promise<void> {
  if (!(await deleteMemberPasskey(db, input.site.id, input.user.id, input.id))) throw notFound();
}
