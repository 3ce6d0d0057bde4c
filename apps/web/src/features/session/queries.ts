import { sessionCalls, siteCalls, type User } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, isApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

/**
 * GET /api/settings.php?route=&lang=: the site's settings with its own texts (title, description,
 * fictional label and warning, profile-field notes) in `lng`, the interface language (SPEC.md 3, 7).
 * The key holds the language, so switching language fetches the texts in the new one; loaded once each.
 */
export function settingsQuery(
  lng: string,
  route: string = typeof window === 'undefined' ? '/' : window.location.pathname,
) {
  return queryOptions({
    queryKey: queryKeys.settingsIn(lng),
    queryFn: ({ signal }) => call(siteCalls.settings, { query: { route, lang: lng }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /api/user.php: the logged-in user, or null when logged out (403 authentication_required). */
export const userQuery = queryOptions({
  queryKey: queryKeys.user,
  queryFn: async ({ signal }): Promise<User | null> => {
    try {
      return await call(sessionCalls.currentUser, { signal });
    } catch (err) {
      if (isApiError(err, 'authentication_required')) return null;
      throw err;
    }
  },
  staleTime: 10_000,
});

/** GET /api/companyinfo.php, loaded once. */
export const companyInfoQuery = queryOptions({
  queryKey: queryKeys.companyInfo,
  queryFn: ({ signal }) => call(siteCalls.companyInfo, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** GET /api/interests.php, loaded once. */
export const interestsQuery = queryOptions({
  queryKey: queryKeys.interests,
  queryFn: ({ signal }) => call(siteCalls.interests, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** GET /api/regions.php: regions per country code, loaded once. */
export const regionsQuery = queryOptions({
  queryKey: queryKeys.regions,
  queryFn: ({ signal }) => call(siteCalls.regions, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});
