import {
  findMemberWithProfile,
  findSanction,
  markSanctionRevoked,
  type SanctionWithStaff,
} from '../../db/repositories/sanctions.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, memberResource, staffScope } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { mailSanction, restoreAccount } from './sanction-rules.js';

/**
 * Reverses a sanction (issue: back office I; admins only): in one transaction the sanction is
 * marked revoked (revoked_at, revoked_by), what it changed is restored from its `before` (unless
 * another unrevoked sanction of the kind still holds) and `sanction.revoke` is audited; after the
 * commit the member is mailed sanction_revoked in their language. A member whose ban or suspension
 * is revoked logs in again. Input: `{ actor, who, id }` (the sanction id).
 * @throws AppError forbidden (403) for roles other than admin; not_found (404) for an unknown
 *   sanction or one of another site; conflict (409, data.reason revoked_already) when it was revoked before
 */
export async function revokeSanction(
  deps: Pick<AppDeps, 'db' | 'clock' | 'mailer'>,
  input: { actor: Actor; who: AuditWho; id: number },
): Promise<SanctionWithStaff> {
  const { actor, who } = input;
  staffScope(actor, 'revoke', 'member');
  const found = await findSanction(deps.db, input.id);
  if (!found) throw notFound();
  const { sanction } = found;
  authorize(actor, 'revoke', memberResource({ site_id: sanction.site_id, id: sanction.user_id }));
  const now = deps.clock.now();
  const revoked = await deps.db.transaction(async (tx) => {
    const row = await markSanctionRevoked(tx, sanction.id, who.staffId, now);
    if (!row) throw new AppError('conflict', 409, { reason: 'revoked_already' });
    const after = await restoreAccount(tx, row, now);
    await recordAudit(tx, who, {
      action: 'sanction.revoke',
      objectType: 'sanction',
      objectId: row.id,
      siteId: row.site_id,
      memberUserId: row.user_id,
      before: { kind: row.kind, revoked_at: null },
      after: { ...after, revoked_at: now.toISOString() },
    });
    return row;
  });
  const target = await findMemberWithProfile(deps.db, revoked.user_id);
  if (target) await mailSanction(deps, { target, sanction: revoked, revoked: true });
  return { sanction: revoked, staffEmail: found.staffEmail };
}
