import { randomUUID } from 'node:crypto';
import path from 'node:path';

/** Folder (and S3 key part) of private photos' files: never served by the public photo route or the CDN. */
export const PRIVATE_PHOTO_FOLDER = 'private';

/**
 * Whether `name` is a stored file name: a flat random name (`<uuid>.jpg`), the same inside the
 * private folder (`private/<uuid>.jpg`), or a gift picture (`gifts/<key>.png`). Anything else
 * (other folders, `..`, names starting with a dot) is refused.
 */
export function isPhotoName(name: string): boolean {
  return /^((private|gifts)\/)?[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) && !name.includes('..');
}

/** Whether a stored name is a private photo's file. */
export function isPrivatePhotoName(name: string): boolean {
  return name.startsWith(`${PRIVATE_PHOTO_FOLDER}/`);
}

/**
 * A new random name for a photo file, keeping its extension: `private/<uuid>.<ext>` for a private
 * photo, `<uuid>.<ext>` for a public one. A photo gets new names whenever its privacy changes, so a
 * URL that was public once never shows it after it became private.
 */
export function freshPhotoName(current: string, isPrivate: boolean): string {
  const name = `${randomUUID()}${path.extname(current)}`;
  return isPrivate ? `${PRIVATE_PHOTO_FOLDER}/${name}` : name;
}
