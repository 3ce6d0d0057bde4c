import { randomInt } from 'node:crypto';
import { type HeadAngles, VERIFICATION_POSES, type VerificationPose } from '@app/contracts';

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
export function randomPose(): (typeof VERIFICATION_POSES)[number] {
  return VERIFICATION_POSES[randomInt(VERIFICATION_POSES.length)] as (typeof VERIFICATION_POSES)[number];
}

/**
 * Degrees of yaw from which a head counts as turned (docs/decisions/026): frontal faces in ordinary
 * photos measured up to 20°, heads clearly turned 31–43° (the shipped cameraman: 43°).
 */
export const TURN_MIN_DEGREES = 25;
/**
 * Degrees of roll from which a head counts as tilted towards a shoulder: upright faces in ordinary
 * photos measured up to 15°, the shipped selfie turned 25° in its plane 20.5–27.5°.
 */
export const TILT_MIN_DEGREES = 18;

/**
 * Whether the head's angles on a selfie (the face model's estimate on the picture as stored, not
 * mirrored: the camera sees the member's left on the picture's right) show `pose` (issue: verified
 * members; docs/decisions/026). FaceMesh's signs: yaw > 0 when the nose points to the picture's left
 * (the member turned to their right), roll > 0 when the head leans to the picture's right (towards
 * the member's left shoulder). A turn must also not be mostly a tilt, and the other way round.
 * @returns true or false for the poses asked now; null when it cannot tell (no angles, or a pose asked
 *   before poses were checked): a moderator decides then
 */
export function poseMatches(pose: VerificationPose, angles: HeadAngles | null): boolean | null {
  if (!angles) return null;
  const { yaw, roll } = angles;
  switch (pose) {
    case 'turn_head_left':
      return yaw <= -TURN_MIN_DEGREES;
    case 'turn_head_right':
      return yaw >= TURN_MIN_DEGREES;
    case 'tilt_head_left':
      return roll >= TILT_MIN_DEGREES && Math.abs(yaw) < TURN_MIN_DEGREES;
    case 'tilt_head_right':
      return roll <= -TILT_MIN_DEGREES && Math.abs(yaw) < TURN_MIN_DEGREES;
    default:
      return null;
  }
}
