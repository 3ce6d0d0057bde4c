import { dismissPasskeyOffer as dismiss } from '../../db/repositories/passkeys.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';

/** Remembers that the member dismissed the offer to add a passkey (issue: passkeys); it is not shown again. */
export async function dismissPasskeyOffer(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  input: { user: UserRow },
): Promise<void> {
  await dismiss(db, input.user.id, clock.now());
}
