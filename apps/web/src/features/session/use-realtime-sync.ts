import { useEffect, useRef } from 'react';
import { reconnectRealtime, setRealtimeWanted } from '../../lib/realtime';
import { useChatEvents } from '../chat/use-chat-events';
import { useBalanceEvents } from '../credits/use-balance-events';
import { useLikeEvents } from '../likes/use-like-events';

/**
 * Keeps the realtime socket open while a member is logged in (`isLoggedIn`; `myProfileId` is their
 * profile id, null when logged out) and lets each feature apply its own events (DECISIONS.md:
 * real-time chat): chat (messages, typing, read state, chat list), likes (likes and matches) and
 * credits (the balance). A different member logging in on the same page reopens the socket.
 */
export function useRealtimeSync(isLoggedIn: boolean, myProfileId: number | null): void {
  const connectedAs = useRef<number | null>(null);
  useEffect(() => {
    setRealtimeWanted(isLoggedIn);
    // Another member logged in on this page: the open socket belongs to the previous session.
    if (connectedAs.current !== null && myProfileId !== null && connectedAs.current !== myProfileId) {
      reconnectRealtime();
    }
    connectedAs.current = myProfileId;
  }, [isLoggedIn, myProfileId]);

  useChatEvents(myProfileId);
  useLikeEvents();
  useBalanceEvents();
}
