import type { UserRow } from '../../db/repositories/users.js';
import { findOwnAttempt } from '../../db/repositories/verifications.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { requireOwnProfile } from '../profile/own-profile.js';

/**
 * The member's own selfie while it is kept (GET /api/verification-selfie.php; issue: verified
 * members): only its member (and moderators, through the back office) ever see it.
 * Input: `{ user, attempt }`. Returns the JPEG bytes.
 * @throws AppError not_found (404) for another member's attempt or a selfie already deleted
 */
export async function readOwnSelfie(
  deps: Pick<AppDeps, 'db' | 'photoStore'>,
  input: { user: UserRow; attempt: number },
): Promise<Buffer> {
  const { profile } = await requireOwnProfile(deps.db, input.user);
  const found = await findOwnAttempt(deps.db, input.attempt, profile.id);
  if (!found?.selfie_filename) throw notFound();
  const data = await deps.photoStore.read(found.selfie_filename);
  if (!data) throw notFound();
  return data;
}
