import { REACTIVATION_DAYS } from '@app/contracts';
import { markPendingDeletionOnce } from '../../db/repositories/member-admin.js';
import { findSiteById } from '../../db/repositories/sites.js';
import { setOwnProfileStatus } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { sendMemberMail } from '../../mail/member-mail.js';
import type { Actor } from '../../policies/actor.js';
import { endAllSessions } from '../access/end-all-sessions.js';
import { issueToken } from '../access/user-tokens.js';
import { memberName } from '../profile/member-name.js';
import { linksFor } from '../sites/site-url.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { loadMemberFor } from './load-member.js';

/**
 * Deletes a member's account by the member's own rules (issue: back office I, members; SPEC.md 4,
 * DECISIONS.md GDPR; as services/access/request-deletion.ts without the password): in one
 * transaction the account becomes pending_deletion (one conditional UPDATE), the profile is hidden
 * (status deleted; a staff block stays), every session ends, a 14-day reactivation token is made and
 * `member.delete` is written to the audit log; then the member is mailed the reactivation link as
 * when they delete themselves. services/access/erasure.ts erases the data 14 days later. A banned
 * account is refused: reactivation would lift the ban (revoke the ban first).
 * @throws AppError forbidden (403) for support and operators; not_found (404) for an unknown member or
 *   one outside the actor's sites; conflict (409, data {reason: 'pending_deletion' | 'banned'}) when the
 *   account is already pending deletion or erased, or banned
 */
export async function deleteMemberAccount(
  { db, mailer, clock, config }: Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'>,
  input: { actor: Actor; who: AuditWho; userId: number },
): Promise<void> {
  const user = await loadMemberFor(db, { actor: input.actor, action: 'delete', userId: input.userId });
  if (user.status === 'banned') throw new AppError('conflict', 409, { reason: 'banned' });
  const site = await findSiteById(db, user.site_id);
  if (!site) throw notFound();
  const now = clock.now();
  const token = await db.transaction(async (tx) => {
    if (!(await markPendingDeletionOnce(tx, user.id, now))) {
      throw new AppError('conflict', 409, { reason: 'pending_deletion' });
    }
    await setOwnProfileStatus(tx, user.id, 'deleted', ['active', 'disabled']);
    await endAllSessions({ db: tx }, { userId: user.id });
    const issued = await issueToken(tx, user.id, 'reactivation', now);
    await recordAudit(tx, input.who, {
      action: 'member.delete',
      objectType: 'member',
      objectId: user.id,
      siteId: user.site_id,
      memberUserId: user.id,
      before: { status: user.status },
      after: { status: 'pending_deletion', sessions_ended: true },
    });
    return issued;
  });
  await sendMemberMail(mailer, site, {
    to: user.email,
    kind: 'deletion_confirmed',
    locale: user.language,
    memberName: await memberName(db, user.id),
    link: linksFor(site, config)('/account-deleted', { reactivate: token }),
    values: { days: REACTIVATION_DAYS },
  });
}
