import {
  adminAccessCalls,
  type CallBodyInput,
  type CallQueryInput,
  type StaffAccount,
  type StaffRoleName,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** Query keys of the staff and audit screens (under the back office's `admin` prefix). */
export const accessKeys = {
  staff: ['admin', 'staff'] as const,
  audit: (query: AuditQuery) => ['admin', 'audit', query] as const,
};

/** GET /api/admin/staff.php: every staff account (admins only; 403 forbidden otherwise), oldest first. */
export const staffListQuery = queryOptions({
  queryKey: accessKeys.staff,
  queryFn: ({ signal }): Promise<StaffAccount[]> => call(adminAccessCalls.staffList, { signal }),
});

/** The query of GET /api/admin/audit.php as the client sends it (every filter optional, page 1-based). */
export type AuditQuery = NonNullable<CallQueryInput<typeof adminAccessCalls.audit>>;

/** GET /api/admin/audit.php: one page of the audit log, newest first, `{ entries, page, more }` (admins only). */
export const auditQuery = (query: AuditQuery) =>
  queryOptions({
    queryKey: accessKeys.audit(query),
    queryFn: ({ signal }) => call(adminAccessCalls.audit, { query, signal }),
  });

/** The body of POST /api/admin/staff.php: `{ email, name, role, site_ids (null: all sites), password }`. */
export type NewStaff = CallBodyInput<typeof adminAccessCalls.createStaff>;

/** POST /api/admin/staff.php: makes an account (it enrols its authenticator at its first login); answers it. */
export function createStaff(body: NewStaff): Promise<StaffAccount> {
  return call(adminAccessCalls.createStaff, { body });
}

/** What an admin changes on an account; a change of role, sites, state or authenticator ends its sessions. */
export interface StaffChange {
  role?: StaffRoleName;
  site_ids?: number[] | null;
  name?: string;
  disabled?: boolean;
  reset_totp?: boolean;
}

/** PUT /api/admin/staff.php `{ id, ...change }`: answers the changed account (404 unknown, 409 own role/state). */
export function updateStaff(id: number, change: StaffChange): Promise<StaffAccount> {
  return call(adminAccessCalls.updateStaff, { body: { id, ...change } });
}
