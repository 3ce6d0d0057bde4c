import type { MemberCard } from '@app/contracts';
import { useSyncExternalStore } from 'react';

/** Matches waiting for their dialog, oldest first; the dialog shows the first. */
let queue: MemberCard[] = [];
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Queues the match dialog for `card` (once per profile). */
export function showMatch(card: MemberCard): void {
  if (queue.some((c) => c.id === card.id)) return;
  queue = [...queue, card];
  emit();
}

/** Closes the dialog of the first queued match. */
export function dismissMatch(): void {
  queue = queue.slice(1);
  emit();
}

/** The match whose dialog is open, or null. */
export function useCurrentMatch(): MemberCard | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => queue[0] ?? null,
    () => null,
  );
}
