import { SEARCH_FILTER_COOKIE, searchDefaults, type User } from '@app/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { writeCookie } from '../../lib/cookies';
import { readStorage, writeStorage } from '../../lib/storage';
import { readSearchParams, type SearchParams } from './use-search';

/** Local-storage key prefix of a member's own search filter; the member's user id follows (docs/matching.md). */
export const SEARCH_FILTER_STORAGE_KEY = 'search-filter';

/** Filter fields that are remembered and that make a URL "a search with filters". */
const FILTER_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age', 'distance'] as const;
type Filter = Omit<SearchParams, 'page' | 'explicit'>;

/** The storage key of `userId`'s remembered search filter. */
export function searchFilterKey(userId: number): string {
  return `${SEARCH_FILTER_STORAGE_KEY}:${userId}`;
}

/** Only the filter fields of `search`, without empty values. */
function filterOf(search: Partial<SearchParams>): Filter {
  const out: Record<string, unknown> = {};
  for (const field of FILTER_FIELDS) {
    const value = search[field];
    if (value !== undefined && value !== '') out[field] = value;
  }
  return out as Filter;
}

/** The member's remembered filter, or null when they never chose one (or it is unreadable). */
export function readRememberedFilter(userId: number): Filter | null {
  const raw = readStorage(searchFilterKey(userId));
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    // Read back through the URL reader, so stored values are checked as a URL's would be.
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(parsed)) {
      if ((FILTER_FIELDS as readonly string[]).includes(key)) params.set(key, String(value));
    }
    return filterOf(readSearchParams(params));
  } catch {
    return null;
  }
}

/** Remembers the filter the member chose (SPEC.md 3, search state), for this member on this browser. */
export function rememberFilter(userId: number, search: SearchParams): void {
  writeStorage(searchFilterKey(userId), JSON.stringify(filterOf(search)));
}

/**
 * What the member search shows and asks for (docs/matching.md, "Search defaults"), from the URL
 * query and the logged-in `user` (null for a visitor):
 * - filters in the URL (a link, a page, a submitted form) are used as given, `explicit=1` for members;
 * - else the member's remembered filter (`rememberFilter`, local storage per member), explicitly;
 * - else the member's defaults: the form shows the gender they look for and their own age ±8
 *   (searchDefaults, the server's rule) and the query leaves them out, so the server applies them;
 * - visitors keep the plain URL filters (every gender and age by default).
 * `form` feeds the filter form, `query` the search call; `remember` stores a submitted filter.
 */
export function resolveSearch(
  params: URLSearchParams,
  user: Pick<User, 'id' | 'profile'> | null,
  remembered: Filter | null,
  today: Date = new Date(),
): { form: SearchParams; query: SearchParams } {
  const fromUrl = readSearchParams(params);
  if (!user) return { form: fromUrl, query: fromUrl };
  const hasUrlFilters = FILTER_FIELDS.some((f) => params.has(f) && params.get(f) !== '');
  if (hasUrlFilters) return { form: fromUrl, query: { ...fromUrl, explicit: '1' } };
  if (remembered) {
    const chosen = { ...remembered, page: fromUrl.page };
    return { form: chosen, query: { ...chosen, explicit: '1' } };
  }
  const dob = user.profile.date_of_birth;
  if (!dob) return { form: fromUrl, query: fromUrl };
  const defaults = searchDefaults({ ...user.profile, date_of_birth: dob }, today);
  return { form: { ...fromUrl, ...filterOf(defaults) }, query: fromUrl };
}

/**
 * The member search's form values and query for the current URL and member (see resolveSearch),
 * and `remember(next)`, which stores a filter the member submitted so it replaces the defaults from
 * then on (only for a logged-in member).
 */
export function useSearchDefaults(
  params: URLSearchParams,
  user: Pick<User, 'id' | 'profile'> | null,
): { form: SearchParams; query: SearchParams; remember: (next: SearchParams) => void } {
  const userId = user?.id;
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` re-reads storage after remember().
  const remembered = useMemo(() => (userId === undefined ? null : readRememberedFilter(userId)), [userId, version]);
  // The server's snapshot of /members shows the page this filter asks for (SEARCH_FILTER_COOKIE).
  useEffect(() => {
    if (userId === undefined) return;
    const query = new URLSearchParams(Object.entries(remembered ?? {}).map(([key, value]) => [key, String(value)]));
    writeCookie(SEARCH_FILTER_COOKIE.name, remembered ? `${userId}:${query}` : '', SEARCH_FILTER_COOKIE.days);
  }, [userId, remembered]);
  const profile = user?.profile;
  const resolved = useMemo(
    () => resolveSearch(params, userId === undefined || !profile ? null : { id: userId, profile }, remembered),
    [params, userId, profile, remembered],
  );
  const remember = useCallback(
    (next: SearchParams) => {
      if (userId === undefined) return;
      rememberFilter(userId, next);
      setVersion((v) => v + 1);
    },
    [userId],
  );
  return { ...resolved, remember };
}
