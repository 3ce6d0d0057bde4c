import type { PhotoSize } from '@app/contracts';
import type { PhotoFiles } from '../../db/repositories/photos.js';
import type { PhotoRow } from '../../db/repositories/profiles.js';
import { freshPhotoName } from '../../storage/photo-names.js';
import type { PhotoStore } from '../../storage/photo-store.js';

/** Seconds a browser may keep a private photo it was allowed to see (never a shared cache). */
export const PRIVATE_PHOTO_CACHE_SECONDS = 300;

/** The stored file of one size of a photo. */
export function fileOf(photo: PhotoRow, size: PhotoSize): string {
  if (size === 'thumb') return photo.thumb_filename;
  if (size === 'match') return photo.match_filename;
  return photo.filename;
}

/** Content type of a stored photo file by its extension. */
export function contentTypeOf(name: string): string {
  return name.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
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
