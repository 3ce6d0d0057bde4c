/** The service worker's script (apps/web/src/sw.ts built by vite-plugin-pwa), scope the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';
/** Milliseconds between checks for a new build while the app stays open (an installed app may run for days). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
  key: string;
}

/** What the registration needs of the router (react-router's data router). */
export interface NavigatingRouter {
  readonly state: { location: RouterLocation };
  navigate(to: string): unknown;
  subscribe(
    listener: (state: { location: RouterLocation; navigation: { location?: RouterLocation } }) => void,
  ): () => void;
}

/** Whether `url` is a path of this site (not `//host`, not a scheme). */
function isSitePath(url: unknown): url is string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/**
 * A notification click opens a screen in this window (`{ type: 'navigate', url }` from sw.ts): the
 * router moves there without reloading the app. Pushes (`{ type: 'push' }`) are heard by lib/push.ts.
 */
function handleMessage(router: NavigatingRouter, event: MessageEvent): void {
  if (!(event.source instanceof ServiceWorker)) return;
  const data = event.data as { type?: unknown; url?: unknown } | null;
  if (data?.type === 'navigate' && isSitePath(data.url)) void router.navigate(data.url);
}

/**
 * After a deploy the new service worker takes over this page at once (skipWaiting, clientsClaim):
 * the next navigation is a full page load, so the member gets the new client there and never keeps
 * running the old one (whose lazy chunks the new build no longer has).
 */
function reloadOnNextNavigation(router: NavigatingRouter): void {
  let hadController = navigator.serviceWorker.controller !== null;
  let isUpdatePending = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) isUpdatePending = true;
    hadController = true;
  });
  let shownKey = router.state.location.key;
  router.subscribe(({ location, navigation }) => {
    // A navigation that loads (a lazy screen) is caught before it renders; one that needs nothing
    // to load completes at once and is caught by its new location.
    const next = navigation.location ?? (location.key !== shownKey ? location : null);
    shownKey = location.key;
    if (!isUpdatePending || !next) return;
    isUpdatePending = false;
    window.location.assign(`${next.pathname}${next.search}${next.hash}`);
  });
}

/**
 * Registers `SERVICE_WORKER_URL` once the page has loaded (the worker's precache then never competes
 * with the page's own downloads). Answers the registration, or null when the browser refused it.
 */
function registerAfterLoad(): Promise<ServiceWorkerRegistration | null> {
  const register = () => navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => null);
  if (document.readyState === 'complete') return register();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(register()), { once: true }));
}

/**
 * Registers the service worker (production builds only; the development server has none) after the
 * page has loaded, listens to its messages, checks for a new build when the page shows again after
 * an hour, and loads a new build on the next navigation. Without service worker support nothing
 * happens (push then counts as not capable, lib/push.ts). The browser's own API does it all, so no
 * library adds to the app's first download (docs/client.md).
 */
export function registerServiceWorker(router: NavigatingRouter): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event) => handleMessage(router, event));
  reloadOnNextNavigation(router);
  const registration = registerAfterLoad();
  let checkedAt = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - checkedAt < UPDATE_CHECK_MS) return;
    checkedAt = Date.now();
    void registration.then((current) => current?.update()).catch(() => undefined);
  });
}
