import { listPhotosOfProfiles, listQueuedProfiles, type PhotoQueueProfile } from '../../db/repositories/photos.js';
import type { PhotoRow } from '../../db/repositories/profiles.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';

/** Profiles per page of the photo queue. */
export const PHOTO_QUEUE_PAGE_SIZE = 20;

/** One profile of the queue: its waiting photos (main image first, then oldest) and its other photos. */
export interface PhotoQueueEntry {
  profile: PhotoQueueProfile;
  waiting: PhotoRow[];
  /** Approved and rejected photos, private ones included, in display order. */
  others: PhotoRow[];
}

/** A page of the photo queue; `totalWaiting` counts the waiting photos of the whole queue. */
export interface PhotoQueue {
  entries: PhotoQueueEntry[];
  more: boolean;
  totalWaiting: number;
}

/** The highest explicit score first (unscored last; issue: explicit photos), then the waiting main image, then the oldest upload. */
function queueOrder(mainPhotoId: number | null) {
  return (a: PhotoRow, b: PhotoRow) =>
    (b.explicit_score ?? -1) - (a.explicit_score ?? -1) ||
    Number(b.id === mainPhotoId) - Number(a.id === mainPhotoId) ||
    a.created_at.getTime() - b.created_at.getTime() ||
    a.id - b.id;
}

/**
 * The photo queue (issue: back office I; DECISIONS.md: photos wait for staff approval): photos
 * awaiting approval on the actor's sites (or `siteId`), grouped per profile, by the highest explicit
 * score of their waiting photos (issue: explicit photos), then profiles whose main image waits, then
 * by their oldest waiting photo, PHOTO_QUEUE_PAGE_SIZE profiles a page; each
 * with the profile's other photos (approved, rejected, private ones too) to compare with.
 * Input: `{ actor, siteId?, page }` (page 1-based). Moderators and admins.
 * @throws AppError forbidden (403) for roles that may not moderate photos; not_found (404) for a site
 *   outside the actor's
 */
export async function listPhotoQueue(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; siteId?: number | undefined; page: number },
): Promise<PhotoQueue> {
  const { siteIds } = staffScope(input.actor, 'moderate', 'photo', input.siteId);
  const found = await listQueuedProfiles(deps.db, {
    siteIds,
    limit: PHOTO_QUEUE_PAGE_SIZE,
    offset: (input.page - 1) * PHOTO_QUEUE_PAGE_SIZE,
  });
  const photos = await listPhotosOfProfiles(
    deps.db,
    found.profiles.map((p) => p.profileId),
  );
  const entries = found.profiles.map((profile) => {
    const own = photos.filter((p) => p.profile_id === profile.profileId);
    return {
      profile,
      waiting: own.filter((p) => p.status === 'awaiting_approval').sort(queueOrder(profile.mainPhotoId)),
      others: own.filter((p) => p.status !== 'awaiting_approval'),
    };
  });
  return { entries, more: found.more, totalWaiting: found.totalWaiting };
}
