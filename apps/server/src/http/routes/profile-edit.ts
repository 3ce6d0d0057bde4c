import { profileEditCalls } from '@app/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import type { AppDeps } from '../../deps.js';
import { reverseGeocode } from '../../geo/geocode.js';
import { presentOwnPhoto, presentOwnPhotoList } from '../../presenters/photos.js';
import { presentOwnProfile } from '../../presenters/profile.js';
import { deleteOwnPhoto } from '../../services/photos/delete-own-photo.js';
import { listOwnPhotos } from '../../services/photos/list-own-photos.js';
import { PRIVATE_PHOTO_CACHE_SECONDS } from '../../services/photos/private-photos.js';
import { readPrivatePhoto } from '../../services/photos/read-private-photo.js';
import { updateOwnPhoto } from '../../services/photos/update-own-photo.js';
import { uploadPhoto } from '../../services/photos/upload-photo.js';
import { updateProfile } from '../../services/profile/update-profile.js';
import { requireUser } from '../context.js';
import { readMultipartUpload } from '../multipart.js';
import { registerCall } from '../register-call.js';

/** Whether this sharp's libheif decodes HEIC (HEVC); the prebuilt binaries decode only AVIF. */
const HEIC_DECODES = (sharp.format.heif?.input.fileSuffix ?? []).includes('.heic');

/** Reads the photo upload: the `file` part into memory (size-limited) and the `is_private` field. */
async function readUpload(req: FastifyRequest, maxMegabytes: number): Promise<{ data: Buffer; isPrivate: boolean }> {
  const { data, fields } = await readMultipartUpload(req, maxMegabytes);
  return { data, isPrivate: fields.is_private === 'true' };
}

/** Own profile editing, photos and geocoding (SPEC.md 2, 3, 5, 6). */
export const profileEditRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, clock, config, photoStore, events, jobs },
) => {
  const maxBytes = Math.round(config.photos.maxMegabytes * 1024 * 1024);
  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 100 } });

  registerCall(app, profileEditCalls.updateProfile, async (req) =>
    presentOwnProfile(
      await updateProfile({ db, clock }, { site: req.site, actor: req.actor, user: requireUser(req), body: req.body }),
      clock.now(),
    ),
  );

  registerCall(app, profileEditCalls.ownPhotos, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return presentOwnPhotoList(
      await listOwnPhotos({ db, config }, { user: requireUser(req), heicDecodes: HEIC_DECODES }),
    );
  });

  registerCall(app, profileEditCalls.uploadPhoto, async (req) => {
    const user = requireUser(req);
    const upload = await readUpload(req, config.photos.maxMegabytes);
    const photo = await uploadPhoto(
      { db, config, photoStore, events, jobs },
      { site: req.site, user, data: upload.data, isPrivate: upload.isPrivate },
    );
    return presentOwnPhoto(photo);
  });

  registerCall(app, profileEditCalls.updatePhoto, async (req) =>
    presentOwnPhoto(
      await updateOwnPhoto({ db, photoStore }, { actor: req.actor, user: requireUser(req), body: req.body }),
    ),
  );

  registerCall(app, profileEditCalls.privatePhoto, async (req, reply) => {
    const photo = await readPrivatePhoto({ db, photoStore }, { site: req.site, actor: req.actor, ...req.query });
    reply.header('cache-control', `private, max-age=${PRIVATE_PHOTO_CACHE_SECONDS}`);
    reply.header('vary', 'Cookie');
    return reply.type(photo.contentType).send(photo.data);
  });

  registerCall(app, profileEditCalls.deletePhoto, async (req) => {
    await deleteOwnPhoto({ db, photoStore }, { actor: req.actor, user: requireUser(req), photo: req.body.photo });
    return { ok: true as const };
  });

  registerCall(app, profileEditCalls.geocode, async (req, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    try {
      return reverseGeocode(req.query.lat, req.query.lon) ?? false;
    } catch (err) {
      req.log.error({ err }, 'reverse geocoding failed');
      return false;
    }
  });
};
