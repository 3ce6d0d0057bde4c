import { listPhotos } from '../../db/repositories/profiles.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { photoLimit, requireOwnProfile } from '../profile/own-profile.js';
import { acceptedPhotoTypes, type OwnPhotos } from './photos.js';

/**
 * The member's own photos (any status) with the limits of SPEC.md 5: photo count, size in megabytes,
 * megapixels and the accepted MIME types. Input: `{ user, heicDecodes }` (heicDecodes: whether this
 * server's sharp decodes HEIC).
 * @returns `{ photos, limit, maxMegabytes, maxMegapixels, types }` (OwnPhotos)
 * @throws AppError not_found when the account has no profile
 */
export async function listOwnPhotos(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  { user, heicDecodes }: { user: UserRow; heicDecodes: boolean },
): Promise<OwnPhotos> {
  const { profile } = await requireOwnProfile(db, user);
  const rows = await listPhotos(db, profile.id, true);
  return {
    photos: rows,
    limit: photoLimit(user),
    maxMegabytes: config.photos.maxMegabytes,
    maxMegapixels: config.photos.maxMegapixels,
    types: acceptedPhotoTypes(heicDecodes),
  };
}
