import { deleteStaffPasskeys, listStaffPasskeys, roleRequiresPasskey } from '../../db/repositories/passkeys.js';
import type { StaffRow } from '../../db/repositories/staff.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { type AuditWho, recordAudit } from './audit.js';

/**
 * Removes one of the signed-in staff account's own passkeys (issue: passkeys); audited
 * `staff.remove_passkey`. The last passkey of a role that requires passkeys stays (an admin's reset of
 * the second factor removes them all instead). Input `{ staff, who, id }`.
 * @throws AppError not_found (404) for an id that is not one of the account's passkeys
 * @throws AppError passkey_required (409) for the last passkey of a role that requires passkeys
 */
export async function removeStaffPasskey(
  { db }: Pick<AppDeps, 'db'>,
  input: { staff: StaffRow; who: AuditWho; id: number },
): Promise<void> {
  const { staff } = input;
  const own = await listStaffPasskeys(db, staff.id);
  const target = own.find((row) => row.id === input.id);
  if (!target) throw notFound();
  if (own.length === 1 && (await roleRequiresPasskey(db, staff.role))) throw new AppError('passkey_required', 409);
  await db.transaction(async (tx) => {
    await deleteStaffPasskeys(tx, staff.id, target.id);
    await recordAudit(tx, input.who, {
      action: 'staff.remove_passkey',
      objectType: 'staff',
      objectId: staff.id,
      before: { passkey_id: target.id, name: target.name },
    });
  });
}
