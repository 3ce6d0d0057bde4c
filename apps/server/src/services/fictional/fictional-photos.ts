import type { Db } from '../../db/client.js';
import { findFictionalProfile } from '../../db/repositories/fictional-profiles.js';
import { listPhotos, type PhotoRow } from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import { notFound } from '../../errors.js';

/** A fictional profile's photos after a change (presented by presentFictionalPhotos). */
export interface FictionalPhotos {
  site: SiteRow;
  photos: PhotoRow[];
  mainPhotoId: number | null;
}

/** Every photo of fictional profile `profileId` in display order, and its main image. @throws AppError not_found */
export async function readFictionalPhotos(db: Db, site: SiteRow, profileId: number): Promise<FictionalPhotos> {
  const record = await findFictionalProfile(db, profileId);
  if (!record) throw notFound();
  return { site, photos: await listPhotos(db, profileId, true), mainPhotoId: record.profile.main_photo_id };
}
