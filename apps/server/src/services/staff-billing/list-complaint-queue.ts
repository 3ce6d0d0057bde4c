import type { ComplaintStatus } from '@app/contracts';
import { BILLING_PAGE_SIZE } from '@app/contracts';
import { listStaffComplaints, type Paged, type StaffComplaintRow } from '../../db/repositories/admin-billing.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';

/**
 * The back office's complaint queue (issue: back office I; GET /api/admin/complaints.php): one page
 * (1-based, BILLING_PAGE_SIZE rows) of the complaints on the actor's sites, or on `siteId`, optionally
 * of one `status`. Unanswered complaints (new, in progress) come first, oldest first, so the queue is
 * worked from the front; answered ones follow, newest first. Rows carry their member.
 * @throws AppError forbidden (403) for a role that may not view complaints (operator); not_found (404)
 *   for a `siteId` outside the actor's sites
 */
export function listComplaintQueue(
  { db }: Pick<AppDeps, 'db'>,
  input: { actor: Actor; status?: ComplaintStatus; siteId?: number; page: number },
): Promise<Paged<StaffComplaintRow>> {
  const { siteIds } = staffScope(input.actor, 'view', 'complaint', input.siteId);
  return listStaffComplaints(
    db,
    { scope: siteIds, ...(input.status ? { status: input.status } : {}) },
    { limit: BILLING_PAGE_SIZE, offset: (input.page - 1) * BILLING_PAGE_SIZE },
  );
}
