import type { MatchPreferences } from '@app/contracts';
import { saveMatchPreferences } from '../../db/repositories/match-finder.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import { requireOwnProfile } from './discovery-access.js';
import type { DiscoveryDeps } from './like-member.js';
import { type MatchFinderResult, rank } from './match-finder.js';

/**
 * PUT /api/match-finder.php: saves what the member looks for (users.match_preferences) and ranks
 * again. Input: `{ site, user, prefs }` (distance in km, ages in years).
 * @returns `{ preferences, saved: true, results }` (MatchFinderResult)
 * @throws AppError forbidden (403) when the account has no profile
 */
export async function saveAndFindMatches(
  deps: Pick<DiscoveryDeps, 'db' | 'clock'>,
  input: { site: SiteRow; user: UserRow; prefs: MatchPreferences },
): Promise<MatchFinderResult> {
  const { site, user, prefs } = input;
  const own = await requireOwnProfile(deps.db, user);
  await saveMatchPreferences(deps.db, user.id, prefs);
  return { preferences: prefs, saved: true, results: await rank(deps, site, own, prefs) };
}
