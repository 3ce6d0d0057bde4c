import { STAFF_ROLE_NAMES, type StaffRoleName } from '@app/contracts';
import { listPasskeyRoles, setRoleRequiresPasskey } from '../../db/repositories/passkeys.js';
import type { AppDeps } from '../../deps.js';
import { forbidden } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from './audit.js';

type StaffActor = Extract<Actor, { kind: 'staff' }>;

/**
 * Per staff role, whether its accounts must use a passkey as second factor (issue: passkeys).
 * @throws AppError forbidden (403) for a role other than admin
 */
export async function listRolePasskeyRules(
  { db }: Pick<AppDeps, 'db'>,
  input: { actor: StaffActor },
): Promise<{ role: StaffRoleName; require_passkey: boolean }[]> {
  staffScope(input.actor, 'view', 'staff');
  const required = new Set(await listPasskeyRoles(db));
  return STAFF_ROLE_NAMES.map((role) => ({ role, require_passkey: required.has(role) }));
}

/**
 * Requires passkeys for a staff role, or no longer (issue: passkeys). The setting holds for every
 * site, so only an admin of every site sets it; audited `staff_role.update` with before and after.
 * Accounts of the role that have a passkey must use it from their next login; accounts without one
 * pass their next login with the code once and are sent to add one (docs/decisions/022-passkeys.md).
 * Input `{ actor, who, role, required }`.
 * @throws AppError forbidden (403) for a role other than admin or an admin of some sites only
 */
export async function setRolePasskeyRule(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: StaffActor; who: AuditWho; role: StaffRoleName; required: boolean },
): Promise<{ role: StaffRoleName; require_passkey: boolean }> {
  staffScope(input.actor, 'update', 'staff');
  if (input.actor.siteIds !== 'all') throw forbidden();
  await db.transaction(async (tx) => {
    const before = await setRoleRequiresPasskey(tx, input.role, input.required, clock.now());
    await recordAudit(tx, input.who, {
      action: 'staff_role.update',
      objectType: 'staff_role',
      objectId: input.role,
      before: { require_passkey: before },
      after: { require_passkey: input.required },
    });
  });
  return { role: input.role, require_passkey: input.required };
}
