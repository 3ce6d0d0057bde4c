import { isLoggedOutSearchAllowed, type SearchQuery, type SearchResponse } from '@app/contracts';
import type { Db } from '../db/client.js';
import { findProfileByUserId, searchProfiles } from '../db/repositories/profiles.js';
import type { SiteRow } from '../db/repositories/sites.js';
import type { UserRow } from '../db/repositories/users.js';
import { authenticationRequired } from '../errors.js';
import { presentCard } from '../presenters/profile.js';

/**
 * One page of the member search of SPEC.md sections 2-3 (Search state). Visitors may search only
 * as the site allows (SPEC.md 5, logged-out search).
 * @throws AppError authentication_required when a visitor may not search
 */
export async function searchMembers(
  db: Db,
  site: SiteRow,
  viewer: UserRow | null,
  query: SearchQuery,
  hasTrafficSource: boolean,
): Promise<SearchResponse> {
  if (!viewer && !isLoggedOutSearchAllowed(site, hasTrafficSource)) throw authenticationRequired();
  const own = viewer ? await findProfileByUserId(db, viewer.id) : null;
  const [minAge, maxAge] =
    query.min_age && query.max_age && query.min_age > query.max_age
      ? [query.max_age, query.min_age]
      : [query.min_age, query.max_age];
  const { rows, total } = await searchProfiles(db, {
    siteId: site.id,
    excludeProfileId: own?.profile.id,
    gender: query.gender,
    country: query.country,
    region: query.countryregion,
    minAge,
    maxAge,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const now = new Date();
  return { pageNumber: query.page, numResults: total, results: rows.map((r) => presentCard(r, now)) };
}
