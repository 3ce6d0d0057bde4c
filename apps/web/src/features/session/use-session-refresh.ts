import { REFRESH_SECONDS } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { onPushMessage, reattachPush } from '../../lib/push';
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
 * push-subscribed (SPEC.md 4), and at once when a push arrives (the service worker posts it to the
 * page). While the realtime socket is open, chats and likes arrive through it and only the user is
 * refreshed on the timer; while it is down the full refresh is the fallback. Also keeps the socket
 * and the unread badge (chat list) alive for a logged-in member, and re-attaches this browser's push
 * subscription to whoever logs in (a shared device: the endpoint goes to the member now here).
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
  const userId = user?.id ?? null;

  useEffect(() => {
    if (userId === null) return;
    // Once per member and page load: cheap, and it also heals a subscription the server dropped.
    reattachPush().catch(() => undefined);
  }, [userId]);

  useEffect(() => {
    if (!isLoggedIn) return;
    return onPushMessage(() => {
      void client.invalidateQueries({ queryKey: queryKeys.user });
      void client.invalidateQueries({ queryKey: chatKeys.chats });
      void client.invalidateQueries({ queryKey: ['likes'], refetchType: 'all' });
    });
  }, [client, isLoggedIn]);

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
