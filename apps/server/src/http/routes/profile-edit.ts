import {
  ErrorResponseSchema,
  GeocodeQuerySchema,
  GeocodeResponseSchema,
  OkSchema,
  PhotoDeleteBodySchema,
  PhotoListSchema,
  PhotoSchema,
  PhotoUpdateBodySchema,
  PRIVATE_PHOTO_PATH,
  PrivatePhotoQuerySchema,
  ProfileSchema,
  ProfileUpdateSchema,
} from '@app/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { reverseGeocode } from '../../geo/geocode.js';
import { deleteOwnPhoto, listOwnPhotos, updateOwnPhoto } from '../../services/photos/photos.js';
import { PRIVATE_PHOTO_CACHE_SECONDS, readPrivatePhoto } from '../../services/photos/private-photos.js';
import { uploadPhoto } from '../../services/photos/upload-photo.js';
import { updateProfile } from '../../services/profile/update-profile.js';
import { requireUser } from '../context.js';
import { readMultipartUpload } from '../multipart.js';

/** Whether this sharp's libheif decodes HEIC (HEVC); the prebuilt binaries decode only AVIF. */
const HEIC_DECODES = (sharp.format.heif?.input.fileSuffix ?? []).includes('.heic');

const errors = { 400: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

/** Reads the photo upload: the `file` part into memory (size-limited) and the `is_private` field. */
async function readUpload(req: FastifyRequest, maxMegabytes: number): Promise<{ data: Buffer; isPrivate: boolean }> {
  const { data, fields } = await readMultipartUpload(req, maxMegabytes);
  return { data, isPrivate: fields.is_private === 'true' };
}

/** Own profile editing, photos and geocoding (SPEC.md 2, 3, 5, 6). */
export const profileEditRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, clock, config, photoStore: store },
) => {
  const maxBytes = Math.round(config.photos.maxMegabytes * 1024 * 1024);
  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 100 } });

  app.put(
    '/api/profile.php',
    {
      schema: {
        tags: ['profile'],
        summary: 'Save fields of the own profile (partial); answers the Profile as its owner sees it',
        description:
          'Validation (400 validation_failed, data.field): date_of_birth a real date (date_of_birth_invalid) ' +
          'and 18+ (date_of_birth_required); interests from GET /api/interests.php; country of the site; ' +
          'region of that country (GET /api/regions.php); name not starting with @ and not the email.',
        body: ProfileUpdateSchema,
        response: { 200: ProfileSchema, ...errors },
      },
    },
    async (req) => updateProfile({ db, clock }, req.site, requireUser(req), req.body),
  );

  app.get(
    '/api/photos.php',
    {
      schema: {
        tags: ['profile'],
        summary: 'Own photos (any status) with the photo limit, size limit and accepted types',
        response: { 200: PhotoListSchema, 403: ErrorResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listOwnPhotos(db, config, requireUser(req), HEIC_DECODES);
    },
  );

  app.post(
    '/api/photos.php',
    {
      schema: {
        tags: ['profile'],
        summary: 'Upload a photo: multipart/form-data with `file` and optional `is_private` (true|false)',
        description:
          'Decoded and re-encoded without metadata (EXIF/GPS stripped) in three sizes. 400 photo_invalid ' +
          '(data.reason: not_an_image, unsupported_format, too_many_pixels, undecodable, no_file); 413 ' +
          'photo_too_large (data.megabytes); 403 photo_limit_reached (data.limit: 3 free, 25 premium, ' +
          'photos awaiting approval count). Status is approved when the site approves automatically.',
        consumes: ['multipart/form-data'],
        response: { 200: PhotoSchema, ...errors, 413: ErrorResponseSchema },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const upload = await readUpload(req, config.photos.maxMegabytes);
      return uploadPhoto({ db, config, store }, req.site, user, upload.data, upload.isPrivate);
    },
  );

  app.put(
    '/api/photos.php',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change an own photo: private/public, main image, position',
        description: 'The main image is never private: 400 validation_failed with data.reason main_photo_private.',
        body: PhotoUpdateBodySchema,
        response: { 200: PhotoSchema, ...errors },
      },
    },
    async (req) => updateOwnPhoto({ db, store }, requireUser(req), req.body),
  );

  app.get(
    PRIVATE_PHOTO_PATH,
    {
      schema: {
        tags: ['profile'],
        summary: 'One size of a private photo, for its owner and premium members (SPEC.md 6)',
        description:
          'Private photos are never under the public cdn_prefix; their sizes in Photo are paths of this call. ' +
          'Answers the image (Cache-Control: private, never shared caches). 403 authentication_required for ' +
          'visitors, 403 premium_required for free members, 404 for public, unapproved, blocked or foreign photos.',
        querystring: PrivatePhotoQuerySchema,
        response: {
          200: z.unknown().describe('the image (image/jpeg or image/webp)'),
          400: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const photo = await readPrivatePhoto({ db, store }, req.site, req.user, req.query);
      reply.header('cache-control', `private, max-age=${PRIVATE_PHOTO_CACHE_SECONDS}`);
      reply.header('vary', 'Cookie');
      return reply.type(photo.contentType).send(photo.data);
    },
  );

  app.delete(
    '/api/photos.php',
    {
      schema: {
        tags: ['profile'],
        summary: 'Delete an own photo; the next public photo becomes the main image',
        body: PhotoDeleteBodySchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (req) => {
      await deleteOwnPhoto(db, store, requireUser(req), req.body.photo);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/geocode.php',
    {
      schema: {
        tags: ['profile'],
        summary: 'Nearest city of a position (offline GeoNames data); false when none within 50 km',
        querystring: GeocodeQuerySchema,
        response: { 200: GeocodeResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      try {
        return reverseGeocode(req.query.lat, req.query.lon) ?? false;
      } catch (err) {
        req.log.error({ err }, 'reverse geocoding failed');
        return false;
      }
    },
  );
};
