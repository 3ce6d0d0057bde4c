import { findSiteById } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { beginDeletion, mailDeletionConfirmed } from '../access/request-deletion.js';
import { linksFor } from '../sites/site-url.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { loadMemberFor } from './load-member.js';

/**
 * Deletes a member's account by the member's own rules (issue: back office I, members; SPEC.md 4,
 * DECISIONS.md GDPR; services/access/request-deletion.ts without the password): in one transaction
 * `beginDeletion` (pending_deletion by one conditional UPDATE, profile hidden, sessions ended, a 14-day
 * reactivation token) and `member.delete` in the audit log; then the member is mailed the reactivation link as
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
  const token = await db.transaction(async (tx) => {
    const issued = await beginDeletion(tx, user.id, clock.now());
    if (!issued) throw new AppError('conflict', 409, { reason: 'pending_deletion' });
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
  await mailDeletionConfirmed({ db, mailer }, { site, user, token, links: linksFor(site, config) });
}
