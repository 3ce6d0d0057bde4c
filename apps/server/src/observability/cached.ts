import type { Clock } from '../clock.js';

/**
 * `load` behind a cache of `ttlSeconds` by `clock`: callers within that time share one result (a
 * failure too, so a scrape storm cannot hammer a database that is down), and concurrent callers
 * share one run of `load`.
 * @throws what `load` threw, to every caller within the cache time
 */
export function cachedLoader<T>(load: () => Promise<T>, ttlSeconds: number, clock: Clock): () => Promise<T> {
  let pending: Promise<T> | null = null;
  let loadedAt = Number.NEGATIVE_INFINITY;
  return () => {
    const now = clock.now().getTime();
    if (pending && now - loadedAt < ttlSeconds * 1000) return pending;
    loadedAt = now;
    pending = load();
    return pending;
  };
}
