/**
 * The service worker of the member site (issue: installable app; built by vite-plugin-pwa's
 * injectManifest into /sw.js, registered by lib/service-worker.ts).
 *
 * - Precaches the member app shell: the entry's hashed script with its static imports and styles
 *   (the list vite.config.ts injects as `self.__WB_MANIFEST`; never the back office's) and the
 *   offline page, so a second start needs no script from the network; entries of an older build
 *   are removed on activation.
 * - Navigations go to the network (navigation preload saves the worker's start-up), never to a
 *   cached page: the HTML of a new build names the new assets. Only a failed network shows the
 *   offline page. /api, /admin, /photos, /dev and the realtime socket are never answered from a cache.
 * - A new build takes over at once (skipWaiting, clientsClaim); the open page loads it on its next
 *   navigation (lib/service-worker.ts).
 * - Web Push (SPEC.md 4): shows the notification of a PushPayload, grouped per conversation, tells
 *   every open window (they refresh), and sets the app badge. A click opens the payload's screen.
 */
import { type PushPayload, PushPayloadSchema, type PushWindowMessage, platformCalls } from '@app/contracts';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, PrecacheFallbackPlugin, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

// The service worker's own globals (lib.webworker cannot share a program with lib.dom): what is used here.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  readonly focused: boolean;
  readonly visibilityState: DocumentVisibilityState;
  postMessage(message: unknown): void;
  focus(): Promise<WindowClient>;
}
interface ServiceWorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly location: Location;
  readonly navigator: Navigator & {
    setAppBadge?: (count?: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
  __WB_MANIFEST: { url: string; revision: string | null }[];
}
declare const self: ServiceWorkerScope;

/** The page shown when a navigation finds no network (apps/web/public/offline.html, precached). */
const OFFLINE_PAGE = '/offline.html';
/** Paths whose pages and answers never go through a cache: the API, the back office, photos, development pages. */
const NEVER_CACHED = [/^\/api\//, /^\/admin(\/|$)/, /^\/photos\//, /^\/dev\//];
/** Icon of a notification without the sender's photo, and the small monochrome badge of Android's status bar. */
const FALLBACK_ICON = platformCalls.appIcon.path.replace(':name', '192.png');
const STATUS_BAR_BADGE = platformCalls.appIcon.path.replace(':name', 'monochrome-96.png');

/** What a shown notification keeps: where a click goes and how many pushes it stands for. */
interface NotificationData {
  url: string;
  count: number;
}
/** NotificationOptions with the fields Chromium supports beyond lib.dom's. */
type ShownOptions = NotificationOptions & { renotify?: boolean; timestamp?: number };

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// Exact URLs only: no '/offline' for '/offline.html', no directory index.
precacheAndRoute(self.__WB_MANIFEST, { cleanURLs: false, directoryIndex: '' });

self.addEventListener('activate', (event) => {
  // The page's request starts while the worker boots; the navigation strategy uses that response.
  event.waitUntil(self.registration.navigationPreload?.enable().catch(() => undefined) ?? Promise.resolve());
});

registerRoute(
  new NavigationRoute(new NetworkOnly({ plugins: [new PrecacheFallbackPlugin({ fallbackURL: OFFLINE_PAGE })] }), {
    denylist: NEVER_CACHED,
  }),
);

/** The payload's screen as an absolute URL of this site (a path outside the site becomes /members). */
function screenUrl(path: string): string {
  const url = new URL(path, self.location.origin);
  return url.origin === self.location.origin ? url.href : new URL('/members', self.location.origin).href;
}

/** Open windows of the member site (not the back office), the focused one first. */
async function memberWindows(): Promise<WindowClient[]> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows
    .filter((client) => !/^\/admin(\/|$)/.test(new URL(client.url).pathname))
    .sort((a, b) => Number(b.focused) - Number(a.focused));
}

/** Sets the app badge to `count` (0 clears it) where the Badging API exists; failures are ignored (SPEC.md 8). */
async function setBadge(count: number): Promise<void> {
  try {
    if (count > 0) await self.navigator.setAppBadge?.(count);
    else await self.navigator.clearAppBadge?.();
  } catch {
    // ignored: badges are a nicety
  }
}

/**
 * Shows the payload's notification. One notification per tag (a conversation, the likes, a match):
 * a push whose tag is already shown replaces that notification with the newest body. A message's
 * title already counts the conversation's unread messages in the member's language (the server's
 * "Nieuwe berichten van Anna (3)"); other kinds get the number of pushes the notification stands
 * for appended ("Nieuwe like (3)"), a number that reads the same in every language.
 */
async function showNotification(payload: PushPayload): Promise<void> {
  const open = await self.registration.getNotifications({ tag: payload.tag });
  const before = open.reduce((sum, n) => sum + ((n.data as NotificationData | null)?.count ?? 1), 0);
  for (const notification of open) notification.close();
  const count = before + 1;
  const data: NotificationData = { url: payload.url, count };
  const timestamp = Date.parse(payload.sent_at);
  const options: ShownOptions = {
    body: payload.body,
    icon: payload.icon ?? FALLBACK_ICON,
    badge: STATUS_BAR_BADGE,
    tag: payload.tag,
    renotify: true,
    data,
    ...(Number.isFinite(timestamp) ? { timestamp } : {}),
  };
  const title = payload.type !== 'message' && count > 1 ? `${payload.title} (${count})` : payload.title;
  await self.registration.showNotification(title, options);
}

/** Handles one push: every window hears it (they refresh, SPEC.md 4), the badge follows, the notification shows. */
async function handlePush(event: PushEvent): Promise<void> {
  let parsed: ReturnType<typeof PushPayloadSchema.safeParse>;
  try {
    parsed = PushPayloadSchema.safeParse(event.data?.json());
  } catch {
    return;
  }
  if (!parsed.success) return;
  const payload = parsed.data;
  const windows = await memberWindows();
  const message: PushWindowMessage = { type: 'push', payload };
  for (const client of windows) client.postMessage(message);
  await setBadge(payload.badge);
  // The member already looks at this screen: the window shows the news itself.
  const target = screenUrl(payload.url);
  if (windows.some((client) => client.focused && client.url === target)) return;
  await showNotification(payload);
}

/**
 * A click on a notification: focuses an open window of the site and lets it open the screen in the
 * app (lib/service-worker.ts navigates without reloading), else opens a new window there.
 */
async function openScreen(notification: Notification): Promise<void> {
  const data = notification.data as NotificationData | null;
  const target = screenUrl(data?.url ?? '/members');
  const [client] = await memberWindows();
  if (!client) {
    await self.clients.openWindow(target);
    return;
  }
  const focused = await client.focus().catch(() => client);
  if (focused.url !== target) {
    const url = new URL(target);
    focused.postMessage({ type: 'navigate', url: `${url.pathname}${url.search}${url.hash}` });
  }
}

self.addEventListener('push', (event) => event.waitUntil(handlePush(event)));

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openScreen(event.notification));
});
