import type { ChatView, RealtimeEvent, User } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { reconnectRealtime, setRealtimeWanted, subscribeRealtime, useRealtimeStatus } from '../../lib/realtime';
import { addMessageToViews, chatKeys, userKey } from './api';
import { clearTyping, markTyping } from './typing-store';

/**
 * Keeps the realtime socket open while a member is logged in and applies its events to the query
 * cache (DECISIONS.md: real-time chat): new messages, typing, read state, the chat list, the
 * balance, and likes and matches (reloaded for the likes area). After a reconnect everything that
 * may have been missed is reloaded.
 */
export function useRealtimeSync(isLoggedIn: boolean, myProfileId: number | null): void {
  const client = useQueryClient();
  const status = useRealtimeStatus();

  const connectedAs = useRef<number | null>(null);
  useEffect(() => {
    setRealtimeWanted(isLoggedIn);
    // Another member logged in on this page: the open socket belongs to the previous session.
    if (connectedAs.current !== null && myProfileId !== null && connectedAs.current !== myProfileId) {
      reconnectRealtime();
    }
    connectedAs.current = myProfileId;
  }, [isLoggedIn, myProfileId]);

  useEffect(() => {
    if (status !== 'open') return;
    void client.invalidateQueries({ queryKey: chatKeys.chats });
    void client.invalidateQueries({ queryKey: chatKeys.views });
  }, [status, client]);

  useEffect(() => {
    const handle = (event: RealtimeEvent) => {
      switch (event.type) {
        case 'message': {
          const isMine = event.message?.sender === myProfileId;
          if (event.message) {
            clearTyping(event.conversation);
            addMessageToViews(event.message, isMine ? undefined : event.message.sender);
          }
          if (!event.message || isMine) void client.invalidateQueries({ queryKey: chatKeys.views });
          void client.invalidateQueries({ queryKey: chatKeys.chats });
          break;
        }
        case 'typing':
          markTyping(event.conversation);
          break;
        case 'read':
          if (event.profile === myProfileId) {
            void client.invalidateQueries({ queryKey: chatKeys.chats });
            break;
          }
          client.setQueriesData<ChatView>({ queryKey: chatKeys.views }, (view) =>
            view && view.conversation === event.conversation
              ? { ...view, other_last_read: Math.max(view.other_last_read ?? 0, event.message) }
              : view,
          );
          break;
        case 'chats':
          void client.invalidateQueries({ queryKey: chatKeys.chats });
          break;
        case 'credits':
          client.setQueryData<User | null>(userKey, (user) => (user ? { ...user, credits: event.credits } : user));
          break;
        case 'like':
          void client.invalidateQueries({ queryKey: ['likes'] });
          break;
        case 'match':
          // The match dialog host watches the unseen matches: it opens the dialog at once.
          void client.invalidateQueries({ queryKey: ['likes'] });
          void client.invalidateQueries({ queryKey: ['matches', 'unseen'] });
          break;
      }
    };
    return subscribeRealtime(handle);
  }, [client, myProfileId]);
}
