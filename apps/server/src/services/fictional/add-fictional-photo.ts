import { FICTIONAL_PHOTO_LIMIT } from '@app/contracts';
import { lockFictionalProfile } from '../../db/repositories/fictional-profiles.js';
import { countPhotos, ensureMainPhoto, insertPhoto } from '../../db/repositories/photos.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { freshPhotoName } from '../../storage/photo-names.js';
import { processPhoto } from '../photos/process-photo.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { type FictionalPhotos, readFictionalPhotos } from './fictional-photos.js';
import { loadFictionalFor } from './load-fictional.js';

const limitReached = () => new AppError('photo_limit_reached', 403, { limit: FICTIONAL_PHOTO_LIMIT });

/**
 * Adds an uploaded photo to fictional profile `id` through the members' photo pipeline
 * (services/photos/process-photo.ts; DECISIONS.md: decoded, re-encoded, metadata stripped, three
 * sizes): private files under private/ from the start. Staff made it, so it is approved at once. At
 * most FICTIONAL_PHOTO_LIMIT (25) photos; the first public photo becomes the main image. The row and
 * the audit entry `fictional.photo_add` are stored in one transaction; the files are removed again
 * when it fails. Admins only. Answers the profile's photos after the upload.
 * @throws AppError forbidden (403) for other roles, photo_limit_reached (403, data.limit);
 *   not_found (404); photo_invalid (400, data.reason)
 */
export async function addFictionalPhoto(
  deps: Pick<AppDeps, 'db' | 'config' | 'photoStore' | 'events'>,
  input: { actor: Actor; who: AuditWho; id: number; data: Buffer; isPrivate: boolean },
): Promise<FictionalPhotos> {
  const { db, config, photoStore: store } = deps;
  const current = await loadFictionalFor(db, { actor: input.actor, action: 'update', id: input.id });
  const profileId = current.profile.id;
  if ((await countPhotos(db, profileId)) >= FICTIONAL_PHOTO_LIMIT) throw limitReached();
  const processed = await processPhoto(input.data, config.photos);
  const sizes = [processed.full, processed.match, processed.thumb].map((s) =>
    input.isPrivate ? { ...s, name: freshPhotoName(s.name, true) } : s,
  );
  const [full, match, thumb] = sizes as [(typeof sizes)[number], (typeof sizes)[number], (typeof sizes)[number]];
  await Promise.all(sizes.map((s) => store.put(s.name, s.data, processed.contentType)));
  let row: Awaited<ReturnType<typeof insertPhoto>>;
  try {
    row = await db.transaction(async (tx) => {
      if (!(await lockFictionalProfile(tx, profileId))) throw notFound();
      if ((await countPhotos(tx, profileId)) >= FICTIONAL_PHOTO_LIMIT) throw limitReached();
      const inserted = await insertPhoto(
        tx,
        profileId,
        { filename: full.name, match_filename: match.name, thumb_filename: thumb.name },
        { status: 'approved', isPrivate: input.isPrivate },
      );
      await ensureMainPhoto(tx, profileId);
      await recordAudit(tx, input.who, {
        action: 'fictional.photo_add',
        objectType: 'fictional_profile',
        objectId: profileId,
        siteId: current.site.id,
        after: { photo_id: inserted.id, is_private: input.isPrivate },
      });
      return inserted;
    });
  } catch (err) {
    await store.remove(sizes.map((s) => s.name)).catch(() => undefined);
    throw err;
  }
  await deps.events.emit({
    type: 'photo_uploaded',
    profileId,
    photoId: row.id,
    isPrivate: input.isPrivate,
    status: row.status,
  });
  return readFictionalPhotos(db, current.site, profileId);
}
