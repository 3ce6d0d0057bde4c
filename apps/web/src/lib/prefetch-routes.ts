import { PREFETCH_IDLE_MS } from '@app/contracts';
import type { RouteObject } from 'react-router';

/**
 * Route code prefetched when the browser is idle (SPEC.md 9: prefetch idle timeout 2 s; issue:
 * production). After the first render the member area's screens are imported one by one, each in its
 * own idle slice, with the very functions the router's `lazy` uses, so the chunks (and the catalogues
 * those load) are the router's own and a later navigation finds them cached. Never on Save-Data or a
 * 2G connection; never the back office, which is another entry.
 */

/** A lazily loaded module's import (a route's `lazy` function). */
export type Importer = () => Promise<unknown>;

/** What navigator.connection (Network Information API, Chromium) tells, where the browser has it. */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

/** Runs `callback` when the browser is idle, at the latest after `timeoutMs` milliseconds. */
export type IdleScheduler = (callback: () => void, timeoutMs: number) => void;

/**
 * Milliseconds after the page's `load` event before the first prefetch is scheduled (docs/decisions/020):
 * the screen the member opened starts, paints and settles first; the prefetches (each a module to
 * evaluate) then no longer lengthen the start on a slow phone.
 */
export const PREFETCH_AFTER_LOAD_MS = 3000;

/** Calls `callback` `delayMs` after the page's `load` event (at once plus the delay when it has loaded). */
export function afterLoad(callback: () => void, delayMs: number): void {
  const later = () => setTimeout(callback, delayMs);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/** Connection types on which prefetching would cost the member more than it saves. */
const SLOW_CONNECTIONS = new Set(['slow-2g', '2g']);
/** Route names outside the guarded member area that members open from the search. */
const ALSO_PREFETCHED = new Set(['members-id']);

/** Whether prefetching suits `connection`: not with Save-Data on, not on 2G; unknown counts as fine. */
export function shouldPrefetch(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && !SLOW_CONNECTIONS.has(connection.effectiveType ?? '');
}

/** `requestIdleCallback(callback, { timeout })`, or `setTimeout(callback, timeout)` where it is missing (Safari). */
export const whenIdle: IdleScheduler = (callback, timeoutMs) => {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(() => callback(), { timeout: timeoutMs });
  } else {
    setTimeout(callback, timeoutMs);
  }
};

/**
 * The `lazy` functions of the member area in `routes`: every lazily loaded route at or below a route
 * `isGuard` accepts (the member-only part; layouts above it that load lazily too), and the member
 * profile, in the order of the route table.
 */
export function memberScreenImporters(
  routes: readonly RouteObject[],
  isGuard: (route: RouteObject) => boolean,
): Importer[] {
  const importers: Importer[] = [];
  const hasGuard = (route: RouteObject): boolean => isGuard(route) || (route.children ?? []).some(hasGuard);
  const visit = (route: RouteObject, isGuarded: boolean) => {
    const guarded = isGuarded || isGuard(route);
    const name = (route.handle as { name?: string } | undefined)?.name ?? '';
    const isWanted = guarded || ALSO_PREFETCHED.has(name) || hasGuard(route);
    if (isWanted && typeof route.lazy === 'function') importers.push(route.lazy as Importer);
    for (const child of route.children ?? []) visit(child, guarded);
  };
  for (const route of routes) visit(route, false);
  return importers;
}

/**
 * Imports each of `importers` in turn, each in its own idle slice (`schedule`, PREFETCH_IDLE_MS at the
 * latest), unless `connection` says to save data. A failed import is left to the router (it retries,
 * and a stale chunk reloads the page there). Resolves when all were tried or skipped.
 */
export function prefetchWhenIdle(
  importers: readonly Importer[],
  {
    connection = (navigator as Navigator & { connection?: ConnectionInfo }).connection,
    schedule = whenIdle,
  }: { connection?: ConnectionInfo; schedule?: IdleScheduler } = {},
): Promise<void> {
  if (!shouldPrefetch(connection)) return Promise.resolve();
  const queue = [...importers];
  return new Promise((resolve) => {
    const next = () => {
      const importer = queue.shift();
      if (!importer) {
        resolve();
        return;
      }
      schedule(() => {
        importer()
          .catch(() => undefined)
          .finally(next);
      }, PREFETCH_IDLE_MS);
    };
    next();
  });
}
