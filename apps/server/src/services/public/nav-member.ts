import { ownProfileOf, type ProfileWithMain } from '../../db/repositories/profiles.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';

/** The logged-in member as a public page's top navigation needs them: the account and the own profile. */
export interface NavMemberView {
  user: UserRow;
  /** The own profile with its main photo; null only for an account without a profile. */
  own: ProfileWithMain | null;
}

/**
 * The member a public page shows the member navigation for (SPEC.md 2 "Top navigation (logged in)"):
 * the request's account and its own profile, which a GET request has already read with its session
 * (repositories/profiles preloadOwnProfile), so this costs no query there. Input: `{ user }`, the
 * request's logged-in account.
 */
export async function loadNavMember({ db }: Pick<AppDeps, 'db'>, { user }: { user: UserRow }): Promise<NavMemberView> {
  return { user, own: await ownProfileOf(db, user) };
}
