import { FREE_PHOTO_LIMIT, PREMIUM_PHOTO_LIMIT, type Profile } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { findProfileByUserId, listPhotos, type ProfileWithMain } from '../../db/repositories/profiles.js';
import type { UserRow } from '../../db/repositories/users.js';
import { notFound } from '../../errors.js';
import { presentProfile } from '../../presenters/profile.js';

/** Photos a member may keep: 3 free, 25 premium (SPEC.md 5, 6, 9). */
export function photoLimit(user: Pick<UserRow, 'paid_user'>): number {
  return user.paid_user ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT;
}

/** The member's own profile row. @throws AppError not_found when the account has no profile */
export async function requireOwnProfile(db: Db, user: UserRow): Promise<ProfileWithMain> {
  const found = await findProfileByUserId(db, user.id);
  if (!found) throw notFound();
  return found;
}

/** The Profile as its owner sees it (like GET /api/user.php's profile): every photo, with its status. */
export async function loadOwnProfile(db: Db, user: UserRow, now = new Date()): Promise<Profile> {
  const found = await requireOwnProfile(db, user);
  const photos = await listPhotos(db, found.profile.id, true);
  return presentProfile(found, photos, { ownView: true, canSeePrivate: true }, now);
}
