import { countPhotos, ensureMainPhoto, insertPhoto, lockProfile } from '../../db/repositories/photos.js';
import type { PhotoRow } from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { freshPhotoName } from '../../storage/photo-names.js';
import { photoLimit, requireOwnProfile } from '../profile/own-profile.js';
import { processPhoto } from './process-photo.js';

const limitReached = (limit: number) => new AppError('photo_limit_reached', 403, { limit });

/**
 * Adds an uploaded photo to the member's profile (SPEC.md 2, 5, 6): checks the limit (photos awaiting
 * approval count), decodes and re-encodes it without metadata, stores the three sizes, and records
 * it awaiting approval with the score_photo job in the same transaction (issue: explicit photos):
 * on a site that approves automatically the job approves it once its explicit score is not above the
 * site's threshold (about a second later); above it, it waits for a moderator. The first photo
 * becomes the main image. `deps.events` hears `photo_uploaded` after the commit.
 * Input: `{ site, user, data, isPrivate }` (data: the uploaded file's bytes, at most
 * config.photos.maxMegabytes, read by the route).
 * @returns the new photo's row (presented by `presentOwnPhoto`)
 * @throws AppError photo_limit_reached (403, data.limit), photo_invalid (400)
 */
export async function uploadPhoto(
  deps: Pick<AppDeps, 'db' | 'config' | 'photoStore' | 'events' | 'jobs'>,
  { user, data: input, isPrivate }: { site: SiteRow; user: UserRow; data: Buffer; isPrivate: boolean },
): Promise<PhotoRow> {
  const { db, config, photoStore: store } = deps;
  const { profile } = await requireOwnProfile(db, user);
  const limit = photoLimit(user);
  // Cheap early refusal; the locked count below is the one that holds under concurrent uploads.
  if ((await countPhotos(db, profile.id)) >= limit) throw limitReached(limit);

  const processed = await processPhoto(input, config.photos);
  // A private photo's files live apart from the public ones from the start (storage/photo-names.ts).
  const sizes = [processed.full, processed.match, processed.thumb].map((s) =>
    isPrivate ? { ...s, name: freshPhotoName(s.name, true) } : s,
  );
  const [full, match, thumb] = sizes as [(typeof sizes)[number], (typeof sizes)[number], (typeof sizes)[number]];
  await Promise.all(sizes.map((s) => store.put(s.name, s.data, processed.contentType)));
  try {
    const row = await db.transaction(async (tx) => {
      await lockProfile(tx, profile.id);
      if ((await countPhotos(tx, profile.id)) >= limit) throw limitReached(limit);
      const inserted = await insertPhoto(
        tx,
        profile.id,
        { filename: full.name, match_filename: match.name, thumb_filename: thumb.name },
        // Approved by the score_photo job when the site approves automatically and the score allows.
        { status: 'awaiting_approval', isPrivate },
      );
      await deps.jobs.enqueue(tx, 'score_photo', { photo: inserted.id });
      await ensureMainPhoto(tx, profile.id);
      return inserted;
    });
    await deps.events.emit({
      type: 'photo_uploaded',
      profileId: profile.id,
      photoId: row.id,
      isPrivate,
      status: row.status,
    });
    return row;
  } catch (err) {
    await store.remove(sizes.map((s) => s.name)).catch(() => undefined);
    throw err;
  }
}
