import { FREE_PHOTO_LIMIT, PREMIUM_PHOTO_LIMIT } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { listPhotos, ownProfileOf, type PhotoRow, type ProfileWithMain } from '../../db/repositories/profiles.js';
import type { UserRow } from '../../db/repositories/users.js';
import { notFound } from '../../errors.js';

/** A member's own profile (with its main photo) and all of its photos, any status, by position. */
export interface OwnProfile {
  profile: ProfileWithMain;
  photos: PhotoRow[];
}

/** Photos a member may keep: 3 free, 25 premium (SPEC.md 5, 6, 9). */
export function photoLimit(user: Pick<UserRow, 'paid_user'>): number {
  return user.paid_user ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT;
}

/** The member's own profile row. @throws AppError not_found when the account has no profile */
export async function requireOwnProfile(db: Db, user: UserRow): Promise<ProfileWithMain> {
  const found = await ownProfileOf(db, user);
  if (!found) throw notFound();
  return found;
}

/**
 * The profile as its owner sees it (like GET /api/user.php's profile, SPEC.md 3): every photo, with
 * its status; `presentOwnProfile` makes the Profile of it.
 * @returns `{ profile, photos }`
 * @throws AppError not_found when the account has no profile
 */
export async function loadOwnProfile(db: Db, user: UserRow): Promise<OwnProfile> {
  const profile = await requireOwnProfile(db, user);
  const photos = await listPhotos(db, profile.profile.id, true);
  return { profile, photos };
}
