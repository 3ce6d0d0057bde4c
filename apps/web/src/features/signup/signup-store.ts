import { useSyncExternalStore } from 'react';

let isOpen = false;
const listeners = new Set<() => void>();

/** Opens or closes the signup modal. */
export function setSignupOpen(open: boolean): void {
  isOpen = open;
  for (const listener of listeners) listener();
}

/** Whether the signup modal is open. */
export function useSignupOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => isOpen,
    () => false,
  );
}
