import { adminAccessCalls, type StaffAccount } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, isApiError } from '../../lib/api';

/** The signed-in staff account, or null when there is no full staff session. */
export const staffQuery = queryOptions({
  queryKey: ['admin', 'me'] as const,
  queryFn: async (): Promise<StaffAccount | null> => {
    try {
      return await call(adminAccessCalls.me);
    } catch (err) {
      if (isApiError(err, 'authentication_required')) return null;
      throw err;
    }
  },
  staleTime: 60_000,
});

/** The signed-in staff account (inside the signed-in layout it is never null). */
export function useStaff(): StaffAccount {
  const { data } = useQuery(staffQuery);
  if (!data) throw new Error('useStaff outside the signed-in layout');
  return data;
}
