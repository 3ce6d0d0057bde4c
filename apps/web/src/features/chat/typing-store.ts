import { TYPING_VISIBLE_SECONDS } from '@app/contracts';
import { useEffect, useState, useSyncExternalStore } from 'react';

/** Conversation id → time (ms) until which "is typing" shows. */
let typing = new Map<number, number>();
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** The other member types in `conversation` (a realtime typing event). */
export function markTyping(conversation: number, now = Date.now()): void {
  typing = new Map(typing).set(conversation, now + TYPING_VISIBLE_SECONDS * 1000);
  emit();
}

/** The other member's message arrived: they stopped typing. */
export function clearTyping(conversation: number): void {
  if (!typing.has(conversation)) return;
  typing = new Map(typing);
  typing.delete(conversation);
  emit();
}

/** Whether the other member is typing in `conversation` now; turns false by itself after a few seconds. */
export function useIsTyping(conversation: number | null): boolean {
  const map = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => typing,
    () => typing,
  );
  const until = conversation === null ? 0 : (map.get(conversation) ?? 0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = until - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left + 50);
    return () => clearTimeout(timer);
  }, [until]);
  return until > Math.max(now, Date.now() - 1);
}
