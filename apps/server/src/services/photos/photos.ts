import type { PhotoRow } from '../../db/repositories/profiles.js';

/** The member's own photos and the upload limits (presented by `presentOwnPhotoList`). */
export interface OwnPhotos {
  /** Every photo of the own profile, any status, by position. */
  photos: PhotoRow[];
  /** Photos the member may keep (3 free, 25 premium). */
  limit: number;
  maxMegabytes: number;
  maxMegapixels: number;
  /** Accepted MIME types. */
  types: string[];
}

/** MIME types the server's sharp decodes: HEIC only when its libheif has an HEVC decoder. */
export function acceptedPhotoTypes(heicDecodes: boolean): string[] {
  const types = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];
  return heicDecodes ? [...types, 'image/heic', 'image/heif'] : types;
}
