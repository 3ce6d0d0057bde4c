import { useQuery } from '@tanstack/react-query';

/**
 * Runs a single-use token call (activation, mail change, reactivation) once per token: a query rather
 * than an effect, so React's double mount and re-renders never spend the token twice. Not retried.
 */
export function useTokenAction<T>(name: string, token: string | null, action: (token: string) => Promise<T>) {
  return useQuery({
    queryKey: ['token-action', name, token],
    queryFn: () => action(token ?? ''),
    enabled: Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
}
