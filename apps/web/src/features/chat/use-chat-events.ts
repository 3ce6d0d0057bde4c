import type { ChatView } from '@app/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRealtimeStatus } from '../../lib/realtime';
import { type RealtimeEventOf, subscribe } from '../../lib/realtime-router';
import { addMessageToViews, chatKeys } from './api';
import { clearTyping, markTyping } from './typing-store';

/** A new message: shown at once when it came along, else the views reload; the chat list always does. */
function handleMessage(client: QueryClient, myProfileId: number | null, event: RealtimeEventOf<'message'>): void {
  const isMine = event.message?.sender === myProfileId;
  if (event.message) {
    clearTyping(event.conversation);
    addMessageToViews(event.message, isMine ? undefined : event.message.sender);
  }
  if (!event.message || isMine) void client.invalidateQueries({ queryKey: chatKeys.views });
  void client.invalidateQueries({ queryKey: chatKeys.chats });
}

/** Read state: my own read (another tab) only changes the unread counts; the other's moves the ticks. */
function handleRead(client: QueryClient, myProfileId: number | null, event: RealtimeEventOf<'read'>): void {
  if (event.profile === myProfileId) {
    void client.invalidateQueries({ queryKey: chatKeys.chats });
    return;
  }
  client.setQueriesData<ChatView>({ queryKey: chatKeys.views }, (view) =>
    view && view.conversation === event.conversation
      ? { ...view, other_last_read: Math.max(view.other_last_read ?? 0, event.message) }
      : view,
  );
}

/**
 * Applies the chat's realtime events to the query cache (DECISIONS.md: real-time chat): new messages,
 * typing, read state and chat-list changes. `myProfileId` is the logged-in member's profile id (null
 * when logged out), to tell my own messages and reads from the other member's. Whenever the socket
 * (re)opens, the chat list and the open conversations reload: events may have been missed meanwhile.
 */
export function useChatEvents(myProfileId: number | null): void {
  const client = useQueryClient();
  const status = useRealtimeStatus();

  useEffect(() => {
    if (status !== 'open') return;
    void client.invalidateQueries({ queryKey: chatKeys.chats });
    void client.invalidateQueries({ queryKey: chatKeys.views });
  }, [status, client]);

  useEffect(() => {
    const unsubscribes = [
      subscribe('message', (event) => handleMessage(client, myProfileId, event)),
      subscribe('typing', (event) => markTyping(event.conversation)),
      subscribe('read', (event) => handleRead(client, myProfileId, event)),
      subscribe('chats', () => void client.invalidateQueries({ queryKey: chatKeys.chats })),
      // A received photo was scored (issue: explicit photos): shown, or blurred as possibly explicit.
      subscribe('photo_checked', () => void client.invalidateQueries({ queryKey: chatKeys.views })),
    ];
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [client, myProfileId]);
}
