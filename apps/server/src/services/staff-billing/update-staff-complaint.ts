import type { ComplaintStatus } from '@app/contracts';
import { findStaffComplaint, type StaffComplaintDetailRow } from '../../db/repositories/admin-billing.js';
import {
  type ComplaintChange,
  type ComplaintRow,
  lockComplaint,
  updateComplaint,
} from '../../db/repositories/complaints.js';
import { findProfileByUserId } from '../../db/repositories/profiles.js';
import { findSiteById } from '../../db/repositories/sites.js';
import { findUserById } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { translate } from '../../i18n.js';
import { sendMemberMail } from '../../mail/member-mail.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, complaintResource, staffScope } from '../../policies/policies.js';
import { siteUrl } from '../sites/site-url.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';

/** What a complaint change does: take it up (`in_progress`) or answer it (`answer`). */
export type ComplaintUpdate = { status: 'in_progress' } | { answer: string };

/** The change to store, or null when the complaint already is so (a repeated call changes nothing). */
function changeFor(
  before: ComplaintRow,
  update: ComplaintUpdate,
  staffId: number | null,
  now: Date,
): ComplaintChange | null {
  if ('answer' in update) {
    if (before.status === 'answered' && before.answer === update.answer) return null;
    return { status: 'answered', answer: update.answer, answered_at: now, answered_by: staffId };
  }
  // Taking an answered complaint up again keeps its answer: the member still sees it.
  return before.status === update.status ? null : { status: update.status };
}

/** What the audit log keeps of a complaint's state. */
function auditView(row: ComplaintRow) {
  return {
    status: row.status as ComplaintStatus,
    answer: row.answer,
    answered_at: row.answered_at?.toISOString() ?? null,
    answered_by: row.answered_by,
  };
}

/**
 * Staff change a complaint (issue: back office I; PUT /api/admin/complaint.php): `{status:
 * 'in_progress'}` takes it up; `{answer}` (1..5000 characters) sets it answered with answered_at/by
 * and mails `complaint_answered` to the member in the member's language (topic and answer, a button
 * to /complaints), through the mailer in the same transaction as the change and its `complaint.update`
 * audit entry (before/after), so the three commit together. Repeating the same change changes, mails
 * and audits nothing. A member whose account was erased is not mailed.
 * Returns the complaint after the change and whether a mail went out.
 * @throws AppError forbidden (403) for a role that may not update complaints; not_found (404) for an
 *   unknown complaint or one on a site outside the actor's
 */
export async function updateStaffComplaint(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'>,
  input: { actor: Actor; who: AuditWho; id: number; update: ComplaintUpdate },
): Promise<{ complaint: StaffComplaintDetailRow; mailed: boolean }> {
  const { db, mailer, config } = deps;
  staffScope(input.actor, 'update', 'complaint');
  const found = await findStaffComplaint(db, input.id);
  if (!found) throw notFound();
  authorize(input.actor, 'update', complaintResource(found.complaint));
  const [site, user, own] = [
    await findSiteById(db, found.complaint.site_id),
    await findUserById(db, found.complaint.user_id),
    await findProfileByUserId(db, found.complaint.user_id),
  ];
  if (!site || !user) throw notFound();
  const now = deps.clock.now();

  const mailed = await db.transaction(async (tx) => {
    const before = await lockComplaint(tx, input.id);
    if (!before) throw notFound();
    const change = changeFor(before, input.update, input.who.staffId, now);
    if (!change) return false;
    const after = await updateComplaint(tx, input.id, change);
    if (!after) throw notFound();
    await recordAudit(tx, input.who, {
      action: 'complaint.update',
      objectType: 'complaint',
      objectId: after.id,
      siteId: after.site_id,
      memberUserId: after.user_id,
      before: auditView(before),
      after: auditView(after),
    });
    if (!('answer' in input.update) || user.erased_at) return false;
    await sendMemberMail(
      mailer,
      site,
      {
        to: user.email,
        kind: 'complaint_answered',
        locale: user.language,
        memberName: own?.profile.name ?? '',
        link: siteUrl(site, config, '/complaints'),
        values: {
          topic: translate(user.language, 'mail', `complaint_topic_${after.topic}`),
          answer: input.update.answer,
        },
      },
      { tx },
    );
    return true;
  });
  const complaint = await findStaffComplaint(db, input.id);
  if (!complaint) throw notFound();
  return { complaint, mailed };
}
