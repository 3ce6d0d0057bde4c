import { deletePhotoRow, ensureMainPhoto, findOwnPhoto, lockProfile } from '../../db/repositories/photos.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, photoResource } from '../../policies/policies.js';
import { requireOwnProfile } from '../profile/own-profile.js';

/**
 * Deletes one of the member's photos and its files. When it was the main image, the next photo
 * (by position) becomes the main image (SPEC.md 5). Input: `{ actor, user, photo }` (actor: the
 * member, policies/actor.ts; photo: the photo id).
 * @throws AppError not_found when the photo is not the member's (also from the policy)
 */
export async function deleteOwnPhoto(
  { db, photoStore: store }: Pick<AppDeps, 'db' | 'photoStore'>,
  { actor, user, photo: photoId }: { actor: Actor; user: UserRow; photo: number },
): Promise<void> {
  const { profile } = await requireOwnProfile(db, user);
  const photo = await db.transaction(async (tx) => {
    await lockProfile(tx, profile.id);
    const found = await findOwnPhoto(tx, profile.id, photoId);
    if (!found) throw notFound();
    authorize(actor, 'delete', photoResource({ photo: found, siteId: profile.site_id, ownerUserId: profile.user_id }));
    await deletePhotoRow(tx, found.id);
    await ensureMainPhoto(tx, profile.id);
    return found;
  });
  // After the commit: a failed file removal leaves an orphan file, never a row without files.
  await store.remove([photo.filename, photo.match_filename, photo.thumb_filename]).catch(() => undefined);
}
