import type { HeadAngles, VerificationPose } from '@app/contracts';
import {
  findAttemptToCheck,
  keepPhotoFace,
  listApprovedPhotosWithFaces,
  recordModelResult,
  sendUncheckedToReview,
  verifyProfile,
} from '../../db/repositories/verifications.js';
import type { AppDeps } from '../../deps.js';
import type { JobPayloads } from '../../jobs/kinds.js';
import { FACE_MODEL_NAME, isFaceMatch, poseMatches } from './rules.js';

/** What the face model made of a selfie. */
export interface SelfieOutcome {
  status: 'verified' | 'awaiting_review';
  faceFound: boolean;
  /** The best similarity to a face of the profile's approved photos; null without a face on either side. */
  score: number | null;
  bestPhotoId: number | null;
  /** The head's angles on the selfie in degrees; null without a face. */
  headAngles: HeadAngles | null;
  /** Whether they show the pose asked for (poseMatches); null when the model cannot tell. */
  poseMatched: boolean | null;
}

/**
 * The verify_selfie job (issue: verified members; docs/decisions/026-verified-members.md): finds the
 * face on the attempt's private selfie with the face model (deps.faceModel, loaded once per process,
 * only in the job queue), checks that the head's angles show the pose asked for (poseMatches: a
 * stored frontal photo does not) and compares the face with the faces of the profile's approved
 * photos (each photo's face is computed once and kept in photo_faces). The pose shown and the best
 * similarity at or above FACE_MATCH_THRESHOLD verify the profile (badge tied to its current main
 * image) and delete the selfie at once; otherwise (another pose, a lower score, no face) the attempt
 * waits for a moderator with its score and the pose check: the model never rejects alone.
 * A fictional profile is never verified (it goes to review, where it can only be rejected). An
 * attempt no longer checking (a retried job) is skipped. Input: the job's payload `{ attempt }`.
 * @returns the outcome, or null when skipped
 * @throws when the model or the store fails (the job is retried with backoff)
 */
export async function verifySelfie(
  deps: Pick<AppDeps, 'db' | 'clock' | 'photoStore' | 'faceModel'>,
  payload: JobPayloads['verify_selfie'],
): Promise<SelfieOutcome | null> {
  const found = await findAttemptToCheck(deps.db, payload.attempt);
  if (!found?.attempt.selfie_filename) return null;
  const selfieName = found.attempt.selfie_filename;
  const selfie = await deps.photoStore.read(selfieName);
  const face = selfie ? await deps.faceModel.largestFace(selfie) : null;
  let score: number | null = null;
  let bestPhotoId: number | null = null;
  if (face) {
    for (const { photo, embedding: kept } of await listApprovedPhotosWithFaces(deps.db, found.profile.id)) {
      let embedding = kept;
      if (embedding === undefined) {
        const data = await deps.photoStore.read(photo.filename);
        embedding = data ? ((await deps.faceModel.largestFace(data))?.embedding ?? null) : null;
        if (data) await keepPhotoFace(deps.db, photo.id, embedding, FACE_MODEL_NAME);
      }
      if (!embedding) continue;
      const s = deps.faceModel.similarity(face.embedding, embedding);
      if (score === null || s > score) {
        score = s;
        bestPhotoId = photo.id;
      }
    }
  }
  const headAngles = face?.angles ?? null;
  const poseMatched = poseMatches(found.attempt.pose as VerificationPose, headAngles);
  const match =
    isFaceMatch(score) && poseMatched === true && !found.profile.fictional && found.profile.mainPhotoId !== null;
  const outcome: SelfieOutcome = {
    status: match ? 'verified' : 'awaiting_review',
    faceFound: face !== null,
    score,
    bestPhotoId,
    headAngles,
    poseMatched,
  };
  const now = deps.clock.now();
  const stored = await deps.db.transaction(async (tx) => {
    const row = await recordModelResult(tx, found.attempt.id, { ...outcome, now });
    if (row && match) await verifyProfile(tx, found.profile.id, now);
    return row;
  });
  if (!stored) return null;
  // Decided by the model: the selfie is not kept (only the decision and its score are).
  if (match) await deps.photoStore.remove([selfieName]);
  return outcome;
}

/**
 * The verify_selfie job as the queue runs it: `verifySelfie`, and when its last attempt fails (the
 * model or the store keeps failing) the attempt goes to the moderators unchecked instead of checking
 * for ever; the member then reads that a moderator will look at it. `job` gives the attempt number
 * and the most attempts (jobs/worker.ts).
 * @throws the failure, so the queue records it (retried with backoff until the last attempt)
 */
export async function runVerifySelfieJob(
  deps: Pick<AppDeps, 'db' | 'clock' | 'photoStore' | 'faceModel'>,
  payload: JobPayloads['verify_selfie'],
  job: { attempts: number; max_attempts: number },
): Promise<void> {
  try {
    await verifySelfie(deps, payload);
  } catch (err) {
    if (job.attempts >= job.max_attempts) await sendUncheckedToReview(deps.db, payload.attempt);
    throw err;
  }
}
