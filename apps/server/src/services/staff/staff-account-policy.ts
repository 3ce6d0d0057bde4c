import { forbidden, notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { can, staffResource, staffScope } from '../../policies/policies.js';

/**
 * Who changes a staff account: a staff actor of the back office, or `null` for the command line
 * (`npm run staff`), which runs on the deployment itself and may do everything.
 */
export type StaffManager = Extract<Actor, { kind: 'staff' }> | null;

/**
 * Refuses `manager` unless it may make an account on `siteIds` (null: every site): the policy's
 * `can(actor, 'manage', staffResource)` (issue: staff stay inside their sites).
 * @throws AppError forbidden (403) for a role other than admin, or sites beyond the manager's own
 */
export function assertMayCreateStaff(manager: StaffManager, siteIds: readonly number[] | null): void {
  if (!manager) return;
  staffScope(manager, 'manage', 'staff');
  if (!can(manager, 'manage', staffResource({ id: null, site_ids: siteIds }))) throw forbidden();
}

/**
 * Refuses `manager` unless it may change `account` (before the change) into an account on
 * `nextSiteIds` (undefined: the sites stay).
 * @throws AppError forbidden (403) for a role other than admin or sites beyond the manager's own;
 *   not_found (404) for an account the manager may not see (so a refusal never tells it exists)
 */
export function assertMayChangeStaff(
  manager: StaffManager,
  account: { id: number; site_ids: readonly number[] | null },
  nextSiteIds: readonly number[] | null | undefined,
): void {
  if (!manager) return;
  staffScope(manager, 'manage', 'staff');
  if (!can(manager, 'view', staffResource(account))) throw notFound();
  // One's own account: a new name or second factor only (the caller refuses role, sites and state).
  if (account.id === manager.staffId) return;
  if (!can(manager, 'manage', staffResource(account))) throw forbidden();
  if (nextSiteIds !== undefined && !can(manager, 'manage', staffResource({ id: account.id, site_ids: nextSiteIds })))
    throw forbidden();
}
