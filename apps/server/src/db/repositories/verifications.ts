/** Verified members (issue: verified members; docs/decisions/026-verified-members.md): attempts, photo faces, the badge. */
import type { HeadAngles } from '@app/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { faceVerifications, photoFaces, photos, profiles, sites } from '../schema.js';
import type { DbOrTx } from './photos.js';
import type { PhotoRow } from './profiles.js';

/** One attempt's row. */
export type VerificationRow = typeof faceVerifications.$inferSelect;

/**
 * Ends the attempts of `profileId` still waiting for a selfie (a new attempt replaces them).
 * @returns how many ended
 */
export async function expireWaitingAttempts(db: DbOrTx, profileId: number): Promise<number> {
  const ended = await db
    .update(faceVerifications)
    .set({ status: 'expired' })
    .where(and(eq(faceVerifications.profile_id, profileId), eq(faceVerifications.status, 'awaiting_selfie')))
    .returning({ id: faceVerifications.id });
  return ended.length;
}

/** Records a new attempt waiting for its selfie until `expiresAt`. */
export async function insertAttempt(
  db: DbOrTx,
  row: { profileId: number; pose: string; now: Date; expiresAt: Date },
): Promise<VerificationRow> {
  const [made] = await db
    .insert(faceVerifications)
    .values({ profile_id: row.profileId, pose: row.pose, created_at: row.now, expires_at: row.expiresAt })
    .returning();
  if (!made) throw new Error('face_verifications insert returned nothing');
  return made;
}

/** The latest attempt of a profile, or null. */
export async function latestAttempt(db: DbOrTx, profileId: number): Promise<VerificationRow | null> {
  const [row] = await db
    .select()
    .from(faceVerifications)
    .where(eq(faceVerifications.profile_id, profileId))
    .orderBy(desc(faceVerifications.created_at), desc(faceVerifications.id))
    .limit(1);
  return row ?? null;
}

/** Attempt `id` of profile `profileId`, or null (another member's attempt is not found either). */
export async function findOwnAttempt(db: DbOrTx, id: number, profileId: number): Promise<VerificationRow | null> {
  const [row] = await db
    .select()
    .from(faceVerifications)
    .where(and(eq(faceVerifications.id, id), eq(faceVerifications.profile_id, profileId)));
  return row ?? null;
}

/**
 * Attaches the selfie to an attempt still waiting for it before `now` (status checking). Conditional:
 * null when the attempt expired, was replaced or already has one.
 */
export async function submitSelfie(
  db: DbOrTx,
  id: number,
  input: { filename: string; now: Date },
): Promise<VerificationRow | null> {
  const [row] = await db
    .update(faceVerifications)
    .set({ status: 'checking', selfie_filename: input.filename, submitted_at: input.now })
    .where(
      and(
        eq(faceVerifications.id, id),
        eq(faceVerifications.status, 'awaiting_selfie'),
        gt(faceVerifications.expires_at, input.now),
      ),
    )
    .returning();
  return row ?? null;
}

/** An attempt with what the verify_selfie job needs of its profile. */
export interface AttemptToCheck {
  attempt: VerificationRow;
  profile: { id: number; siteId: number; fictional: boolean; mainPhotoId: number | null };
}

/** Attempt `id` when it waits for the face model (status checking), with its profile; else null. */
export async function findAttemptToCheck(db: DbOrTx, id: number): Promise<AttemptToCheck | null> {
  const [row] = await db
    .select({
      attempt: faceVerifications,
      id: profiles.id,
      siteId: profiles.site_id,
      fictional: profiles.is_fictional,
      mainPhotoId: profiles.main_photo_id,
    })
    .from(faceVerifications)
    .innerJoin(profiles, eq(profiles.id, faceVerifications.profile_id))
    .where(and(eq(faceVerifications.id, id), eq(faceVerifications.status, 'checking')));
  if (!row) return null;
  const { attempt, ...profile } = row;
  return { attempt, profile };
}

/** An approved photo and the face kept for it: undefined when not computed yet, null when it has none. */
export interface PhotoWithFace {
  photo: PhotoRow;
  embedding: number[] | null | undefined;
}

/** The approved photos of a profile (private ones too: they are the member's own), main image first, with their kept faces. */
export async function listApprovedPhotosWithFaces(db: DbOrTx, profileId: number): Promise<PhotoWithFace[]> {
  const rows = await db
    .select({ photo: photos, embedding: photoFaces.embedding, kept: photoFaces.photo_id })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profile_id))
    .leftJoin(photoFaces, eq(photoFaces.photo_id, photos.id))
    .where(and(eq(photos.profile_id, profileId), eq(photos.status, 'approved')))
    .orderBy(desc(sql`${photos.id} = ${profiles.main_photo_id}`), asc(photos.position), asc(photos.id));
  return rows.map((r) => ({ photo: r.photo, embedding: r.kept === null ? undefined : r.embedding }));
}

/** Keeps the face found on a photo (null: none) by model `model`; a photo's first face stays. */
export async function keepPhotoFace(
  db: DbOrTx,
  photoId: number,
  embedding: number[] | null,
  model: string,
): Promise<void> {
  await db.insert(photoFaces).values({ photo_id: photoId, embedding, model }).onConflictDoNothing();
}

/**
 * Stores the face model's result of an attempt still checking: `status` verified or awaiting_review.
 * A verified attempt's selfie is gone (selfie_filename null, decided_at set). Conditional on status
 * checking; null when it was not (a retried job).
 */
export async function recordModelResult(
  db: DbOrTx,
  id: number,
  r: {
    status: 'verified' | 'awaiting_review';
    faceFound: boolean;
    score: number | null;
    bestPhotoId: number | null;
    headAngles: HeadAngles | null;
    poseMatched: boolean | null;
    now: Date;
  },
): Promise<VerificationRow | null> {
  const decided = r.status === 'verified';
  const [row] = await db
    .update(faceVerifications)
    .set({
      status: r.status,
      face_found: r.faceFound,
      score: r.score,
      best_photo_id: r.bestPhotoId,
      head_angles: r.headAngles,
      pose_matched: r.poseMatched,
      ...(decided ? { selfie_filename: null, decided_at: r.now } : {}),
    })
    .where(and(eq(faceVerifications.id, id), eq(faceVerifications.status, 'checking')))
    .returning();
  return row ?? null;
}

/**
 * Sends attempt `id`, still checking, to the moderators without the model's result (its job failed
 * for good): face_found, score and the pose check stay null ("not checked").
 * @returns whether the attempt was still checking
 */
export async function sendUncheckedToReview(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(faceVerifications)
    .set({ status: 'awaiting_review' })
    .where(and(eq(faceVerifications.id, id), eq(faceVerifications.status, 'checking')))
    .returning({ id: faceVerifications.id });
  return rows.length > 0;
}

/**
 * Gives profile `profileId` the badge from `now`, tied to its current main image; never a fictional
 * profile (the check constraint profiles_fictional_unverified holds it too).
 * @returns whether the profile was verified
 */
export async function verifyProfile(db: DbOrTx, profileId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({ verified_at: now, verified_photo_id: sql`${profiles.main_photo_id}` })
    .where(and(eq(profiles.id, profileId), eq(profiles.is_fictional, false)))
    .returning({ id: profiles.id });
  return rows.length > 0;
}

/** An attempt waiting for review with its profile and site, locked for a decision. */
export interface ReviewRow {
  attempt: VerificationRow;
  profileId: number;
  profileName: string;
  userId: number | null;
  fictional: boolean;
  siteId: number;
  siteName: string;
  mainPhotoId: number | null;
}

function reviewSelect() {
  return {
    attempt: faceVerifications,
    profileId: profiles.id,
    profileName: profiles.name,
    userId: profiles.user_id,
    fictional: profiles.is_fictional,
    siteId: profiles.site_id,
    siteName: sites.name,
    mainPhotoId: profiles.main_photo_id,
  };
}

/** Attempt `id` with its profile and site (any status), or null. */
export async function findAttemptWithProfile(db: DbOrTx, id: number): Promise<ReviewRow | null> {
  const [row] = await db
    .select(reviewSelect())
    .from(faceVerifications)
    .innerJoin(profiles, eq(profiles.id, faceVerifications.profile_id))
    .innerJoin(sites, eq(sites.id, profiles.site_id))
    .where(eq(faceVerifications.id, id));
  return row ?? null;
}

/**
 * Records a moderator's decision on an attempt waiting for review: status, who, when; the selfie's
 * name is cleared (the caller deletes the file after the commit). Conditional on awaiting_review.
 * @returns the attempt as it was before (with its selfie's name), or null when it was not waiting
 */
export async function decideAttempt(
  db: DbOrTx,
  id: number,
  d: { status: 'verified' | 'rejected'; staffId: number | null; now: Date },
): Promise<VerificationRow | null> {
  const [before] = await db
    .select()
    .from(faceVerifications)
    .where(and(eq(faceVerifications.id, id), eq(faceVerifications.status, 'awaiting_review')))
    .for('update');
  if (!before) return null;
  await db
    .update(faceVerifications)
    .set({ status: d.status, selfie_filename: null, decided_at: d.now, decided_by: d.staffId })
    .where(eq(faceVerifications.id, id));
  return before;
}

function reviewWhere(siteIds: readonly number[] | 'all'): SQL {
  const waiting = eq(faceVerifications.status, 'awaiting_review');
  return siteIds === 'all' ? waiting : (and(waiting, inArray(profiles.site_id, [...siteIds])) as SQL);
}

/** One page of the attempts waiting for review on `siteIds` (`'all'`: every site), oldest selfie first. */
export async function listReviewQueue(
  db: DbOrTx,
  q: { siteIds: readonly number[] | 'all'; limit: number; offset: number },
): Promise<{ rows: ReviewRow[]; more: boolean; total: number }> {
  if (q.siteIds !== 'all' && q.siteIds.length === 0) return { rows: [], more: false, total: 0 };
  const where = reviewWhere(q.siteIds);
  const rows = await db
    .select(reviewSelect())
    .from(faceVerifications)
    .innerJoin(profiles, eq(profiles.id, faceVerifications.profile_id))
    .innerJoin(sites, eq(sites.id, profiles.site_id))
    .where(where)
    .orderBy(asc(faceVerifications.submitted_at), asc(faceVerifications.id))
    .limit(q.limit + 1)
    .offset(q.offset);
  const [total] = await db
    .select({ n: count() })
    .from(faceVerifications)
    .innerJoin(profiles, eq(profiles.id, faceVerifications.profile_id))
    .where(where);
  return { rows: rows.slice(0, q.limit), more: rows.length > q.limit, total: total?.n ?? 0 };
}

/** The selfie files still kept for a profile's attempts (not decided yet): erasure removes them. */
export async function listSelfieFiles(db: DbOrTx, profileId: number): Promise<string[]> {
  const rows = await db
    .select({ name: faceVerifications.selfie_filename })
    .from(faceVerifications)
    .where(and(eq(faceVerifications.profile_id, profileId), isNotNull(faceVerifications.selfie_filename)));
  return rows.flatMap((r) => (r.name ? [r.name] : []));
}

/** Every attempt of a profile, oldest first (the member's data export). */
export async function listAttempts(db: DbOrTx, profileId: number): Promise<VerificationRow[]> {
  return db
    .select()
    .from(faceVerifications)
    .where(eq(faceVerifications.profile_id, profileId))
    .orderBy(asc(faceVerifications.created_at), asc(faceVerifications.id));
}
