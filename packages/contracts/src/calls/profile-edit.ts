import { z } from 'zod';
import { ProfileUpdateSchema } from '../access.js';
import {
  GeocodeQuerySchema,
  GeocodeResponseSchema,
  PhotoDeleteBodySchema,
  PhotoListSchema,
  PhotoUpdateBodySchema,
  PhotoUploadFieldsSchema,
  PRIVATE_PHOTO_PATH,
  PrivatePhotoQuerySchema,
} from '../photos.js';
import { PhotoSchema, ProfileSchema } from '../profile.js';
import { OkSchema } from '../user.js';
import { defineCall } from './define.js';

const tags = ['profile'] as const;

/** Own profile editing, photos (upload, private photos) and reverse geocoding (SPEC.md 2, 3, 5, 6). */
export const profileEditCalls = {
  /** PUT /api/profile.php: saves fields (partial); answers the Profile as its owner sees it; 400 data.field. */
  updateProfile: defineCall({
    method: 'PUT',
    path: '/api/profile.php',
    kind: 'json',
    body: ProfileUpdateSchema,
    response: ProfileSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Save fields of the own profile (partial); answers the Profile as its owner sees it',
    description:
      'Validation (400 validation_failed, data.field): date_of_birth a real date (date_of_birth_invalid) ' +
      'and 18+ (date_of_birth_required); interests from GET /api/interests.php; country of the site; ' +
      'region of that country (GET /api/regions.php); name not starting with @ and not the email.',
  }),
  /** GET /api/photos.php: own photos (any status) with the photo limit, size limit (MB) and accepted types. */
  ownPhotos: defineCall({
    method: 'GET',
    path: '/api/photos.php',
    kind: 'json',
    response: PhotoListSchema,
    errors: [403],
    tags,
    summary: 'Own photos (any status) with the photo limit, size limit and accepted types',
  }),
  /**
   * POST /api/photos.php, multipart `file` and `is_private`: the stored Photo. 400 photo_invalid, 413
   * photo_too_large (data.megabytes), 403 photo_limit_reached (data.limit 3 free, 25 premium).
   */
  uploadPhoto: defineCall({
    method: 'POST',
    path: '/api/photos.php',
    kind: 'multipart',
    fields: PhotoUploadFieldsSchema,
    response: PhotoSchema,
    errors: [400, 403, 404, 413],
    tags,
    summary: 'Upload a photo: multipart/form-data with `file` and optional `is_private` (true|false)',
    description:
      'Decoded and re-encoded without metadata (EXIF/GPS stripped) in three sizes. 400 photo_invalid ' +
      '(data.reason: not_an_image, unsupported_format, too_many_pixels, undecodable, no_file); 413 ' +
      'photo_too_large (data.megabytes); 403 photo_limit_reached (data.limit: 3 free, 25 premium, ' +
      'photos awaiting approval count). Status is approved when the site approves automatically.',
  }),
  /** PUT /api/photos.php: private/public, main image, position; 400 main_photo_private. */
  updatePhoto: defineCall({
    method: 'PUT',
    path: '/api/photos.php',
    kind: 'json',
    body: PhotoUpdateBodySchema,
    response: PhotoSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Change an own photo: private/public, main image, position',
    description: 'The main image is never private: 400 validation_failed with data.reason main_photo_private.',
  }),
  /** GET /api/private-photo.php?photo=&size=: the image bytes, for the owner and premium members (SPEC.md 6). */
  privatePhoto: defineCall({
    method: 'GET',
    path: PRIVATE_PHOTO_PATH,
    kind: 'binary',
    query: PrivatePhotoQuerySchema,
    response: z.unknown().describe('the image (image/jpeg or image/webp)'),
    errors: [400, 403, 404],
    tags,
    summary: 'One size of a private photo, for its owner and premium members (SPEC.md 6)',
    description:
      'Private photos are never under the public cdn_prefix; their sizes in Photo are paths of this call. ' +
      'Answers the image (Cache-Control: private, never shared caches). 403 authentication_required for ' +
      'visitors, 403 premium_required for free members, 404 for public, unapproved, blocked or foreign photos.',
  }),
  /** DELETE /api/photos.php {photo}: the next public photo becomes the main image. */
  deletePhoto: defineCall({
    method: 'DELETE',
    path: '/api/photos.php',
    kind: 'json',
    body: PhotoDeleteBodySchema,
    response: OkSchema,
    errors: [400, 403, 404],
    tags,
    summary: 'Delete an own photo; the next public photo becomes the main image',
  }),
  /** GET /api/geocode.php?lat=&lon= (decimal degrees): the nearest city, or false beyond 50 km or on error. */
  geocode: defineCall({
    method: 'GET',
    path: '/api/geocode.php',
    kind: 'json',
    query: GeocodeQuerySchema,
    response: GeocodeResponseSchema,
    errors: [400],
    tags,
    summary: 'Nearest city of a position (offline GeoNames data); false when none within 50 km',
  }),
};
