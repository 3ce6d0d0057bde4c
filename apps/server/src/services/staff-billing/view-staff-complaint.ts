import {
  findStaffComplaint,
  findStaffPayment,
  type StaffComplaintDetailRow,
  type StaffPaymentRow,
} from '../../db/repositories/admin-billing.js';
import type { ComplaintRow } from '../../db/repositories/complaints.js';
import { listOtherMemberComplaints } from '../../db/repositories/complaints.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, can, complaintResource, paymentResource, staffScope } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';

/** Earlier complaints of the member shown beside a complaint. */
const EARLIER_LIMIT = 20;

/** A complaint as staff see it: the complaint and member, the linked payment, the member's other complaints. */
export interface StaffComplaintView extends StaffComplaintDetailRow {
  /** The linked payment; null without one, or when the actor's role may not view payments (moderator). */
  payment: StaffPaymentRow | null;
  /** The member's other complaints, newest first (at most 20). */
  earlier: ComplaintRow[];
}

/**
 * One complaint for the back office (issue: back office I; GET /api/admin/complaint.php): the
 * complaint in full, its member, the linked payment when the actor may view payments, and the
 * member's earlier complaints. The read of the member's private data is audited (`complaint.view`)
 * before it is answered. Input: `{ actor, who, id }`.
 * @throws AppError forbidden (403) for a role that may not view complaints; not_found (404) for an
 *   unknown complaint or one on a site outside the actor's
 */
export async function viewStaffComplaint(
  { db }: Pick<AppDeps, 'db'>,
  input: { actor: Actor; who: AuditWho; id: number },
): Promise<StaffComplaintView> {
  staffScope(input.actor, 'view', 'complaint');
  const found = await findStaffComplaint(db, input.id);
  if (!found) throw notFound();
  authorize(input.actor, 'view', complaintResource(found.complaint));
  const linked = found.complaint.payment_id ? await findStaffPayment(db, found.complaint.payment_id) : null;
  const payment = linked && can(input.actor, 'view', paymentResource(linked.payment)) ? linked : null;
  const earlier = await listOtherMemberComplaints(db, found.complaint.user_id, found.complaint.id, EARLIER_LIMIT);
  await recordAudit(db, input.who, {
    action: 'complaint.view',
    objectType: 'complaint',
    objectId: found.complaint.id,
    siteId: found.complaint.site_id,
    memberUserId: found.complaint.user_id,
  });
  return { ...found, payment, earlier };
}
