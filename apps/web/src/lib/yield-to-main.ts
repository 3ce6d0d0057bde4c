/**
 * Ends the current task and resolves in a new one, so the browser can paint and handle input in
 * between (docs/decisions/020): the app's start is several short tasks instead of one long one,
 * which on a slow phone blocked the page for a quarter of a second (Lighthouse's total blocking
 * time). `scheduler.yield()` where the browser has it (it keeps the continuation ahead of other
 * tasks), else a zero-delay timeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
