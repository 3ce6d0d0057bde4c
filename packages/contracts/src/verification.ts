/**
 * Verified members (issue: verified members — the second half of "Safer photos";
 * docs/decisions/026-verified-members.md): a member takes a selfie in a random pose; the face model
 * compares it with the faces of their approved photos in the job queue; a match gives the
 * "verified" badge, anything else goes to a moderator. The selfie is private and deleted when decided.
 */
import { z } from 'zod';
import { text } from './text.js';

/**
 * The poses a member is asked for, one at random per attempt (catalogue keys `verify.pose.<code>`):
 * head poses only, which the face model checks from the head's angles (docs/decisions/026), so a
 * stored frontal photo is not enough. Left and right are the member's own.
 */
export const VERIFICATION_POSES = ['turn_head_left', 'turn_head_right', 'tilt_head_left', 'tilt_head_right'] as const;
/** Poses asked before the model checked poses: attempts made then still carry them (never asked again). */
export const EARLIER_VERIFICATION_POSES = [
  'look_up',
  'tilt_head',
  'hand_on_cheek',
  'thumbs_up',
  'touch_nose',
  'wide_smile',
] as const;
/** Every pose an attempt can carry. */
export const KNOWN_VERIFICATION_POSES = [...VERIFICATION_POSES, ...EARLIER_VERIFICATION_POSES] as const;
export type VerificationPose = (typeof KNOWN_VERIFICATION_POSES)[number];

/**
 * An attempt's state: awaiting_selfie (the pose is shown until expires_at), checking (the face model
 * is comparing, in the job queue), awaiting_review (a moderator decides), verified, rejected, expired.
 */
export const VERIFICATION_STATUSES = [
  'awaiting_selfie',
  'checking',
  'awaiting_review',
  'verified',
  'rejected',
  'expired',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/**
 * A head's angles on a selfie in degrees, as the face model (FaceMesh) estimated them on the picture
 * as stored: yaw turns about the vertical axis, pitch nods, roll tilts towards a shoulder (the pose check).
 */
export const HeadAnglesSchema = z.object({ yaw: z.number(), pitch: z.number(), roll: z.number() });
export type HeadAngles = z.infer<typeof HeadAnglesSchema>;

/** Minutes a started attempt waits for its selfie. */
export const VERIFICATION_ATTEMPT_MINUTES = 10;

/** An attempt as its member sees it (never the score: that is for moderators). */
export const VerificationAttemptSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(VERIFICATION_STATUSES),
    pose: z.enum(KNOWN_VERIFICATION_POSES),
    expires_at: text(),
    /** Path of the member's own selfie while it is kept (until the decision); null without one. */
    selfie_url: text().nullable(),
  })
  .meta({ id: 'VerificationAttempt' });
export type VerificationAttempt = z.infer<typeof VerificationAttemptSchema>;

/** GET /api/verification.php: whether the member is verified and their latest attempt. */
export const VerificationStateSchema = z
  .object({
    verified: z.boolean(),
    /** When the badge was given (ISO time); null when not verified (or the main image changed since). */
    verified_at: text().nullable(),
    /** The badge ended because the main image changed: verify again. */
    lapsed: z.boolean(),
    /** An approved public main image is needed to compare with. */
    has_main_photo: z.boolean(),
    attempt: VerificationAttemptSchema.nullable(),
  })
  .meta({ id: 'VerificationState' });
export type VerificationState = z.infer<typeof VerificationStateSchema>;

/** Fields of POST /api/verification-selfie.php besides the `file` part. */
export const VerificationSelfieFieldsSchema = z.object({ attempt: z.coerce.number().int().positive() });

/** Path of the member's own selfie (GET), e.g. `/api/verification-selfie.php?attempt=3`. */
export const VERIFICATION_SELFIE_PATH = '/api/verification-selfie.php';
export const VerificationSelfieQuerySchema = z.object({ attempt: z.coerce.number().int().positive() });

/** The member's selfie of `attempt` (GET VERIFICATION_SELFIE_PATH). */
export function verificationSelfiePath(attempt: number): string {
  return `${VERIFICATION_SELFIE_PATH}?attempt=${attempt}`;
}
