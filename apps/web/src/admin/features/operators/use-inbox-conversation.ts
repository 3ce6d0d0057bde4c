import { OPERATOR_HEARTBEAT_SECONDS } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { inboxKeys, openConversation, releaseConversation } from './api';

/** Releases waiting to happen, by conversation id: a remount of the same screen (React's strict mode) cancels it. */
const pendingReleases = new Map<number, ReturnType<typeof setTimeout>>();
/** Milliseconds a release waits for a remount. */
const RELEASE_DELAY_MS = 250;

/**
 * An open inbox conversation: the first load opens it (takes the lock, audit-logged), then a heartbeat
 * every OPERATOR_HEARTBEAT_SECONDS renews the lock and refreshes the messages; leaving the screen gives
 * the lock back. A refusal (another operator holds it) stops the heartbeat until `retake`.
 */
export function useInboxConversation(id: number) {
  const queryClient = useQueryClient();
  const opened = useRef(false);
  const key = inboxKeys.conversation(id);
  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      const view = await openConversation(id, opened.current);
      opened.current = true;
      return view;
    },
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    gcTime: 0,
    refetchInterval: (q) => (q.state.status === 'error' ? false : OPERATOR_HEARTBEAT_SECONDS * 1000),
    refetchIntervalInBackground: true,
  });

  useEffect(() => {
    const pending = pendingReleases.get(id);
    if (pending) clearTimeout(pending);
    pendingReleases.delete(id);
    return () => {
      pendingReleases.set(
        id,
        setTimeout(() => {
          pendingReleases.delete(id);
          releaseConversation(id);
        }, RELEASE_DELAY_MS),
      );
    };
  }, [id]);

  // Closing the tab: the lock expires by itself, but give it back at once when the browser lets us.
  useEffect(() => {
    const onHide = () => releaseConversation(id);
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, [id]);

  return {
    query,
    /** Tries to take the lock again (after a refusal or a lost lock). */
    retake: () => {
      opened.current = false;
      void queryClient.refetchQueries({ queryKey: key });
    },
  };
}
