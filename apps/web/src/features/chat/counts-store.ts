import { useSyncExternalStore } from 'react';

/** Totals of the chat store area (SPEC.md 3): unread messages and new likes. */
export interface ChatCounts {
  unreadMessages: number;
  newLikes: number;
}

let counts: ChatCounts = { unreadMessages: 0, newLikes: 0 };
const listeners = new Set<() => void>();

/** Replaces the totals; the chats and likes issues call this after each refresh. */
export function setChatCounts(next: Partial<ChatCounts>): void {
  counts = { ...counts, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Current unread-message and new-like totals (0 until chats and likes exist). */
export function useChatCounts(): ChatCounts {
  return useSyncExternalStore(
    subscribe,
    () => counts,
    () => counts,
  );
}
