import { listStaffPasskeys as list, type PasskeyRow } from '../../db/repositories/passkeys.js';
import type { AppDeps } from '../../deps.js';

/** The signed-in staff account's own passkeys, oldest first (issue: passkeys). Input `{ staffId }`. */
export async function listStaffPasskeys(
  { db }: Pick<AppDeps, 'db'>,
  input: { staffId: number },
): Promise<PasskeyRow[]> {
  return list(db, input.staffId);
}
