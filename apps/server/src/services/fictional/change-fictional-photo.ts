import type { AdminFictionalPhotoUpdateBody } from '@app/contracts';
import { lockFictionalProfile } from '../../db/repositories/fictional-profiles.js';
import {
  deletePhotoRow,
  ensureMainPhoto,
  filesInUse,
  findOwnPhoto,
  movePhoto,
  setMainPhoto,
  setPhotoPrivacy,
} from '../../db/repositories/photos.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { copyPhotoFiles, photoFiles } from '../photos/private-photos.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { type FictionalPhotos, readFictionalPhotos } from './fictional-photos.js';
import { loadFictionalFor } from './load-fictional.js';

/**
 * Changes one photo of fictional profile `body.id` (issue: back office II), as a member changes their
 * own (services/photos/update-own-photo.ts): main image, private or public (new file names, so a URL
 * that was public never shows it once private), position. The change and the audit entry
 * `fictional.photo_update` are stored in one transaction; old files are removed after the commit.
 * Admins only. Answers the profile's photos after the change.
 * @throws AppError forbidden (403); not_found (404) for a photo of another profile; validation_failed
 *   (400, data.reason 'main_photo_private') when the main image would become private; conflict (409)
 *   when the photo's privacy changed meanwhile
 */
export async function updateFictionalPhoto(
  { db, photoStore: store }: Pick<AppDeps, 'db' | 'photoStore'>,
  input: { actor: Actor; who: AuditWho; body: AdminFictionalPhotoUpdateBody },
): Promise<FictionalPhotos> {
  const { body } = input;
  const current = await loadFictionalFor(db, { actor: input.actor, action: 'update', id: body.id });
  const profileId = current.profile.id;
  const before = await findOwnPhoto(db, profileId, body.photo);
  if (!before) throw notFound();
  const privacyChanges = body.is_private !== undefined && body.is_private !== before.is_private;
  const willBeMain = body.main === true || current.profile.main_photo_id === before.id;
  // main_image shows on every card, so it is never a private photo (SPEC.md 6).
  if ((body.is_private ?? before.is_private) && willBeMain) {
    throw validationFailed({ field: 'is_private', reason: 'main_photo_private' });
  }
  const files = photoFiles(before);
  const next = privacyChanges ? await copyPhotoFiles(store, files, body.is_private === true) : null;
  try {
    await db.transaction(async (tx) => {
      if (!(await lockFictionalProfile(tx, profileId))) throw notFound();
      const found = await findOwnPhoto(tx, profileId, body.photo);
      if (!found) throw notFound();
      if (next && !(await setPhotoPrivacy(tx, found.id, body.is_private === true, files, next))) {
        throw new AppError('conflict', 409);
      }
      if (body.main) await setMainPhoto(tx, profileId, found.id);
      else if (body.is_private === false) await ensureMainPhoto(tx, profileId);
      if (body.position !== undefined) await movePhoto(tx, profileId, found.id, body.position);
      await recordAudit(tx, input.who, {
        action: 'fictional.photo_update',
        objectType: 'fictional_profile',
        objectId: profileId,
        siteId: current.site.id,
        before: { photo_id: found.id, is_private: found.is_private, position: found.position },
        after: { photo_id: found.id, ...body },
      });
    });
  } catch (err) {
    if (next) await store.remove(Object.values(next)).catch(() => undefined);
    throw err;
  }
  if (next) await store.remove(Object.values(files)).catch(() => undefined);
  return readFictionalPhotos(db, current.site, profileId);
}

/**
 * Deletes one photo of fictional profile `id` and its files (issue: back office II); when it was the
 * main image the next public photo becomes it. The deletion and the audit entry
 * `fictional.photo_delete` are stored in one transaction, the files removed after the commit. Admins
 * only. Answers the profile's photos after the deletion.
 * @throws AppError forbidden (403); not_found (404) for a photo of another profile
 */
export async function deleteFictionalPhoto(
  { db, photoStore: store }: Pick<AppDeps, 'db' | 'photoStore'>,
  input: { actor: Actor; who: AuditWho; id: number; photo: number },
): Promise<FictionalPhotos> {
  const current = await loadFictionalFor(db, { actor: input.actor, action: 'update', id: input.id });
  const profileId = current.profile.id;
  const photo = await db.transaction(async (tx) => {
    if (!(await lockFictionalProfile(tx, profileId))) throw notFound();
    const found = await findOwnPhoto(tx, profileId, input.photo);
    if (!found) throw notFound();
    await deletePhotoRow(tx, found.id);
    await ensureMainPhoto(tx, profileId);
    await recordAudit(tx, input.who, {
      action: 'fictional.photo_delete',
      objectType: 'fictional_profile',
      objectId: profileId,
      siteId: current.site.id,
      before: { photo_id: found.id, is_private: found.is_private, files: photoFiles(found) },
    });
    return found;
  });
  // After the commit: a failed removal leaves an orphan file, never a row without files. Seeded
  // profiles may share picture files, so files another photo still names stay.
  const names = Object.values(photoFiles(photo));
  const used = await filesInUse(db, names);
  await store.remove(names.filter((n) => !used.has(n))).catch(() => undefined);
  return readFictionalPhotos(db, current.site, profileId);
}
