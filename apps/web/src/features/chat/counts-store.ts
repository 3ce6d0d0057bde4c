import { useSyncExternalStore } from 'react';

/** Totals of the chat store area (SPEC.md 3): unread messages and new likes. */
export interface ChatCounts {
  unreadMessages: number;
  newLikes: number;
}

let counts: ChatCounts = { unreadMessages: 0, newLikes: 0 };
const listeners = new Set<() => void>();

/**
 * Shows unread messages plus new likes on the installed app's icon (SPEC.md 4 app badge); browsers
 * without the Badging API, and any failure, are ignored (SPEC.md 8).
 */
export function updateAppBadge(total: number): void {
  const nav =
    typeof navigator === 'undefined'
      ? undefined
      : (navigator as Navigator & {
          setAppBadge?: (n?: number) => Promise<void>;
          clearAppBadge?: () => Promise<void>;
        });
  try {
    const done = total > 0 ? nav?.setAppBadge?.(total) : nav?.clearAppBadge?.();
    done?.catch(() => undefined);
  } catch {
    // ignored: badges are a nicety
  }
}

/** Replaces the totals; chats set unreadMessages, likes set newLikes. The app badge follows the sum. */
export function setChatCounts(next: Partial<ChatCounts>): void {
  const merged = { ...counts, ...next };
  if (merged.unreadMessages === counts.unreadMessages && merged.newLikes === counts.newLikes) return;
  counts = merged;
  updateAppBadge(counts.unreadMessages + counts.newLikes);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Current unread-message and new-like totals. */
export function useChatCounts(): ChatCounts {
  return useSyncExternalStore(
    subscribe,
    () => counts,
    () => counts,
  );
}
