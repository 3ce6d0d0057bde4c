// The zod-free constants only: the public pages' script loads this module too (issue: public site).
import { TRACKING_PARAMS, TRACKING_STORAGE_KEY, TRAFFIC_SOURCE_COOKIE } from '@app/contracts/constants';
import { writeCookie } from './cookies';
import { capturePageBounceFlag, installPageBounce, PAGE_BOUNCE_PARAM } from './page-bounce';
import { readStorage, writeStorage } from './storage';

const TRACKING_KEY = TRACKING_STORAGE_KEY;

/** Stored tracking values (network, ref, sub1-3) of SPEC.md 3. */
export type Tracking = Partial<Record<(typeof TRACKING_PARAMS)[number], string>>;

/**
 * Stores the tracking query of the current URL and removes it from the address bar (SPEC.md 4), as well
 * as the `lb` flag that switches page-bounce logging on. Returns the stored tracking values.
 */
export function captureTracking(): Tracking {
  const url = new URL(window.location.href);
  const hadBounceFlag = url.searchParams.has(PAGE_BOUNCE_PARAM);
  capturePageBounceFlag(url);
  installPageBounce();
  const found: Tracking = {};
  for (const key of TRACKING_PARAMS) {
    const value = url.searchParams.get(key);
    if (value) found[key] = value;
    url.searchParams.delete(key);
  }
  if (Object.keys(found).length > 0) {
    writeStorage(TRACKING_KEY, JSON.stringify(found));
    if (found.network || found.ref)
      writeCookie(TRAFFIC_SOURCE_COOKIE.name, found.network ?? found.ref ?? '1', TRAFFIC_SOURCE_COOKIE.days);
  }
  if (Object.keys(found).length > 0 || hadBounceFlag) {
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  return readTracking();
}

/** The tracking values stored on arrival. */
export function readTracking(): Tracking {
  try {
    return JSON.parse(readStorage(TRACKING_KEY) ?? '{}') as Tracking;
  } catch {
    return {};
  }
}

/** Whether the visitor arrived with a traffic source (SPEC.md 5). */
export function hasTrafficSource(): boolean {
  const t = readTracking();
  return Boolean(t.network || t.ref);
}
