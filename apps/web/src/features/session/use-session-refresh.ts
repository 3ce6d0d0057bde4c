import { REFRESH_SECONDS } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { queryKeys } from '../../lib/query-client';
import { isRealtimeOpen } from '../../lib/realtime';
import { chatKeys, chatsQuery } from '../chat/api';
import { useRealtimeSync } from './use-realtime-sync';
import { useUser } from './use-user';

/** Whether this browser has a push subscription (SPEC.md 4: then the refresh runs every 300 s). */
export type IsPushSubscribed = () => boolean;
const noPush: IsPushSubscribed = () => false;

/**
 * Refreshes the user, chats and likes 5 s after the page appears and then every 60 s, or 300 s when
 * push-subscribed (SPEC.md 4). While the realtime socket is open, chats and likes arrive through it
 * and only the user is refreshed; while it is down the full refresh is the fallback. Also keeps the
 * socket and the unread badge (chat list) alive for a logged-in member.
 */
export function useSessionRefresh(isPushSubscribed: IsPushSubscribed = noPush): void {
  const client = useQueryClient();
  const user = useUser();
  const isLoggedIn = user !== null;
  useRealtimeSync(isLoggedIn, user?.profile.id ?? null);
  // The chat list feeds the unread badge and the title count on every page.
  useQuery({ ...chatsQuery, enabled: isLoggedIn });
  const pushRef = useRef(isPushSubscribed);
  pushRef.current = isPushSubscribed;

  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'hidden') return;
      void client.invalidateQueries({ queryKey: queryKeys.user });
      if (isRealtimeOpen()) return;
      void client.invalidateQueries({ queryKey: chatKeys.chats });
      void client.invalidateQueries({ queryKey: ['likes'], refetchType: 'all' });
    };
    let timer: ReturnType<typeof setTimeout>;
    const schedule = (seconds: number) => {
      timer = setTimeout(() => {
        refresh();
        schedule(pushRef.current() ? REFRESH_SECONDS.pushSubscribed : REFRESH_SECONDS.normal);
      }, seconds * 1000);
    };
    schedule(REFRESH_SECONDS.first);
    return () => clearTimeout(timer);
  }, [client]);
}
