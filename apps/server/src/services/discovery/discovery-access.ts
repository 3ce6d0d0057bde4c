import type { Db } from '../../db/client.js';
import { isBlockedEitherWay } from '../../db/repositories/blocks.js';
import { findProfile, ownProfileOf, type ProfileRow } from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import { forbidden, notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, profileResource } from '../../policies/policies.js';

/**
 * The member's own profile, needed for every discovery call.
 * @throws AppError forbidden (403) when the account has no profile
 */
export async function requireOwnProfile(db: Db, user: UserRow): Promise<ProfileRow> {
  const own = await ownProfileOf(db, user);
  if (!own) throw forbidden();
  return own.profile;
}

/**
 * Another member's active profile on the site that `viewer` may reach: not the own profile and no
 * block either way (SPEC.md 4); `allowBlocked` lets the blocker still reach it (to unblock). The
 * policy (`actor` may view the profile) is asked once the row is loaded.
 * @throws AppError not_found (404) otherwise, so a blocked member learns nothing of the blocker
 */
export async function reachableProfile(
  db: Db,
  at: { actor: Actor; site: SiteRow },
  viewer: ProfileRow,
  id: number,
  opts: { allowBlocked?: boolean } = {},
): Promise<ProfileRow> {
  const found = await findProfile(db, at.site.id, id);
  if (!found || found.profile.id === viewer.id || found.profile.status !== 'active') throw notFound();
  authorize(at.actor, 'view', profileResource(found.profile));
  if (!opts.allowBlocked && (await isBlockedEitherWay(db, viewer.id, id))) throw notFound();
  return found.profile;
}

/** Genders a member looks for by default: hetero the other, gay or lesbian the same, bi both. */
export function soughtGenders(profile: Pick<ProfileRow, 'gender' | 'sexuality'>): ('male' | 'female')[] {
  const other = profile.gender === 'male' ? 'female' : 'male';
  if (profile.sexuality === 'bi') return ['female', 'male'];
  if (profile.sexuality === 'gay' || profile.sexuality === 'lesbian') return [profile.gender as 'male' | 'female'];
  return [other];
}
