import { type OwnPhoto, PHOTO_REJECT_REASONS, type PhotoList, type PhotoRejectReason } from '@app/contracts';
import type { PhotoRow } from '../db/repositories/profiles.js';
import type { OwnPhotos } from '../services/photos/photos.js';
import { presentPhoto } from './profile.js';

/** A stored reject reason as the contract's code (an unknown stored value reads as `other`). */
export function presentRejectReason(reason: string | null): PhotoRejectReason | null {
  if (reason === null) return null;
  return (PHOTO_REJECT_REASONS as readonly string[]).includes(reason) ? (reason as PhotoRejectReason) : 'other';
}

/**
 * One of the member's own photos as its owner sees it (SPEC.md 3, 6): never locked, with its status
 * and, when staff rejected it, the reason code (the client shows it in the member's language).
 */
export function presentOwnPhoto(photo: PhotoRow): OwnPhoto {
  return {
    ...presentPhoto(photo, true),
    reject_reason: photo.status === 'rejected' ? presentRejectReason(photo.reject_reason) : null,
  };
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
