/** Safe wrappers around web storage: private mode and blocked storage must never break a page. */

function store(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Reads a string from local or session storage; null when missing or blocked. */
export function readStorage(key: string, kind: 'local' | 'session' = 'local'): string | null {
  try {
    return store(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a string to local or session storage; ignored when blocked. */
export function writeStorage(key: string, value: string, kind: 'local' | 'session' = 'local'): void {
  try {
    store(kind)?.setItem(key, value);
  } catch {
    // storage full or blocked: the dismissal simply is not remembered
  }
}

/** Time (ms since epoch) a dismissal was stored under `key` (SPEC.md 4), or null. */
export function readDismissal(key: string): number | null {
  const raw = readStorage(key);
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** Stores the time of a dismissal under `key` (SPEC.md 4). */
export function storeDismissal(key: string, now: number = Date.now()): void {
  writeStorage(key, String(now));
}
