import type { PhotoRejectReason } from '@app/contracts';
import {
  ensureMainPhoto,
  findPhotosWithOwner,
  replaceRejectedMain,
  setPhotoStatus,
} from '../../db/repositories/photos.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, photoResource, staffScope } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';

/** A decision on photos: approve, or reject with a reason the owner sees in their language. */
export interface PhotoDecision {
  ids: readonly number[];
  decision: 'approve' | 'reject';
  reason?: PhotoRejectReason | undefined;
}

/**
 * Approves or rejects photos (issue: back office I; DECISIONS.md: photos wait for staff approval),
 * from the queue or beside it (a photo approved before may be rejected, and the other way round).
 * In one transaction each photo whose state changes gets its status and `reject_reason` (null when
 * approved) and an audit entry `photo.approve` / `photo.reject` with before and after; a rejected
 * main image gives way to the profile's first public photo that is not rejected, and an approved
 * public photo becomes the main image of a profile without one. Approved photos show at the
 * visitors' next load (search, profiles, likes read approved photos only). `actor` null is the
 * command line (`npm run photos`), which may decide on every site.
 * Input: `{ actor, who, decision }`. Returns the ids of the photos that changed.
 * @throws AppError forbidden (403) for roles that may not moderate photos; not_found (404) when a
 *   photo is unknown or of a site outside the actor's (then nothing changes)
 */
export async function decidePhotos(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor | null; who: AuditWho; decision: PhotoDecision },
): Promise<number[]> {
  const { actor, who, decision } = input;
  if (actor) staffScope(actor, 'moderate', 'photo');
  const ids = [...new Set(decision.ids)];
  const found = await findPhotosWithOwner(deps.db, ids);
  if (found.length !== ids.length) throw notFound();
  if (actor) for (const row of found) authorize(actor, 'moderate', photoResource(row));
  const status = decision.decision === 'approve' ? 'approved' : 'rejected';
  const rejectReason = status === 'rejected' ? (decision.reason ?? 'other') : null;
  return deps.db.transaction(async (tx) => {
    const changed: number[] = [];
    for (const { photo, siteId, ownerUserId, mainPhotoId } of found) {
      if (photo.status === status && photo.reject_reason === rejectReason) continue;
      const after = await setPhotoStatus(tx, photo.id, photo.status, { status, rejectReason });
      if (!after) continue;
      if (status === 'rejected' && mainPhotoId === photo.id) await replaceRejectedMain(tx, photo.profile_id, photo.id);
      if (status === 'approved' && !photo.is_private) await ensureMainPhoto(tx, photo.profile_id);
      await recordAudit(tx, who, {
        action: status === 'approved' ? 'photo.approve' : 'photo.reject',
        objectType: 'photo',
        objectId: photo.id,
        siteId,
        memberUserId: ownerUserId,
        before: { status: photo.status, reject_reason: photo.reject_reason },
        after: { status, reject_reason: rejectReason },
      });
      changed.push(photo.id);
    }
    return changed;
  });
}
