import { type MatchPreferences, MatchPreferencesSchema } from '@app/contracts';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import { requireOwnProfile } from './discovery-access.js';
import type { DiscoveryDeps } from './like-member.js';
import { defaultPreferences, type MatchFinderResult, rank } from './match-finder.js';

/** Reads saved preferences, or null when none (or no longer valid). */
function savedPreferences(user: UserRow): MatchPreferences | null {
  const parsed = MatchPreferencesSchema.safeParse(user.match_preferences);
  return parsed.success ? parsed.data : null;
}

/**
 * GET /api/match-finder.php (SPEC.md 2): the saved (or default) preferences and ranked proposals;
 * candidates always fit the member (their sexuality is interested in the member's gender).
 * Input: `{ site, user }`.
 * @returns `{ preferences, saved, results }` (MatchFinderResult)
 * @throws AppError forbidden (403) when the account has no profile
 */
export async function findMatches(
  deps: Pick<DiscoveryDeps, 'db' | 'clock'>,
  input: { site: SiteRow; user: UserRow },
): Promise<MatchFinderResult> {
  const { site, user } = input;
  const own = await requireOwnProfile(deps.db, user);
  const saved = savedPreferences(user);
  const prefs = saved ?? defaultPreferences(own, deps.clock.now());
  return { preferences: prefs, saved: saved !== null, results: await rank(deps, site, own, prefs) };
}
