import type { PhotoSize } from '@app/contracts';
import { isBlockedEitherWay } from '../../db/repositories/blocks.js';
import {
  filesInUse,
  findPhotoWithOwner,
  listPrivatePhotosWithPublicNames,
  type PhotoFiles,
  setPhotoPrivacy,
} from '../../db/repositories/photos.js';
import { findProfileByUserId, type PhotoRow } from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { AppError, authenticationRequired, notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, photoResource, profileResource } from '../../policies/policies.js';
import { freshPhotoName } from '../../storage/photo-names.js';
import type { PhotoStore } from '../../storage/photo-store.js';

/** Seconds a browser may keep a private photo it was allowed to see (never a shared cache). */
export const PRIVATE_PHOTO_CACHE_SECONDS = 300;

/** The stored file of one size of a photo. */
function fileOf(photo: PhotoRow, size: PhotoSize): string {
  if (size === 'thumb') return photo.thumb_filename;
  if (size === 'match') return photo.match_filename;
  return photo.filename;
}

/** Content type of a stored photo file by its extension. */
function contentTypeOf(name: string): string {
  return name.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
}

/**
 * One size of a private photo for `viewer` (GET /api/private-photo.php; SPEC.md 6: private photos
 * are for paid members). Allowed: the owner (any status), or a premium member of the photo's site
 * whose profile and the owner's are not blocked either way, once the photo is approved and the
 * owner's profile active. A public photo is served from the photo store's public URL instead.
 * Returns the bytes and their content type. Input: `{ site, actor, photo, size }` (actor: who asks,
 * policies/actor.ts; photo: the photo id). The policy is consulted after the checks above, which
 * keep the premium_required answer for free members.
 * @throws AppError authentication_required (403) for visitors; premium_required (403) for free
 *   members; not_found (404) for an unknown, public, foreign-site, unapproved or blocked photo
 */
export async function readPrivatePhoto(
  { db, photoStore }: Pick<AppDeps, 'db' | 'photoStore'>,
  input: { site: SiteRow; actor: Actor; photo: number; size: PhotoSize },
): Promise<{ data: Buffer; contentType: string }> {
  const { site, actor } = input;
  if (actor.kind !== 'member') throw authenticationRequired();
  const viewer = actor.user;
  const found = await findPhotoWithOwner(db, input.photo);
  if (!found?.photo.is_private || found.siteId !== site.id) throw notFound();
  const isOwner = found.ownerUserId === viewer.id;
  if (!isOwner) {
    if (found.photo.status !== 'approved' || found.profileStatus !== 'active') throw notFound();
    if (!viewer.paid_user) throw new AppError('premium_required', 403, { reason: 'private_photos' });
    const own = await findProfileByUserId(db, viewer.id);
    if (!own || (await isBlockedEitherWay(db, own.profile.id, found.photo.profile_id))) throw notFound();
    authorize(
      actor,
      'view',
      profileResource({ site_id: found.siteId, user_id: found.ownerUserId, status: found.profileStatus }),
    );
  }
  authorize(actor, 'view', photoResource(found));
  const name = fileOf(found.photo, input.size);
  const data = await photoStore.read(name);
  if (!data) throw notFound();
  return { data, contentType: contentTypeOf(name) };
}

/**
 * Copies a photo's three files to fresh names for `isPrivate` (private/… or public), so a URL that
 * was public never shows the photo once it is private. Returns the new names; the caller stores
 * them (setPhotoPrivacy) and removes the old files after the commit, or removes the copies on failure.
 * @throws when the store cannot read or write a file
 */
export async function copyPhotoFiles(store: PhotoStore, photo: PhotoFiles, isPrivate: boolean): Promise<PhotoFiles> {
  const next: PhotoFiles = {
    filename: freshPhotoName(photo.filename, isPrivate),
    match_filename: freshPhotoName(photo.match_filename, isPrivate),
    thumb_filename: freshPhotoName(photo.thumb_filename, isPrivate),
  };
  const pairs = [
    [photo.filename, next.filename],
    [photo.match_filename, next.match_filename],
    [photo.thumb_filename, next.thumb_filename],
  ] as const;
  try {
    await Promise.all(
      pairs.map(async ([from, to]) => {
        const data = await store.read(from);
        if (data) await store.put(to, data, contentTypeOf(to));
      }),
    );
  } catch (err) {
    await store.remove(Object.values(next)).catch(() => undefined);
    throw err;
  }
  return next;
}

/** The three file names of a photo. */
export function photoFiles(photo: PhotoFiles): PhotoFiles {
  return { filename: photo.filename, match_filename: photo.match_filename, thumb_filename: photo.thumb_filename };
}

/**
 * Moves private photos whose files still carry public names (stored before private files were
 * kept apart) to private names, in batches, at start. The old files are removed unless another
 * photo uses them too (large demo seeds share pictures). Returns how many photos were moved; a
 * photo changed meanwhile is left for the next start. Input: `{ batchSize? }`, photos per batch (100).
 * @throws when the store cannot read or write a file
 */
export async function securePrivatePhotos(
  { db, photoStore: store }: Pick<AppDeps, 'db' | 'photoStore'>,
  { batchSize = 100 }: { batchSize?: number } = {},
): Promise<number> {
  let moved = 0;
  for (;;) {
    const batch = await listPrivatePhotosWithPublicNames(db, batchSize);
    if (batch.length === 0) return moved;
    let movedInBatch = 0;
    for (const photo of batch) {
      const current = photoFiles(photo);
      const next = await copyPhotoFiles(store, current, true);
      if (await setPhotoPrivacy(db, photo.id, true, current, next)) {
        const shared = await filesInUse(db, Object.values(current));
        await store.remove(Object.values(current).filter((n) => !shared.has(n))).catch(() => undefined);
        movedInBatch += 1;
      } else {
        await store.remove(Object.values(next)).catch(() => undefined);
      }
    }
    moved += movedInBatch;
    if (movedInBatch === 0) return moved;
  }
}
