import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribe } from '../../lib/realtime-router';

/**
 * Reloads the likes area when a realtime like or match arrives. A match also reloads the unseen
 * matches: the match dialog host watches them and opens the dialog at once.
 */
export function useLikeEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    const unsubscribes = [
      subscribe('like', () => void client.invalidateQueries({ queryKey: ['likes'] })),
      subscribe('match', () => {
        void client.invalidateQueries({ queryKey: ['likes'] });
        void client.invalidateQueries({ queryKey: ['matches', 'unseen'] });
      }),
    ];
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [client]);
}
