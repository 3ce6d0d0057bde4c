import { ADMIN_MEMBER_LEDGER_ROWS, ADMIN_MEMBER_PAYMENTS } from '@app/contracts';
import { type LedgerRow, listRecentLedger } from '../../db/repositories/credit-ledger.js';
import {
  listMemberReports,
  listMemberSanctions,
  listStaffNotes,
  type MemberReportRow,
  type MemberSanctionRow,
  type StaffNoteRow,
} from '../../db/repositories/member-admin.js';
import { listPayments, type PaymentRow } from '../../db/repositories/payments.js';
import { findProfileByUserId, listPhotos, type PhotoRow, type ProfileRow } from '../../db/repositories/profiles.js';
import { findSiteById, type SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { loadMemberFor } from './load-member.js';

/** Everything staff see of one member (the route presents it). */
export interface MemberDetail {
  user: UserRow;
  site: SiteRow;
  profile: ProfileRow | null;
  /** Every photo whatever its status, private ones too, in display order. */
  photos: PhotoRow[];
  /** The newest ADMIN_MEMBER_PAYMENTS payments. */
  payments: PaymentRow[];
  /** The newest ADMIN_MEMBER_LEDGER_ROWS ledger rows. */
  ledger: LedgerRow[];
  /** Reports against the member's profile and by the member, newest first. */
  reports: MemberReportRow[];
  sanctions: MemberSanctionRow[];
  notes: StaffNoteRow[];
}

/** Reports the detail lists. */
const REPORT_ROWS = 100;

/**
 * One member as the back office shows it (issue: back office I, members): account, profile, every
 * photo (private ones too), payments, credit ledger, reports against and by the member, sanctions and
 * staff notes. Private data: `member.view` is written to the audit log before the answer.
 * @throws AppError forbidden (403) for a role without members; not_found (404) for an unknown member
 *   or one of a site outside the actor's
 */
export async function viewMember(
  { db }: Pick<AppDeps, 'db'>,
  input: { actor: Actor; who: AuditWho; userId: number },
): Promise<MemberDetail> {
  const user = await loadMemberFor(db, { actor: input.actor, action: 'view', userId: input.userId });
  const site = await findSiteById(db, user.site_id);
  if (!site) throw notFound();
  const own = await findProfileByUserId(db, user.id);
  const profile = own?.profile ?? null;
  const [photos, payments, ledger, reports, sanctions, notes] = await Promise.all([
    profile ? listPhotos(db, profile.id, true) : Promise.resolve([]),
    listPayments(db, { userId: user.id, limit: ADMIN_MEMBER_PAYMENTS }),
    listRecentLedger(db, user.id, ADMIN_MEMBER_LEDGER_ROWS),
    listMemberReports(db, { userId: user.id, profileId: profile?.id ?? null, limit: REPORT_ROWS }),
    listMemberSanctions(db, user.id),
    listStaffNotes(db, user.id),
  ]);
  await recordAudit(db, input.who, {
    action: 'member.view',
    objectType: 'member',
    objectId: user.id,
    siteId: user.site_id,
    memberUserId: user.id,
    after: { private_photos: photos.filter((p) => p.is_private).map((p) => p.id) },
  });
  return { user, site, profile, photos, payments, ledger, reports, sanctions, notes };
}
