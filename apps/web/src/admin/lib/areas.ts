import type { StaffRoleName } from '@app/contracts';

/**
 * The areas of the back office and the roles that see them (issues: back office I and II; the server's
 * policies decide, this only hides what a role cannot open). `key` names the catalogue entry
 * `nav.<key>` and the path `/admin/<key>`.
 */
export const ADMIN_AREAS: readonly { key: string; roles: readonly StaffRoleName[] }[] = [
  { key: 'dashboard', roles: ['admin'] },
  { key: 'inbox', roles: ['admin', 'operator'] },
  { key: 'photos', roles: ['admin', 'moderator'] },
  { key: 'verifications', roles: ['admin', 'moderator'] },
  { key: 'reports', roles: ['admin', 'moderator'] },
  { key: 'signals', roles: ['admin', 'moderator'] },
  { key: 'members', roles: ['admin', 'moderator', 'support'] },
  { key: 'complaints', roles: ['admin', 'moderator', 'support'] },
  { key: 'payments', roles: ['admin', 'support'] },
  { key: 'fictional', roles: ['admin'] },
  { key: 'sites', roles: ['admin'] },
  { key: 'shop', roles: ['admin'] },
  { key: 'staff', roles: ['admin'] },
  { key: 'audit', roles: ['admin'] },
];

/** The areas `role` sees, in menu order. */
export function areasFor(role: StaffRoleName): string[] {
  return ADMIN_AREAS.filter((a) => a.roles.includes(role)).map((a) => a.key);
}
