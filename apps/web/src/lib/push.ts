import { notificationCalls, PUSH_KINDS, type PushPayload } from '@app/contracts';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { call } from './api';

/**
 * Push states of SPEC.md 4: not capable (no service worker, Push API or Notification here),
 * capable but not subscribed, subscribed, denied (the browser blocks notifications for the site).
 */
export type PushState = 'unsupported' | 'unsubscribed' | 'subscribed' | 'denied';

/**
 * Milliseconds to wait for the service worker before push counts as not capable for now (the state
 * is read again once it does become ready, see below).
 */
const READY_TIMEOUT_MS = 10_000;

/** Whether this browser could receive Web Push at all (service worker, PushManager, Notification). */
export function isPushCapable(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The active service worker registration, or null when none becomes ready within READY_TIMEOUT_MS. */
async function readyRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!isPushCapable()) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_TIMEOUT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** The application server key (VAPID public key, base64url) as the bytes PushManager.subscribe takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This browser's push state now (SPEC.md 4). */
export async function readPushState(): Promise<PushState> {
  if (!isPushCapable()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await readyRegistration();
  if (!registration) return 'unsupported';
  const subscription = await registration.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'subscribed' : 'unsubscribed';
}

// The last known state, shared by every component (the alert, the settings page, the refresh timer).
let current: PushState = isPushCapable() ? 'unsubscribed' : 'unsupported';
// Whether `current` was read from the browser yet (until then an alert must not guess). Without a
// permission asked for yet there can be no subscription: 'unsubscribed' is known at once, so the
// push alert shows with the page instead of pushing it down later (a layout shift; docs/client.md).
// Only a service worker that never becomes ready turns it into 'unsupported' afterwards.
let isKnown = !isPushCapable() || Notification.permission === 'default';
const listeners = new Set<() => void>();
function publish(state: PushState): PushState {
  current = state;
  isKnown = true;
  for (const listener of listeners) listener();
  return state;
}

/** Reads the state again and tells every subscriber of usePush. */
export async function refreshPushState(): Promise<PushState> {
  return publish(await readPushState());
}

// A first visit installs the service worker after the page has loaded, and a busy device may take
// longer than READY_TIMEOUT_MS: once it is ready, a state read as not capable is read again.
if (isPushCapable()) {
  void navigator.serviceWorker.ready.then(() => {
    if (isKnown && current === 'unsupported') void refreshPushState();
  });
}

/** Whether this browser is push-subscribed as last read (SPEC.md 4: the refresh then runs every 300 s). */
export function isPushSubscribed(): boolean {
  return current === 'subscribed';
}

/**
 * Attaches `subscription` to the logged-in member (`POST /api/user.php?push=1`, SPEC.md 7).
 * @throws ApiError when the server refuses it
 */
async function attach(subscription: PushSubscription): Promise<void> {
  const json = subscription.toJSON();
  await call(notificationCalls.subscribePush, {
    query: { push: '1' },
    body: {
      subscription: {
        endpoint: subscription.endpoint,
        expirationTime: json.expirationTime ?? null,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      },
    },
  });
}

/**
 * Asks the browser for permission (must run in a user gesture), subscribes with the site's VAPID
 * key `publicKey` and attaches the subscription to the logged-in member (`POST /api/user.php?push=1`).
 * Answers the resulting state: `denied` when the member refused.
 * @throws ApiError when the server refuses the subscription (then the browser's is dropped again)
 */
export async function subscribePush(publicKey: string): Promise<PushState> {
  if (!isPushCapable()) return publish('unsupported');
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return publish('denied');
  if (permission !== 'granted') return publish('unsubscribed');
  const registration = await readyRegistration();
  if (!registration) return publish('unsupported');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    }));
  try {
    await attach(subscription);
  } catch (err) {
    await subscription.unsubscribe().catch(() => undefined);
    publish('unsubscribed');
    throw err;
  }
  return publish('subscribed');
}

/**
 * Attaches this browser's existing subscription to the member again (after a login on a shared
 * device, where the endpoint may belong to whoever subscribed last), and publishes the state read.
 * Without a subscription or permission nothing is sent.
 * @throws ApiError when the server refuses the subscription
 */
export async function reattachPush(): Promise<void> {
  const state = await refreshPushState();
  if (state !== 'subscribed') return;
  const registration = await readyRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await attach(subscription);
}

/**
 * Detaches this browser's subscription from the logged-in member on the server (`DELETE
 * /api/push.php`) but keeps it in the browser, so a later login re-attaches it (reattachPush). For
 * a logout on a shared device: the next member must not see the previous one's notifications.
 * Errors are ignored (the session may already be gone).
 */
export async function detachPush(): Promise<void> {
  if (!isPushCapable()) return;
  // The registration as it is now: a logout must not wait for a worker that never comes.
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await call(notificationCalls.unsubscribePush, { body: { endpoint: subscription.endpoint } }).catch(() => undefined);
}

/**
 * Whether a window message's payload has the PushPayload shape. The service worker posts only payloads
 * it has parsed with PushPayloadSchema (sw.ts), so this light check keeps zod out of the page's first
 * load (docs/client.md, client budget).
 */
function isPushPayload(value: unknown): value is PushPayload {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  const isText = (key: string) => typeof p[key] === 'string';
  return (
    (PUSH_KINDS as readonly unknown[]).includes(p.type) &&
    ['title', 'body', 'url', 'tag', 'sent_at'].every(isText) &&
    (p.icon === null || isText('icon')) &&
    Number.isInteger(p.badge) &&
    Number.isInteger(p.profile) &&
    (p.conversation === undefined || Number.isInteger(p.conversation))
  );
}

/**
 * Calls `listener` with each push the service worker reports to this page (it posts
 * `{ type: 'push', payload }`, PushWindowMessage; SPEC.md 4: a push triggers a refresh). Messages of
 * another shape are ignored. Answers the function that stops listening.
 */
export function onPushMessage(listener: (payload: PushPayload) => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const handle = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; payload?: unknown } | null;
    if (data?.type === 'push' && isPushPayload(data.payload)) listener(data.payload);
  };
  navigator.serviceWorker.addEventListener('message', handle);
  return () => navigator.serviceWorker.removeEventListener('message', handle);
}

/** Ends this browser's subscription: at the push service and on the server (`DELETE /api/push.php`). */
export async function unsubscribePush(): Promise<PushState> {
  const registration = await readyRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await call(notificationCalls.unsubscribePush, { body: { endpoint: subscription.endpoint } }).catch(() => undefined);
    await subscription.unsubscribe();
  }
  return refreshPushState();
}

function subscribeToState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The push state for components (SPEC.md 4 push states), read once on mount and shared, with
 * `isKnown` (false until the browser was asked: show nothing that depends on it yet),
 * `subscribe(publicKey)` and `unsubscribe()`.
 */
export function usePush(): {
  state: PushState;
  isKnown: boolean;
  subscribe: (publicKey: string) => Promise<PushState>;
  unsubscribe: () => Promise<PushState>;
} {
  const state = useSyncExternalStore(
    subscribeToState,
    () => current,
    () => current,
  );
  const known = useSyncExternalStore(
    subscribeToState,
    () => isKnown,
    () => isKnown,
  );
  useEffect(() => {
    void refreshPushState();
  }, []);
  const subscribe = useCallback((publicKey: string) => subscribePush(publicKey), []);
  const unsubscribe = useCallback(() => unsubscribePush(), []);
  return { state, isKnown: known, subscribe, unsubscribe };
}
