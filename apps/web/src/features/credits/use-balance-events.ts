import type { User } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../lib/query-client';
import { subscribe } from '../../lib/realtime-router';

/**
 * Puts the balance of a realtime credits event (`credits`, in credits) into the cached user, so the
 * credits badge and the shop show it without a reload (a payment, a message, a gift in another tab).
 */
export function useBalanceEvents(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      subscribe('credits', (event) => {
        client.setQueryData<User | null>(queryKeys.user, (user) => (user ? { ...user, credits: event.credits } : user));
      }),
    [client],
  );
}
