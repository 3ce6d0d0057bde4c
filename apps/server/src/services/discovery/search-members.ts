import {
  isLoggedOutSearchAllowed,
  MAXIMUM_AGE,
  MINIMUM_AGE,
  type SearchQuery,
  type SearchWidening,
  SIMILAR_AGE_WIDENING,
} from '@app/contracts';
import type { Db } from '../../db/client.js';
import { type ProfileSearch, searchProfiles } from '../../db/repositories/member-search.js';
import { ownProfileOf, type ProfileWithMain } from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { authenticationRequired } from '../../errors.js';
import { searchPreferenceFilters } from './preferences.js';

type Filters = Omit<ProfileSearch, 'limit' | 'offset' | 'withTotal' | 'excludeIds'>;

/** One page of the member search, as found (presented by `presentSearchResults`). */
export interface MemberSearchPage {
  /** The page number asked for, from 1. */
  page: number;
  /** Matches counted; stops at the search's cap when `capped`. */
  total: number;
  capped: boolean;
  rows: ProfileWithMain[];
  /** Results of the widened search when the first page was not full (SPEC.md 3, similar results). */
  similar?: { widened: SearchWidening[]; rows: ProfileWithMain[] };
}

/** How each widening step changes the filters, or null when the step does not apply. */
const WIDEN: Record<SearchWidening, (f: Filters) => Filters | null> = {
  region: (f) => (f.region ? { ...f, region: undefined } : null),
  age: (f) =>
    f.minAge || f.maxAge
      ? {
          ...f,
          minAge: f.minAge ? Math.max(MINIMUM_AGE, f.minAge - SIMILAR_AGE_WIDENING) : undefined,
          maxAge: f.maxAge ? Math.min(MAXIMUM_AGE, f.maxAge + SIMILAR_AGE_WIDENING) : undefined,
        }
      : null,
  country: (f) => (f.country ? { ...f, country: undefined, region: undefined } : null),
  distance: (f) => (f.distanceKm && f.origin ? { ...f, distanceKm: undefined } : null),
};
const WIDEN_ORDER: SearchWidening[] = ['region', 'age', 'country', 'distance'];

/**
 * Similar results for a search that found less than a page (SPEC.md 3, "similar results"): widens
 * step by step (drop the region, ages ±5 years, drop the country, drop the distance) until the first
 * page would be full, leaving out what the search itself found. Undefined when nothing widens. The
 * steps are read at once, each in one statement (issue 31: a search page in at most three round
 * trips one after another, whatever the filters), and the first that fills the page is taken.
 */
async function similarResults(
  db: Db,
  filters: Filters,
  found: number[],
  perPage: number,
): Promise<{ widened: SearchWidening[]; rows: Awaited<ReturnType<typeof searchProfiles>>['rows'] } | undefined> {
  const steps: { widened: SearchWidening[]; filters: Filters }[] = [];
  let current = filters;
  for (const step of WIDEN_ORDER) {
    const next = WIDEN[step](current);
    if (!next) continue;
    current = next;
    steps.push({ widened: [...(steps.at(-1)?.widened ?? []), step], filters: current });
  }
  const pages = await Promise.all(
    steps.map((step) =>
      searchProfiles(db, { ...step.filters, excludeIds: found, limit: perPage, offset: 0, withTotal: false }),
    ),
  );
  const filled = pages.findIndex((page) => page.rows.length + found.length >= perPage);
  const last = filled === -1 ? pages.length - 1 : filled;
  const rows = pages[last]?.rows ?? [];
  const widened = steps[last]?.widened ?? [];
  return widened.length > 0 && rows.length > 0 ? { widened, rows } : undefined;
}

/**
 * One page of the member search of SPEC.md sections 2-3 (Search state). Visitors may search only
 * as the site allows (SPEC.md 5, logged-out search). Invisible members, blocked members (either way),
 * deleted and non-active profiles never appear. Order: online and recently active first, then nearest
 * to the member's own location (when known), which the `distance` filter (km) also uses. A member
 * sees only profiles that fit them (gender and sexuality); gender and age filters they leave out take
 * their defaults unless `explicit=1` (docs/matching.md, "Whom a member is shown"). A first page
 * with less than `per_page` results gets `similar` results from a widened search.
 * Input: `{ site, viewer, query, hasTrafficSource }`: `viewer` null for a visitor, `hasTrafficSource`
 * when the visitor arrived with a tracking cookie; ages are read at `deps.clock.now()`.
 * @returns `{ page, total, capped, rows, similar? }` (MemberSearchPage): profile rows with their main photo
 * @throws AppError authentication_required (403) when a visitor may not search
 */
export async function searchMembers(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { site: SiteRow; viewer: UserRow | null; query: SearchQuery; hasTrafficSource: boolean },
): Promise<MemberSearchPage> {
  const { db } = deps;
  const { site, viewer, query, hasTrafficSource } = input;
  const now = deps.clock.now();
  if (!viewer && !isLoggedOutSearchAllowed(site, hasTrafficSource)) throw authenticationRequired();
  const own = viewer ? await ownProfileOf(db, viewer) : null;
  const { fit, gender, minAge, maxAge } = searchPreferenceFilters(own?.profile ?? null, query, now);
  const lat = own?.profile.latitude;
  const lon = own?.profile.longitude;
  const origin = lat != null && lon != null ? { lat, lon } : undefined;
  const filters: Filters = {
    siteId: site.id,
    viewerProfileId: own?.profile.id,
    gender,
    fit,
    country: query.country,
    region: query.countryregion,
    minAge,
    maxAge,
    origin,
    originCountry: own?.profile.country,
    distanceKm: origin ? query.distance : undefined,
    verifiedOnly: query.verified_only === '1',
    now,
  };
  const { rows, total, capped } = await searchProfiles(db, {
    ...filters,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const result: MemberSearchPage = { page: query.page, total, capped, rows };
  if (query.page === 1 && total < query.per_page) {
    const similar = await similarResults(
      db,
      filters,
      rows.map((r) => r.profile.id),
      query.per_page,
    );
    if (similar) result.similar = similar;
  }
  return result;
}
