import { REFRESH_SECONDS } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../lib/query-client';

/**
 * Refreshes the user (later also chats and likes) 5 s after the page appears and then every 60 s
 * (SPEC.md 4). The 300 s push-subscribed interval arrives with push support.
 */
export function useSessionRefresh(): void {
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'hidden') return;
      void client.invalidateQueries({ queryKey: queryKeys.user });
    };
    let interval: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(() => {
      refresh();
      interval = setInterval(refresh, REFRESH_SECONDS.normal * 1000);
    }, REFRESH_SECONDS.first * 1000);
    return () => {
      clearTimeout(first);
      if (interval) clearInterval(interval);
    };
  }, [client]);
}
