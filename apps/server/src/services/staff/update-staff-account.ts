import { deleteStaffPasskeys } from '../../db/repositories/passkeys.js';
import { deleteStaffSessions, findStaffById, type StaffRow, updateStaff } from '../../db/repositories/staff.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import type { StaffRole } from '../../policies/actor.js';
import { type AuditWho, recordAudit } from './audit.js';
import { staffAuditSite, staffAuditView } from './create-staff-account.js';
import { assertMayChangeStaff, type StaffManager } from './staff-account-policy.js';

/**
 * Changes a staff account (admins; `actor` null for the command line): role, sites, name, disabled,
 * or a reset of the second factor (enrol again at the next login; the account's passkeys are removed). An admin changes only accounts
 * whose sites are all within its own, and only into such accounts (staff-account-policy.ts). A change
 * of role, sites, disabled or second factor ends every session of the account. Nobody changes their
 * own role, sites or state. Writes `staff.update` with before/after.
 * @throws AppError not_found (404) for an unknown account or one outside the actor's sites; forbidden
 *   (403) for a role other than admin or new sites beyond the actor's; conflict (409) for a change of
 *   one's own role, sites or state
 */
export async function updateStaffAccount(
  { db }: Pick<AppDeps, 'db'>,
  input: {
    actor: StaffManager;
    who: AuditWho;
    id: number;
    role?: StaffRole;
    siteIds?: number[] | null;
    name?: string;
    disabled?: boolean;
    resetTotp?: boolean;
  },
): Promise<StaffRow> {
  const before = await findStaffById(db, input.id);
  if (!before) throw notFound();
  const self = input.who.staffId === input.id;
  if (
    self &&
    ((input.role && input.role !== before.role) ||
      input.disabled ||
      (input.siteIds !== undefined && JSON.stringify(input.siteIds) !== JSON.stringify(before.site_ids)))
  ) {
    throw new AppError('conflict', 409, { reason: 'own_account' });
  }
  assertMayChangeStaff(input.actor, before, self ? undefined : input.siteIds);
  const values: Partial<StaffRow> = {};
  if (input.role !== undefined) values.role = input.role;
  if (input.siteIds !== undefined) values.site_ids = input.siteIds;
  if (input.name !== undefined) values.name = input.name.trim();
  if (input.disabled !== undefined) values.disabled_at = input.disabled ? (before.disabled_at ?? new Date()) : null;
  if (input.resetTotp) Object.assign(values, { totp_secret: null, totp_enabled_at: null, totp_last_step: null });
  const endsSessions =
    (input.role !== undefined && input.role !== before.role) ||
    (input.siteIds !== undefined && JSON.stringify(input.siteIds) !== JSON.stringify(before.site_ids)) ||
    input.disabled === true ||
    input.resetTotp === true;
  return db.transaction(async (tx) => {
    const after = await updateStaff(tx, input.id, values);
    if (!after) throw notFound();
    if (endsSessions) await deleteStaffSessions(tx, input.id);
    // A reset second factor forgets the passkeys too: the account enrols again, and a role that
    // requires passkeys is sent to add one after the code (issue: passkeys).
    const passkeysRemoved = input.resetTotp ? (await deleteStaffPasskeys(tx, input.id)).length : 0;
    await recordAudit(tx, input.who, {
      action: 'staff.update',
      objectType: 'staff',
      objectId: input.id,
      siteId: staffAuditSite(after) ?? staffAuditSite(before),
      before: staffAuditView(before),
      after: { ...staffAuditView(after), sessions_ended: endsSessions, passkeys_removed: passkeysRemoved },
    });
    return after;
  });
}
