import { randomInt } from 'node:crypto';
import { VERIFICATION_POSES, type VerificationPose } from '@app/contracts';

/**
 * The similarity (0..1, faceSimilarity of faces/face-model.ts) from which the face model verifies a
 * member alone (docs/decisions/026-verified-members.md): the same face scored 0.77 and up here, other
 * people 0.15–0.43; below it a moderator decides. Pinned on the shipped images by
 * test/face-verification-model.test.ts.
 */
export const FACE_MATCH_THRESHOLD = 0.6;

/** The name of the model whose faces are kept per photo (photo_faces.model): another model computes them anew. */
export const FACE_MODEL_NAME = 'human-3.3-faceres';

/** Whether a similarity verifies alone. */
export function isFaceMatch(score: number | null): boolean {
  return score !== null && score >= FACE_MATCH_THRESHOLD;
}

/**
 * Whether a profile carries the verified badge (issue: verified members): verified, never fictional,
 * and its main image is still the one it was verified with (a new main image ends the badge until
 * the member verifies again).
 */
export function isVerified(p: {
  verified_at: Date | null;
  verified_photo_id: number | null;
  main_photo_id: number | null;
  is_fictional: boolean;
}): boolean {
  return (
    p.verified_at !== null && !p.is_fictional && p.main_photo_id !== null && p.verified_photo_id === p.main_photo_id
  );
}

/** A pose at random (crypto: a member cannot predict the next one). */
export function randomPose(): VerificationPose {
  return VERIFICATION_POSES[randomInt(VERIFICATION_POSES.length)] as VerificationPose;
}
