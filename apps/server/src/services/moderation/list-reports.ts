import type { ReportStatus } from '@app/contracts';
import { type ReportWithParties, listReports as selectReports } from '../../db/repositories/reports.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';

/** Reports per page of the queue. */
export const REPORT_QUEUE_PAGE_SIZE = 25;

/**
 * The report queue (issue: back office I; DECISIONS.md: staff see reports in the back office):
 * reports on the actor's sites (or `siteId`) with `status` open (oldest first) or handled (newest
 * handled first), REPORT_QUEUE_PAGE_SIZE a page. Input: `{ actor, status, siteId?, page }`.
 * Moderators and admins.
 * @throws AppError forbidden (403) for roles that may not see reports; not_found (404) for a site
 *   outside the actor's
 */
export async function listReports(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; status: ReportStatus; siteId?: number | undefined; page: number },
): Promise<{ reports: ReportWithParties[]; more: boolean }> {
  const { siteIds } = staffScope(input.actor, 'view', 'report', input.siteId);
  const found = await selectReports(deps.db, {
    siteIds,
    status: input.status,
    limit: REPORT_QUEUE_PAGE_SIZE,
    offset: (input.page - 1) * REPORT_QUEUE_PAGE_SIZE,
  });
  return { reports: found.rows, more: found.more };
}
