import type { ReportAction, ReportReason } from '@app/contracts';
import { findReport, markReportHandled, type ReportWithParties } from '../../db/repositories/reports.js';
import { findMemberWithProfile, findSanction, type SanctionWithStaff } from '../../db/repositories/sanctions.js';
import { findSiteById } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import { sendMemberMail } from '../../mail/member-mail.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, reportResource, staffScope } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { loadSanctionTarget } from './apply-sanction.js';
import { mailSanction, recordSanction, type SanctionTarget } from './sanction-rules.js';

/** What staff decided on a report: dismiss, or a sanction against the reported member. */
export interface ReportDecision {
  id: number;
  action: ReportAction;
  /** Suspension length in days (suspend only). */
  days?: number | undefined;
  /** Staff's words to the sanctioned member (in the sanction mail). */
  note?: string | undefined;
}

const handledAlready = () => new AppError('conflict', 409, { reason: 'handled_already' });

/** Tells the reporter, in their language, that their report was handled; never what was done. */
async function mailReporter(deps: Pick<AppDeps, 'db' | 'mailer'>, report: ReportWithParties): Promise<void> {
  const userId = report.report.reporter_user_id;
  const reporter = userId ? await findMemberWithProfile(deps.db, userId) : null;
  if (!reporter || reporter.user.erased_at) return;
  const site = await findSiteById(deps.db, reporter.user.site_id);
  if (!site) return;
  await sendMemberMail(deps.mailer, site, {
    to: reporter.user.email,
    kind: 'report_handled',
    locale: reporter.user.language,
    memberName: reporter.profile?.name ?? '',
  });
}

/**
 * Handles an open report (POST /api/admin/report.php; issue: back office I): `dismiss`, or a
 * sanction (warn, hide, suspend for `days`, ban) against the reported member, taken as
 * `applySanction` takes it (the account change, the member_sanctions row linked to the report,
 * `sanction.apply`). In the same transaction the report becomes handled with the outcome, audited as
 * `report.handle`. After the commit the member is mailed the sanction and the reporter
 * report_handled, which never says what was done. A report on a fictional profile (no account) can
 * only be dismissed: its conversations are staff's own (back office II). Moderators and admins of
 * the report's site. Input: `{ actor, who, decision }`. Returns the report after and the sanction.
 * @throws AppError forbidden (403) for roles that may not moderate reports; not_found (404) for an
 *   unknown report or one of another site; validation_failed (400, data.reason fictional_profile)
 *   for a sanction on a fictional profile; conflict (409) when the report was handled already or the
 *   member is banned or hidden already
 */
export async function handleReport(
  deps: Pick<AppDeps, 'db' | 'clock' | 'mailer'>,
  input: { actor: Actor; who: AuditWho; decision: ReportDecision },
): Promise<{ report: ReportWithParties; sanction: SanctionWithStaff | null }> {
  const { actor, who, decision } = input;
  staffScope(actor, 'moderate', 'report');
  const found = await findReport(deps.db, decision.id);
  if (!found) throw notFound();
  authorize(actor, 'moderate', reportResource(found.report));
  if (found.report.status !== 'open') throw handledAlready();
  const userId = found.reported.userId;
  let target: SanctionTarget | null = null;
  if (decision.action !== 'dismiss') {
    if (found.reported.fictional || userId === null) {
      throw validationFailed({ field: 'action', reason: 'fictional_profile' });
    }
    target = await loadSanctionTarget(deps, actor, userId);
  }
  const now = deps.clock.now();
  const sanction = await deps.db.transaction(async (tx) => {
    if (!(await markReportHandled(tx, found.report.id, { outcome: decision.action, staffId: who.staffId, at: now }))) {
      throw handledAlready();
    }
    const row =
      target && decision.action !== 'dismiss'
        ? await recordSanction(tx, {
            who,
            target,
            now,
            order: {
              kind: decision.action,
              reason: found.report.reason as ReportReason,
              note: decision.note || null,
              days: decision.days ?? null,
              reportId: found.report.id,
            },
          })
        : null;
    await recordAudit(tx, who, {
      action: 'report.handle',
      objectType: 'report',
      objectId: found.report.id,
      siteId: found.report.site_id,
      memberUserId: userId,
      before: { status: 'open' },
      after: { status: 'handled', outcome: decision.action, sanction_id: row?.id ?? null },
    });
    return row;
  });
  if (target && sanction) await mailSanction(deps, { target, sanction });
  await mailReporter(deps, found);
  const report = (await findReport(deps.db, found.report.id)) ?? found;
  return { report, sanction: sanction ? await findSanction(deps.db, sanction.id) : null };
}
