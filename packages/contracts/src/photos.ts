import { z } from 'zod';
import { PHOTO_REJECT_REASONS } from './admin/moderation.js';
import { PhotoSchema } from './profile.js';
import { text } from './text.js';

/**
 * Calls of the own photos (SPEC.md 2 profile, 5 photo limits, 6 private photos) and of the
 * reverse geocoder behind "use my location" (SPEC.md 4 geolocation).
 */

/** Upload size limit the server applies unless PHOTO_MAX_MB says otherwise, in megabytes. */
export const DEFAULT_PHOTO_MAX_MB = 15;
/** Pixel limit of an uploaded photo unless PHOTO_MAX_MEGAPIXELS says otherwise, in megapixels. */
export const DEFAULT_PHOTO_MAX_MEGAPIXELS = 40;
/** MIME types the upload accepts; HEIC only where the server's decoder can (docs/decisions/005-photos.md). */
export const PHOTO_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/heic',
  'image/heif',
] as const;

/** Multipart fields of POST /api/photos.php besides `file`. */
export const PhotoUploadFieldsSchema = z
  .object({ is_private: z.enum(['true', 'false']).optional() })
  .meta({ id: 'PhotoUploadFields' });

/** One of the member's own photos: a rejected one carries staff's reason (shown in the owner's language). */
export const OwnPhotoSchema = PhotoSchema.extend({
  reject_reason: z.enum(PHOTO_REJECT_REASONS).nullable(),
}).meta({ id: 'OwnPhoto' });
export type OwnPhoto = z.infer<typeof OwnPhotoSchema>;

/** GET /api/photos.php: the member's own photos (any status) and the limits that apply to them. */
export const PhotoListSchema = z
  .object({
    photos: z.array(OwnPhotoSchema),
    limit: z.number().int().describe('photos this member may keep: 3 free, 25 premium (SPEC.md 5)'),
    max_megabytes: z.number().describe('size limit of one upload, MB'),
    max_megapixels: z.number().describe('pixel limit of one upload, megapixels'),
    types: z.array(text()).describe('MIME types the server decodes'),
  })
  .meta({ id: 'PhotoList' });
export type PhotoList = z.infer<typeof PhotoListSchema>;

/** DELETE /api/photos.php. */
export const PhotoDeleteBodySchema = z.object({ photo: z.number().int().positive() }).meta({ id: 'PhotoDeleteBody' });
export type PhotoDeleteBody = z.infer<typeof PhotoDeleteBodySchema>;

/** PUT /api/photos.php: make private or public, choose as main image, move to `position` (0-based). */
export const PhotoUpdateBodySchema = z
  .object({
    photo: z.number().int().positive(),
    is_private: z.boolean().optional(),
    main: z.literal(true).optional(),
    position: z.number().int().min(0).max(100).optional(),
  })
  .meta({ id: 'PhotoUpdateBody' });
export type PhotoUpdateBody = z.infer<typeof PhotoUpdateBodySchema>;

/** Sizes of a stored photo: the full photo (≤1600 px), the 600x600 match crop and the 160x160 thumbnail. */
export const PHOTO_SIZES = ['full', 'match', 'thumb'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** Path of the call that serves private photos to members allowed to see them (SPEC.md 6). */
export const PRIVATE_PHOTO_PATH = '/api/private-photo.php';

/** GET /api/private-photo.php: one size of a private photo. */
export const PrivatePhotoQuerySchema = z.object({
  photo: z.coerce.number().int().positive(),
  size: z.enum(PHOTO_SIZES).default('full'),
});
export type PrivatePhotoQuery = z.infer<typeof PrivatePhotoQuerySchema>;

/**
 * Where a viewer loads one size of a private photo: an absolute path (starting with /) on the
 * site's own origin, never under the CDN prefix, e.g. `/api/private-photo.php?photo=12&size=thumb`.
 */
export function privatePhotoPath(photoId: number, size: PhotoSize): string {
  return `${PRIVATE_PHOTO_PATH}?photo=${photoId}&size=${size}`;
}

/** GET /api/geocode.php: a position in decimal degrees (WGS 84). */
export const GeocodeQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});
export type GeocodeQuery = z.infer<typeof GeocodeQuerySchema>;

/** The nearest city: country ISO 3166-1, region ISO 3166-2 as in /api/regions.php (null when unknown). */
export const GeocodeResultSchema = z
  .object({ country: text().length(2), region: text().nullable(), city: text() })
  .meta({ id: 'GeocodeResult' });
export type GeocodeResult = z.infer<typeof GeocodeResultSchema>;

/** Answer of GET /api/geocode.php: the nearest city, or false when there is none near enough. */
export const GeocodeResponseSchema = z.union([GeocodeResultSchema, z.literal(false)]);
export type GeocodeResponse = z.infer<typeof GeocodeResponseSchema>;
