import type { UserRow } from '../../db/repositories/users.js';
import { latestAttempt, type VerificationRow } from '../../db/repositories/verifications.js';
import type { AppDeps } from '../../deps.js';
import { requireOwnProfile } from '../profile/own-profile.js';
import { isVerified } from './rules.js';

/** Whether the member is verified and their latest attempt (an attempt past its time reads expired). */
export interface VerificationState {
  verified: boolean;
  verifiedAt: Date | null;
  /** Verified once, but the main image changed since. */
  lapsed: boolean;
  hasMainPhoto: boolean;
  attempt: VerificationRow | null;
}

/**
 * The member's verification (GET /api/verification.php; issue: verified members). Input: `{ user }`.
 * @throws AppError not_found (404) without a profile
 */
export async function verificationState(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { user: UserRow },
): Promise<VerificationState> {
  const { profile, main } = await requireOwnProfile(deps.db, input.user);
  let attempt = await latestAttempt(deps.db, profile.id);
  if (attempt?.status === 'awaiting_selfie' && attempt.expires_at.getTime() <= deps.clock.now().getTime()) {
    attempt = { ...attempt, status: 'expired' };
  }
  const verified = isVerified(profile);
  return {
    verified,
    verifiedAt: verified ? profile.verified_at : null,
    lapsed: !verified && profile.verified_at !== null,
    hasMainPhoto: Boolean(main && main.status === 'approved' && !main.is_private),
    attempt,
  };
}
