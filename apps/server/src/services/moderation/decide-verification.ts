import { decideAttempt, findAttemptWithProfile, verifyProfile } from '../../db/repositories/verifications.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, staffScope } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';

/**
 * A moderator's decision on a selfie the face model did not verify (POST /api/admin/verifications.php;
 * issue: verified members): approve gives the badge (tied to the current main image; never to a
 * fictional profile: such an approval is refused), reject does not. Either way the selfie file is
 * deleted after the commit: only the decision, its score and who decided are kept. Audited as
 * `verification.approve` / `verification.reject` with the score and pose.
 * Input: `{ actor, who, id, decision }`.
 * @returns the new status
 * @throws AppError forbidden (403) for roles that may not moderate profiles; not_found (404) for an
 *   unknown attempt or one of another site; conflict (409) when it no longer waits for review;
 *   validation_failed (400, data.reason fictional) approving a fictional profile
 */
export async function decideVerification(
  deps: Pick<AppDeps, 'db' | 'clock' | 'photoStore'>,
  input: { actor: Actor; who: AuditWho; id: number; decision: 'approve' | 'reject' },
): Promise<'verified' | 'rejected'> {
  staffScope(input.actor, 'moderate', 'profile');
  const found = await findAttemptWithProfile(deps.db, input.id);
  if (!found) throw notFound();
  authorize(input.actor, 'moderate', {
    type: 'profile',
    siteId: found.siteId,
    userId: found.userId,
    active: true,
  });
  if (found.attempt.status !== 'awaiting_review') throw new AppError('conflict', 409);
  const status = input.decision === 'approve' ? 'verified' : 'rejected';
  if (status === 'verified' && found.fictional) throw new AppError('validation_failed', 400, { reason: 'fictional' });
  const now = deps.clock.now();
  const before = await deps.db.transaction(async (tx) => {
    const was = await decideAttempt(tx, input.id, { status, staffId: input.who.staffId, now });
    if (!was) return null;
    if (status === 'verified') await verifyProfile(tx, found.profileId, now);
    await recordAudit(tx, input.who, {
      action: status === 'verified' ? 'verification.approve' : 'verification.reject',
      objectType: 'face_verification',
      objectId: input.id,
      siteId: found.siteId,
      memberUserId: found.userId,
      before: { status: was.status, score: was.score, face_found: was.face_found, pose: was.pose },
      after: { status },
    });
    return was;
  });
  if (!before) throw new AppError('conflict', 409);
  if (before.selfie_filename) await deps.photoStore.remove([before.selfie_filename]);
  return status;
}
