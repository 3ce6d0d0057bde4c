import { memberCalls } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

/** GET /api/profile.php?id=: a profile with related profiles; 404 not_found when absent. */
export function profileQuery(id: number) {
  return queryOptions({
    queryKey: queryKeys.profile(id),
    queryFn: ({ signal }) => call(memberCalls.profile, { query: { id }, signal }),
  });
}

/** The profile view of member `id`. */
export function useProfile(id: number) {
  return useQuery({ ...profileQuery(id), enabled: Number.isInteger(id) && id > 0 });
}
