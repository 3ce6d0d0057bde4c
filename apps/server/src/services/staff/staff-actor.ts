import type { SiteRow } from '../../db/repositories/sites.js';
import type { StaffRow } from '../../db/repositories/staff.js';
import { type Actor, STAFF_ROLES, type StaffRole } from '../../policies/actor.js';

/** Whether `value` names a staff role. */
export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

/** The policy actor of a staff account working on a request to `site`. */
export function staffActor(site: SiteRow, row: StaffRow): Extract<Actor, { kind: 'staff' }> {
  if (!isStaffRole(row.role)) throw new Error(`staff ${row.id} has an unknown role ${row.role}`);
  return { kind: 'staff', site, staffId: row.id, role: row.role, siteIds: row.site_ids ?? 'all' };
}
