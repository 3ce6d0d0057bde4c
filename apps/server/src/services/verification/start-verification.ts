import { VERIFICATION_ATTEMPT_MINUTES } from '@app/contracts';
import type { UserRow } from '../../db/repositories/users.js';
import { expireWaitingAttempts, insertAttempt, type VerificationRow } from '../../db/repositories/verifications.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { requireOwnProfile } from '../profile/own-profile.js';
import { randomPose } from './rules.js';

/**
 * Starts a verification (issue: verified members): a random pose the member takes their selfie in,
 * within VERIFICATION_ATTEMPT_MINUTES; an earlier attempt still waiting for its selfie ends. Needs an
 * approved public main image to compare with. Input: `{ user }`.
 * @returns the new attempt (status awaiting_selfie)
 * @throws AppError not_found (404) without a profile; verification_needs_photo (400) without an
 *   approved main image
 */
export async function startVerification(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { user: UserRow },
): Promise<VerificationRow> {
  const { profile, main } = await requireOwnProfile(deps.db, input.user);
  if (main?.status !== 'approved' || main.is_private) throw new AppError('verification_needs_photo', 400);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await expireWaitingAttempts(tx, profile.id);
    return insertAttempt(tx, {
      profileId: profile.id,
      pose: randomPose(),
      now,
      expiresAt: new Date(now.getTime() + VERIFICATION_ATTEMPT_MINUTES * 60_000),
    });
  });
}
