import { listPhotosOfProfiles } from '../../db/repositories/photos.js';
import type { PhotoRow } from '../../db/repositories/profiles.js';
import { listReviewQueue, type ReviewRow } from '../../db/repositories/verifications.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';

/** Selfies per page of the verification queue. */
export const VERIFICATION_QUEUE_PAGE_SIZE = 20;

/** One selfie waiting for review with the profile's approved photos (main image first). */
export interface VerificationQueueEntry {
  review: ReviewRow;
  photos: PhotoRow[];
}

/**
 * The verification queue (issue: verified members): attempts the face model did not verify (below
 * the threshold or no face), oldest selfie first, on the actor's sites (or `siteId`), each with the
 * profile's approved photos to compare with. Moderators and admins (moderate on profiles).
 * Input: `{ actor, siteId?, page }`.
 * @throws AppError forbidden (403) for roles that may not moderate profiles; not_found (404) for a
 *   site outside the actor's
 */
export async function listVerificationQueue(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; siteId?: number | undefined; page: number },
): Promise<{ entries: VerificationQueueEntry[]; more: boolean; total: number }> {
  const { siteIds } = staffScope(input.actor, 'moderate', 'profile', input.siteId);
  const found = await listReviewQueue(deps.db, {
    siteIds,
    limit: VERIFICATION_QUEUE_PAGE_SIZE,
    offset: (input.page - 1) * VERIFICATION_QUEUE_PAGE_SIZE,
  });
  const photos = await listPhotosOfProfiles(
    deps.db,
    found.rows.map((r) => r.profileId),
  );
  const entries = found.rows.map((review) => ({
    review,
    photos: photos
      .filter((p) => p.profile_id === review.profileId && p.status === 'approved')
      .sort((a, b) => Number(b.id === review.mainPhotoId) - Number(a.id === review.mainPhotoId)),
  }));
  return { entries, more: found.more, total: found.total };
}
