import type { User } from '@app/contracts';
import { findProfileByUserId, listPhotos } from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { presentProfile } from '../../presenters/profile.js';

/**
 * The User entity of SPEC.md section 3 for a logged-in account, with its own profile (photos
 * awaiting approval included, marked by status). Input: `{ site, user }`, the logged-in account.
 * @throws AppError not_found when the account has no profile (never after signup)
 */
export async function loadCurrentUser(
  { db }: Pick<AppDeps, 'db'>,
  { site, user }: { site: SiteRow; user: UserRow },
): Promise<User> {
  const profile = await findProfileByUserId(db, user.id);
  if (!profile) throw notFound();
  const photos = await listPhotos(db, profile.profile.id, true);
  return {
    id: user.id,
    email: user.email,
    language: user.language as User['language'],
    status: user.status as User['status'],
    credits: user.credits,
    paid_user: user.paid_user,
    signup_date: user.signup_date.toISOString(),
    notifications_disabled: user.notifications_disabled as User['notifications_disabled'],
    fictional_icon: site.fictional_icon,
    profile: presentProfile(profile, photos, { ownView: true, canSeePrivate: true }),
  };
}
