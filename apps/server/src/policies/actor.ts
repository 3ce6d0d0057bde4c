import type { SiteRow } from '../db/repositories/sites.js';
import type { UserRow } from '../db/repositories/users.js';

/**
 * Staff roles (back office, DECISIONS.md): admin (everything), moderator (members, photos, reports,
 * complaints), operator (fictional profiles' conversations only), support (members, complaints,
 * payments read-only).
 */
export const STAFF_ROLES = ['admin', 'moderator', 'operator', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Who makes a request, resolved once per request (http/context.ts) and handed to the policies:
 * - visitor: nobody is logged in on this site;
 * - member: a member of this site (`user`), premium when `user.paid_user`;
 * - staff: a back-office account with one role, limited to `siteIds` (`'all'` for every site).
 */
export type Actor =
  | { kind: 'visitor'; site: SiteRow }
  | { kind: 'member'; site: SiteRow; user: UserRow }
  | { kind: 'staff'; site: SiteRow; staffId: number; role: StaffRole; siteIds: readonly number[] | 'all' };

/** The actor of a member-side request: the member of the session, else a visitor of `site`. */
export function memberSideActor(site: SiteRow, user: UserRow | null): Actor {
  return user ? { kind: 'member', site, user } : { kind: 'visitor', site };
}
