import type { PhotoUpdateBody } from '@app/contracts';
import {
  ensureMainPhoto,
  findOwnPhoto,
  lockProfile,
  movePhoto,
  setMainPhoto,
  setPhotoPrivacy,
} from '../../db/repositories/photos.js';
import type { PhotoRow } from '../../db/repositories/profiles.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, photoResource } from '../../policies/policies.js';
import { requireOwnProfile } from '../profile/own-profile.js';
import { copyPhotoFiles, photoFiles } from './private-photos.js';

/**
 * Changes one of the member's photos: private or public (SPEC.md 6), main image (SPEC.md 3), position.
 * A change of privacy gives the photo's files new names (copied before the commit, the old files
 * removed after it), so a URL that was public never shows a photo that became private.
 * @throws AppError not_found when the photo is not the member's; validation_failed (data.reason
 *   'main_photo_private') when the main image would become private; conflict (409) when the photo's
 *   privacy changed meanwhile
 * Input: `{ actor, user, body }` (actor: the member, policies/actor.ts; body: the call's fields).
 * @returns the photo's row after the change (presented by `presentOwnPhoto`)
 */
export async function updateOwnPhoto(
  { db, photoStore: store }: Pick<AppDeps, 'db' | 'photoStore'>,
  { actor, user, body }: { actor: Actor; user: UserRow; body: PhotoUpdateBody },
): Promise<PhotoRow> {
  const { profile } = await requireOwnProfile(db, user);
  const before = await findOwnPhoto(db, profile.id, body.photo);
  if (!before) throw notFound();
  authorize(actor, 'update', photoResource({ photo: before, siteId: profile.site_id, ownerUserId: profile.user_id }));
  const privacyChanges = body.is_private !== undefined && body.is_private !== before.is_private;
  const willBeMain = body.main === true || profile.main_photo_id === before.id;
  // main_image shows on every card, so it can never be a private photo (SPEC.md 6).
  if ((body.is_private ?? before.is_private) && willBeMain) {
    throw validationFailed({ field: 'is_private', reason: 'main_photo_private' });
  }
  const current = photoFiles(before);
  const next = privacyChanges ? await copyPhotoFiles(store, current, body.is_private === true) : null;
  try {
    const updated = await db.transaction(async (tx) => {
      await lockProfile(tx, profile.id);
      const found = await findOwnPhoto(tx, profile.id, body.photo);
      if (!found) throw notFound();
      if (next && !(await setPhotoPrivacy(tx, found.id, body.is_private === true, current, next))) {
        throw new AppError('conflict', 409);
      }
      if (body.main) await setMainPhoto(tx, profile.id, found.id);
      else if (body.is_private === false) await ensureMainPhoto(tx, profile.id);
      if (body.position !== undefined) await movePhoto(tx, profile.id, found.id, body.position);
      return findOwnPhoto(tx, profile.id, found.id);
    });
    if (!updated) throw notFound();
    if (next) await store.remove(Object.values(current)).catch(() => undefined);
    return updated;
  } catch (err) {
    if (next) await store.remove(Object.values(next)).catch(() => undefined);
    throw err;
  }
}
