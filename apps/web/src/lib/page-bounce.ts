// The zod-free constants only: the public pages' script loads this module too (issue: public site).
import { PAGE_HIDDEN_PATH } from '@app/contracts/constants';
import { readStorage, writeStorage } from './storage';

/** Query parameter that switches page-bounce logging on (SPEC.md 4). */
export const PAGE_BOUNCE_PARAM = 'lb';
const PAGE_BOUNCE_KEY = 'page-bounce';

/**
 * The beacon body of POST /api/page-hidden.php: an empty JSON object (SPEC.md 7). The server takes the
 * page from the beacon's Referer, the member from the session cookie and the traffic source from its
 * cookie (docs/decisions/017-page-hidden-beacon.md).
 */
export const PAGE_HIDDEN_BODY = '{}';

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
 * Sends the beacon with an empty JSON body each time the page becomes hidden, when the visitor arrived
 * with `lb` (SPEC.md 4, 7). sendBeacon carries no custom header; the server accepts it without the
 * client header. Installs once.
 */
export function installPageBounce(): void {
  if (isInstalled || !isPageBounceEnabled() || typeof navigator.sendBeacon !== 'function') return;
  isInstalled = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden') return;
    navigator.sendBeacon(PAGE_HIDDEN_PATH, new Blob([PAGE_HIDDEN_BODY], { type: 'application/json' }));
  });
}
