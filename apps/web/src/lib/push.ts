import { notificationCalls } from '@app/contracts';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { call } from './api';

/**
 * Push states of SPEC.md 4: not capable (no service worker, Push API or Notification here),
 * capable but not subscribed, subscribed, denied (the browser blocks notifications for the site).
 */
export type PushState = 'unsupported' | 'unsubscribed' | 'subscribed' | 'denied';

/** Milliseconds to wait for the service worker before push counts as not capable. */
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
const listeners = new Set<() => void>();
function publish(state: PushState): PushState {
  current = state;
  for (const listener of listeners) listener();
  return state;
}

/** Reads the state again and tells every subscriber of usePush. */
export async function refreshPushState(): Promise<PushState> {
  return publish(await readPushState());
}

/** Whether this browser is push-subscribed as last read (SPEC.md 4: the refresh then runs every 300 s). */
export function isPushSubscribed(): boolean {
  return current === 'subscribed';
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
  const json = subscription.toJSON();
  try {
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
  } catch (err) {
    await subscription.unsubscribe().catch(() => undefined);
    publish('unsubscribed');
    throw err;
  }
  return publish('subscribed');
}

/** Attaches this browser's existing subscription to the member again (after a login on a shared device). */
export async function reattachPush(): Promise<void> {
  if (!isPushCapable() || Notification.permission !== 'granted') return;
  const registration = await readyRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
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

/**
 * The push state for components (SPEC.md 4 push states), read once on mount and shared, with
 * `subscribe(publicKey)` and `unsubscribe()`.
 */
export function usePush(): {
  state: PushState;
  subscribe: (publicKey: string) => Promise<PushState>;
  unsubscribe: () => Promise<PushState>;
} {
  const state = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => current,
  );
  useEffect(() => {
    void refreshPushState();
  }, []);
  const subscribe = useCallback((publicKey: string) => subscribePush(publicKey), []);
  const unsubscribe = useCallback(() => unsubscribePush(), []);
  return { state, subscribe, unsubscribe };
}
