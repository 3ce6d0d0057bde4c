import { CHUNK_RELOAD_GUARD_SECONDS } from '@app/contracts';
import { readStorage, writeStorage } from './storage';

const RELOAD_KEY = 'chunk-reload-at';

/** Whether `error` is a failed dynamic import (a stale deployment's chunk is gone). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS|ChunkLoadError/i.test(
    message,
  );
}

/**
 * Reloads the page after a chunk-load failure, at most once per CHUNK_RELOAD_GUARD_SECONDS (SPEC.md 8).
 * Returns true when a reload was started.
 */
export function reloadAfterChunkError(now: number = Date.now()): boolean {
  const last = Number(readStorage(RELOAD_KEY, 'session') ?? 0);
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_GUARD_SECONDS * 1000) return false;
  writeStorage(RELOAD_KEY, String(now), 'session');
  window.location.reload();
  return true;
}

/** Listens for Vite's preload errors so a stale chunk reloads the page instead of breaking it. */
export function installChunkReloadGuard(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadAfterChunkError()) event.preventDefault();
  });
}
