import { useSyncExternalStore } from 'react';

interface SignupState {
  isOpen: boolean;
  /** True from the first submit until the flow ends: the modal then cannot be dismissed (SPEC.md 2). */
  isInProgress: boolean;
}

let state: SignupState = { isOpen: false, isInProgress: false };
const listeners = new Set<() => void>();

function update(next: Partial<SignupState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens or closes the signup modal; closing also ends a signup in progress. */
export function setSignupOpen(open: boolean): void {
  update(open ? { isOpen: true } : { isOpen: false, isInProgress: false });
}

/** Marks the signup as in progress (after the first submit) or finished. */
export function setSignupInProgress(isInProgress: boolean): void {
  update({ isInProgress });
}

/** Whether the signup modal is open. */
export function useSignupOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => state.isOpen,
    () => false,
  );
}

/** Whether a signup is in progress. */
export function useSignupInProgress(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => state.isInProgress,
    () => false,
  );
}
