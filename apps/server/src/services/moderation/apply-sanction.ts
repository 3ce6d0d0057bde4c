import type { ReportReason, SanctionKind } from '@app/contracts';
import { findReport } from '../../db/repositories/reports.js';
import { findMemberWithProfile, findSanction, type SanctionWithStaff } from '../../db/repositories/sanctions.js';
import type { AppDeps } from '../../deps.js';
import { notFound, validationFailed } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, memberResource, reportResource, staffScope } from '../../policies/policies.js';
import type { AuditWho } from '../staff/audit.js';
import { mailSanction, recordSanction, type SanctionTarget } from './sanction-rules.js';

/** A measure against a member as staff ask for it (POST /api/admin/sanctions.php). */
export interface SanctionRequest {
  userId: number;
  kind: SanctionKind;
  reason: ReportReason;
  note?: string | undefined;
  /** Suspension length in days (suspend only). */
  days?: number | undefined;
  /** The report this measure answers. */
  reportId?: number | undefined;
}

/**
 * The member a sanction may be taken against: an account of one of the actor's sites that is not
 * erased (a fictional profile has no account, so it can never be one).
 * @throws AppError not_found (404) for an unknown or erased account, or one of another site
 */
export async function loadSanctionTarget(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  userId: number,
): Promise<SanctionTarget> {
  const found = await findMemberWithProfile(deps.db, userId);
  if (!found || found.user.erased_at) throw notFound();
  authorize(actor, 'moderate', memberResource(found.user));
  return found;
}

/**
 * Takes a measure against a member (issue: back office I, moderation): warn (a mail), hide (the
 * profile is shown to nobody else), suspend for `days` (login refused with 403 account_suspended
 * until then, sessions end) or ban (login refused with 403 account_banned, sessions end). In one
 * transaction the account changes, a member_sanctions row keeps what it changed (`before`) and
 * `sanction.apply` is audited; after the commit the member is mailed in their language
 * (sanction_<kind>, with the reason's label and staff's note). Moderators and admins of the member's site.
 * Input: `{ actor, who, request }`. Returns the sanction with the staff e-mail.
 * @throws AppError forbidden (403) for roles that may not sanction; not_found (404) for a member or
 *   report outside the actor's sites; validation_failed (400) for a report about someone else or a
 *   hide without a profile; conflict (409) when the member is banned or hidden already
 */
export async function applySanction(
  deps: Pick<AppDeps, 'db' | 'clock' | 'mailer'>,
  input: { actor: Actor; who: AuditWho; request: SanctionRequest },
): Promise<SanctionWithStaff> {
  const { actor, who, request } = input;
  staffScope(actor, 'moderate', 'member');
  const target = await loadSanctionTarget(deps, actor, request.userId);
  if (request.reportId !== undefined) {
    const report = await findReport(deps.db, request.reportId);
    if (!report) throw notFound();
    authorize(actor, 'moderate', reportResource(report.report));
    if (report.reported.userId !== target.user.id) throw validationFailed({ field: 'report_id' });
  }
  const now = deps.clock.now();
  const row = await deps.db.transaction((tx) =>
    recordSanction(tx, {
      who,
      target,
      now,
      order: {
        kind: request.kind,
        reason: request.reason,
        note: request.note || null,
        days: request.days ?? null,
        reportId: request.reportId ?? null,
      },
    }),
  );
  await mailSanction(deps, { target, sanction: row });
  return (await findSanction(deps.db, row.id)) ?? { sanction: row, staffEmail: who.staffEmail };
}
