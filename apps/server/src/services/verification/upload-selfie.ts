import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { UserRow } from '../../db/repositories/users.js';
import { findOwnAttempt, submitSelfie, type VerificationRow } from '../../db/repositories/verifications.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { PRIVATE_PHOTO_FOLDER } from '../../storage/photo-names.js';
import { ACCEPTED_FORMATS, readImageHeader } from '../photos/process-photo.js';
import { requireOwnProfile } from '../profile/own-profile.js';

/** A selfie is kept at most this many pixels a side (enough for the moderator and the model). */
const SELFIE_PIXELS = 1200;

/**
 * Decodes a selfie, turns it upright, shrinks it to SELFIE_PIXELS and re-encodes it as JPEG without
 * any metadata (EXIF, GPS: sharp writes none unless asked).
 * @throws AppError photo_invalid (400) as the photo pipeline does
 */
export async function processSelfie(input: Buffer, maxMegapixels: number): Promise<Buffer> {
  const { maxPixels } = await readImageHeader(input, { maxMegapixels, formats: ACCEPTED_FORMATS });
  try {
    return await sharp(input, { limitInputPixels: maxPixels, failOn: 'warning' })
      .rotate()
      .resize({ width: SELFIE_PIXELS, height: SELFIE_PIXELS, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError('photo_invalid', 400, { reason: 'undecodable' });
  }
}

/**
 * Takes the selfie of an attempt (issue: verified members): re-encoded without metadata, stored as a
 * private file (`private/<uuid>.jpg`: never under the public cdn_prefix, no photos row, so no
 * photo route serves it), and the verify_selfie job queued in the same transaction that marks the
 * attempt checking. The face model runs in the job queue, never here. Input: `{ user, attempt, data }`.
 * @returns the attempt (status checking)
 * @throws AppError not_found (404) for another member's attempt or one not waiting for a selfie;
 *   verification_expired (410) past its time; photo_invalid (400)
 */
export async function uploadSelfie(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'photoStore' | 'jobs'>,
  input: { user: UserRow; attempt: number; data: Buffer },
): Promise<VerificationRow> {
  const { profile } = await requireOwnProfile(deps.db, input.user);
  const found = await findOwnAttempt(deps.db, input.attempt, profile.id);
  if (found?.status !== 'awaiting_selfie') throw notFound();
  if (found.expires_at.getTime() <= deps.clock.now().getTime()) throw new AppError('verification_expired', 410);
  const jpeg = await processSelfie(input.data, deps.config.photos.maxMegapixels);
  const name = `${PRIVATE_PHOTO_FOLDER}/${randomUUID()}.jpg`;
  await deps.photoStore.put(name, jpeg, 'image/jpeg');
  try {
    const row = await deps.db.transaction(async (tx) => {
      const submitted = await submitSelfie(tx, found.id, { filename: name, now: deps.clock.now() });
      if (!submitted) return null;
      await deps.jobs.enqueue(tx, 'verify_selfie', { attempt: submitted.id });
      return submitted;
    });
    if (!row) throw new AppError('verification_expired', 410);
    return row;
  } catch (err) {
    await deps.photoStore.remove([name]).catch(() => undefined);
    throw err;
  }
}
