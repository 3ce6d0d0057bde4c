import { listStaff, type StaffRow } from '../../db/repositories/staff.js';
import type { AppDeps } from '../../deps.js';
import { can, staffResource, staffScope } from '../../policies/policies.js';
import type { StaffManager } from './staff-account-policy.js';

/**
 * The staff accounts `actor` may see, by e-mail: for an admin of some sites only the accounts whose
 * sites are all within its own (never an account of every site); every account for the command line
 * (`actor` null).
 * @throws AppError forbidden (403) for a role other than admin
 */
export async function listStaffAccounts(
  { db }: Pick<AppDeps, 'db'>,
  input: { actor: StaffManager },
): Promise<StaffRow[]> {
  const { actor } = input;
  if (actor) staffScope(actor, 'view', 'staff');
  const rows = await listStaff(db);
  return actor ? rows.filter((row) => can(actor, 'view', staffResource(row))) : rows;
}
