import { useSyncExternalStore } from 'react';

/** A short message shown in the toast stack. */
export interface Toast {
  id: number;
  message: string;
  variant: 'success' | 'danger' | 'info' | 'warning';
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Shows a toast for `ms` milliseconds. */
export function showToast(message: string, variant: Toast['variant'] = 'info', ms = 5000): void {
  const id = nextId++;
  toasts = [...toasts, { id, message, variant }];
  emit();
  setTimeout(() => dismissToast(id), ms);
}

/** Removes a toast. */
export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** The toasts currently shown. */
export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
}
