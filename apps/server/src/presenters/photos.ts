import type { Photo, PhotoList } from '@app/contracts';
import type { PhotoRow } from '../db/repositories/profiles.js';
import type { OwnPhotos } from '../services/photos/photos.js';
import { presentPhoto } from './profile.js';

/** One of the member's own photos as its owner sees it (SPEC.md 3, 6): never locked, with its status. */
export function presentOwnPhoto(photo: PhotoRow): Photo {
  return presentPhoto(photo, true);
}

/**
 * The PhotoList of SPEC.md 5 (GET /api/photos.php): `{ photos, limit, max_megabytes, max_megapixels,
 * types }`, sizes in megabytes and megapixels.
 */
export function presentOwnPhotoList(own: OwnPhotos): PhotoList {
  return {
    photos: own.photos.map(presentOwnPhoto),
    limit: own.limit,
    max_megabytes: own.maxMegabytes,
    max_megapixels: own.maxMegapixels,
    types: own.types,
  };
}
