import { findReport, listReportsAgainst, type ReportWithParties } from '../../db/repositories/reports.js';
import {
  findMemberWithProfile,
  listMemberSanctions,
  listStaffNotes,
  type SanctionWithStaff,
  type StaffNoteRow,
} from '../../db/repositories/sanctions.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, reportResource, staffScope } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';

/** A report with what staff need to decide on it. */
export interface ReportView {
  report: ReportWithParties;
  /** The reported member's account; null for a fictional profile. */
  account: UserRow | null;
  /** Other reports against the same profile, newest first. */
  otherReports: ReportWithParties[];
  sanctions: SanctionWithStaff[];
  notes: StaffNoteRow[];
}

/**
 * One report for staff (GET /api/admin/report.php; issue: back office I): the report with its
 * evidence (copied messages), the reporter, and the reported member's history: other reports
 * against the profile, their sanctions, staff notes and account state (status, suspension). The
 * evidence and history are a member's private data: `report.view` is audited before the answer.
 * Input: `{ actor, who, id }`. Moderators and admins of the report's site.
 * @throws AppError forbidden (403) for roles that may not see reports; not_found (404) for an unknown
 *   report or one of another site
 */
export async function viewReport(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; who: AuditWho; id: number },
): Promise<ReportView> {
  staffScope(input.actor, 'view', 'report');
  const report = await findReport(deps.db, input.id);
  if (!report) throw notFound();
  authorize(input.actor, 'view', reportResource(report.report));
  const userId = report.reported.userId;
  const [member, otherReports, sanctions, notes] = await Promise.all([
    userId ? findMemberWithProfile(deps.db, userId) : null,
    listReportsAgainst(deps.db, report.report.reported_profile_id, report.report.id),
    userId ? listMemberSanctions(deps.db, userId) : [],
    userId ? listStaffNotes(deps.db, userId) : [],
  ]);
  await recordAudit(deps.db, input.who, {
    action: 'report.view',
    objectType: 'report',
    objectId: report.report.id,
    siteId: report.report.site_id,
    memberUserId: userId,
  });
  return { report, account: member?.user ?? null, otherReports, sanctions, notes };
}
