import { matchRoutes, type RouteObject } from 'react-router';

/**
 * A route's `lazy` function that can also start its downloads early: `preload(lng)` fetches the
 * screen's module and its catalogues in `lng` (and nl) without waiting for i18next (router.tsx
 * `screen()`).
 */
export type PreloadableLazy<T> = (() => Promise<T>) & { preload: (lng: string) => void };

/** Whether `lazy` carries a `preload` (see PreloadableLazy). */
function isPreloadable(lazy: unknown): lazy is PreloadableLazy<unknown> {
  return typeof lazy === 'function' && typeof (lazy as { preload?: unknown }).preload === 'function';
}

/**
 * Starts downloading the modules of the routes that match `pathname`, and their catalogues in `lng`,
 * before the router exists (docs/client.md, first load): main.ts calls it while the settings and
 * the member are still being asked for, so the screen's code arrives beside them instead of after.
 * Lazy routes without a `preload` (layouts, plain imports) are imported as the router would; a failed
 * download is left to the router, which imports again and reports it.
 *
 * @param routes the router's route table (router.tsx `routes`)
 * @param pathname the page's path, e.g. `/members/12`
 * @param lng the language the page most likely starts in (the i18n_redirected cookie, else nl)
 */
export function preloadScreen(routes: RouteObject[], pathname: string, lng: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const lazy = route.lazy;
    if (isPreloadable(lazy)) lazy.preload(lng);
    else if (typeof lazy === 'function') void (lazy as () => Promise<unknown>)().catch(() => undefined);
  }
}
