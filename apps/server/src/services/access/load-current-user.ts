import { listPhotos, ownProfileOf } from '../../db/repositories/profiles.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { OwnProfile } from '../profile/own-profile.js';

/** A logged-in account with its own profile and every photo of it (any status). */
export interface CurrentUser extends OwnProfile {
  user: UserRow;
}

/**
 * The logged-in account of SPEC.md section 3 (User entity) with its own profile, photos awaiting
 * approval included (`presentCurrentUser` makes the User of it). Input: `{ user }`,
 * the logged-in account.
 * @returns `{ user, profile, photos }`: the account row, the own profile with its main photo, its photos
 * @throws AppError not_found when the account has no profile (never after signup)
 */
export async function loadCurrentUser({ db }: Pick<AppDeps, 'db'>, { user }: { user: UserRow }): Promise<CurrentUser> {
  const profile = await ownProfileOf(db, user);
  if (!profile) throw notFound();
  const photos = await listPhotos(db, profile.profile.id, true);
  return { user, profile, photos };
}
