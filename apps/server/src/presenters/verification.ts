import {
  staffSelfiePath,
  type VerificationAttempt,
  type VerificationPose,
  type VerificationQueuePage,
  type VerificationState as VerificationStateBody,
  type VerificationStatus,
  verificationSelfiePath,
} from '@app/contracts';
import type { VerificationRow } from '../db/repositories/verifications.js';
import type { VerificationQueueEntry } from '../services/moderation/list-verification-queue.js';
import { FACE_MATCH_THRESHOLD } from '../services/verification/rules.js';
import type { VerificationState } from '../services/verification/verification-state.js';
import { presentStaffPhoto } from './admin/moderation.js';

/** An attempt as its member sees it: never the score. */
export function presentAttempt(row: VerificationRow): VerificationAttempt {
  return {
    id: row.id,
    status: row.status as VerificationStatus,
    pose: row.pose as VerificationPose,
    expires_at: row.expires_at.toISOString(),
    selfie_url: row.selfie_filename ? verificationSelfiePath(row.id) : null,
  };
}

/** The VerificationState of GET /api/verification.php. */
export function presentVerificationState(state: VerificationState): VerificationStateBody {
  return {
    verified: state.verified,
    verified_at: state.verifiedAt?.toISOString() ?? null,
    lapsed: state.lapsed,
    has_main_photo: state.hasMainPhoto,
    attempt: state.attempt ? presentAttempt(state.attempt) : null,
  };
}

/** The VerificationQueuePage of GET /api/admin/verifications.php. */
export function presentVerificationQueue(
  queue: { entries: VerificationQueueEntry[]; more: boolean; total: number },
  page: number,
): VerificationQueuePage {
  return {
    reviews: queue.entries.map(({ review, photos }) => ({
      id: review.attempt.id,
      profile_id: review.profileId,
      profile_name: review.profileName,
      user_id: review.userId,
      site_id: review.siteId,
      site_name: review.siteName,
      pose: review.attempt.pose,
      submitted_at: (review.attempt.submitted_at ?? review.attempt.created_at).toISOString(),
      face_found: review.attempt.face_found,
      score: review.attempt.score,
      threshold: FACE_MATCH_THRESHOLD,
      best_photo_id: review.attempt.best_photo_id,
      pose_matched: review.attempt.pose_matched,
      head_angles: review.attempt.head_angles,
      selfie_url: staffSelfiePath(review.attempt.id),
      photos: photos.map((p) => presentStaffPhoto(p, review.mainPhotoId)),
    })),
    total: queue.total,
    page,
    more: queue.more,
  };
}
