import { type Gender, memberCalls, SEARCH_FILTER_KEYS, SEARCH_PAGE_SIZE } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

/** The search filters kept in the URL query (SPEC.md 3, search state). */
export interface SearchParams {
  gender?: string;
  country?: string;
  countryregion?: string;
  min_age?: number;
  max_age?: number;
  /** km from the member's own location (members only). */
  distance?: number;
  /** '1': verified members only (issue: verified members). */
  verified_only?: '1';
  page: number;
  /** '1': the filters are the member's own choice, so the server adds no defaults (docs/matching.md); never in the URL. */
  explicit?: '1';
}

/** Reads the search state from URL query parameters. */
export function readSearchParams(params: URLSearchParams): SearchParams {
  const num = (key: string) => {
    const value = Number(params.get(key));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  return {
    gender: params.get('gender') || undefined,
    country: params.get('country') || undefined,
    countryregion: params.get('countryregion') || undefined,
    min_age: num('min_age'),
    max_age: num('max_age'),
    distance: num('distance'),
    verified_only: params.get('verified_only') === '1' ? '1' : undefined,
    page: num('page') ?? 1,
  };
}

/** Writes the search state to URL query parameters (page 1 is left out). */
export function toUrlParams(search: SearchParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of SEARCH_FILTER_KEYS) {
    const value = search[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

/** GET /api/search.php with the given filters. */
export function searchQuery(search: SearchParams, perPage = SEARCH_PAGE_SIZE) {
  const query = { ...search, per_page: perPage };
  return queryOptions({
    queryKey: queryKeys.search(query),
    // The gender comes from the URL unchecked: an unknown one is the server's 400 validation_failed.
    queryFn: ({ signal }) =>
      call(memberCalls.search, { query: { ...query, gender: query.gender as Gender | undefined }, signal }),
  });
}

/** One page of search results; the previous page stays visible while the next loads. */
export function useSearch(search: SearchParams, options: { enabled?: boolean; perPage?: number } = {}) {
  return useQuery({
    ...searchQuery(search, options.perPage),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}
