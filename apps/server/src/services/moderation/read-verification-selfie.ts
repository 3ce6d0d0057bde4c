import { findAttemptWithProfile } from '../../db/repositories/verifications.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, staffScope } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';

/**
 * The selfie of an attempt for a moderator (GET /api/admin/verification-selfie.php; issue: verified
 * members): a member's private data, so every view is audited (`verification.view_selfie`) before
 * the bytes are answered. Moderators and admins of the profile's site (support may not).
 * Input: `{ actor, who, id }`. Returns the JPEG bytes.
 * @throws AppError forbidden (403); not_found (404) for an unknown attempt, one of another site, or
 *   a selfie already deleted (decided)
 */
export async function readVerificationSelfie(
  deps: Pick<AppDeps, 'db' | 'photoStore'>,
  input: { actor: Actor; who: AuditWho; id: number },
): Promise<Buffer> {
  staffScope(input.actor, 'moderate', 'profile');
  const found = await findAttemptWithProfile(deps.db, input.id);
  if (!found) throw notFound();
  authorize(input.actor, 'moderate', { type: 'profile', siteId: found.siteId, userId: found.userId, active: true });
  if (!found.attempt.selfie_filename) throw notFound();
  await recordAudit(deps.db, input.who, {
    action: 'verification.view_selfie',
    objectType: 'face_verification',
    objectId: input.id,
    siteId: found.siteId,
    memberUserId: found.userId,
  });
  const data = await deps.photoStore.read(found.attempt.selfie_filename);
  if (!data) throw notFound();
  return data;
}
