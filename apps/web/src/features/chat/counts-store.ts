import { useSyncExternalStore } from 'react';

/** Totals of the chat store area (SPEC.md 3): unread messages and new likes. */
export interface ChatCounts {
  unreadMessages: number;
  newLikes: number;
}

const NONE: ChatCounts = { unreadMessages: 0, newLikes: 0 };
let counts: ChatCounts = NONE;
// The badge may still show what the service worker set from a push while no page was open, so the
// first totals of a page always reach it, even when they equal the starting zeros.
let isBadgeSynced = false;
const listeners = new Set<() => void>();

/**
 * Shows unread messages plus new likes on the installed app's icon (SPEC.md 4 app badge; 0 clears
 * it); browsers without the Badging API, and any failure, are ignored (SPEC.md 8). The service
 * worker sets the same badge from a push (apps/web/src/sw.ts) while no page is open.
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
  const isSame = merged.unreadMessages === counts.unreadMessages && merged.newLikes === counts.newLikes;
  if (isSame && isBadgeSynced) return;
  isBadgeSynced = true;
  updateAppBadge(merged.unreadMessages + merged.newLikes);
  if (isSame) return;
  counts = merged;
  for (const listener of listeners) listener();
}

/** Back to no unread messages and no new likes, badge cleared (after a logout: nothing of the member stays). */
export function resetChatCounts(): void {
  setChatCounts(NONE);
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
