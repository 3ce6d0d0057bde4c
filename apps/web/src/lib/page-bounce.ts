// The zod-free constants only: the public pages' script loads this module too (issue: public site).
import { PAGE_HIDDEN_PATH } from '@app/contracts/constants';
import { readStorage, writeStorage } from './storage';

/** Query parameter that switches page-bounce logging on (SPEC.md 4). */
export const PAGE_BOUNCE_PARAM = 'lb';
const PAGE_BOUNCE_KEY = 'page-bounce';

/** The beacon body of POST /api/page-hidden.php. */
export interface PageHiddenBeacon {
  path: string;
  /** Seconds the page was visible since it was last shown. */
  seconds_visible: number;
  tracking: Record<string, string | undefined>;
}

/**
 * Stores the `lb` flag of `url` for this browser tab and deletes it from `url` (the caller rewrites the
 * address bar). Returns whether page-bounce logging is on.
 */
export function capturePageBounceFlag(url: URL): boolean {
  if (url.searchParams.has(PAGE_BOUNCE_PARAM)) {
    url.searchParams.delete(PAGE_BOUNCE_PARAM);
    writeStorage(PAGE_BOUNCE_KEY, '1', 'session');
  }
  return isPageBounceEnabled();
}

/** Whether the visitor arrived with `lb` in this tab. */
export function isPageBounceEnabled(): boolean {
  return readStorage(PAGE_BOUNCE_KEY, 'session') === '1';
}

let isInstalled = false;

/**
 * Sends a beacon {path, seconds_visible, tracking} each time the page becomes hidden, when the
 * visitor arrived with `lb` (SPEC.md 4, 7). sendBeacon carries no custom header; the server accepts it
 * without the client header. Installs once.
 */
export function installPageBounce(
  readTracking: () => PageHiddenBeacon['tracking'],
  now: () => number = Date.now,
): void {
  if (isInstalled || !isPageBounceEnabled() || typeof navigator.sendBeacon !== 'function') return;
  isInstalled = true;
  let visibleSince = now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') {
      visibleSince = now();
      return;
    }
    const body: PageHiddenBeacon = {
      path: window.location.pathname,
      seconds_visible: Math.max(0, Math.round((now() - visibleSince) / 1000)),
      tracking: readTracking(),
    };
    navigator.sendBeacon(PAGE_HIDDEN_PATH, new Blob([JSON.stringify(body)], { type: 'application/json' }));
  });
}
