/**
 * Web Push end to end (issue: notifications and the installable app; SPEC.md 4 push states): a
 * member turns push on through the site's own settings (/notifications), another member writes to
 * them, the server sends the encrypted push to a push service, and the site's service worker shows
 * the notification and tells the open page.
 *
 * Chromium cannot reach its real push service from here, so the page's PushManager hands out a
 * subscription whose endpoint is a fake push service on 127.0.0.1 and whose keys the test made
 * (apps/server/test/helpers/fake-push-service.ts). The test checks the VAPID signature with the
 * site's public key, decrypts the body (RFC 8291 aes128gcm, as the browser would) and delivers the
 * plaintext to the service worker through CDP `ServiceWorker.deliverPushMessage`.
 */
import type { APIRequestContext, BrowserContext, CDPSession, Page } from '@playwright/test';
import {
  decryptPush,
  type FakePushService,
  makeTestSubscription,
  type RecordedPush,
  startFakePushService,
  type TestSubscription,
  verifyVapid,
} from '../apps/server/test/helpers/fake-push-service';
import { mailedLink, STRONG_PASSWORD, signUpByApi, uniqueEmail } from './access-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

const CLIENT = { 'x-request-type': 'client' };

/** What the page's notifications look like to the test. */
interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  data: { url: string; count: number } | null;
}

/**
 * Replaces PushManager's subscribe/getSubscription in the page with a subscription at `endpoint`
 * holding the test's keys (kept in localStorage, as the browser keeps a real one); records the
 * applicationServerKey the page subscribed with.
 */
function fakePushManager(json: { endpoint: string; keys: { p256dh: string; auth: string } }): void {
  const STORE = 'e2e-fake-push';
  const fromBase64Url = (text: string) => {
    const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
    const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    return Uint8Array.from(raw, (c) => c.charCodeAt(0)).buffer;
  };
  const toBase64Url = (buffer: ArrayBuffer) =>
    btoa(String.fromCharCode(...new Uint8Array(buffer)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const subscription = () => ({
    endpoint: json.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: null },
    getKey: (name: 'p256dh' | 'auth') => fromBase64Url(json.keys[name]),
    toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(STORE);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async function getSubscription() {
    return (localStorage.getItem(STORE) ? subscription() : null) as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey;
    const bytes = key instanceof ArrayBuffer ? key : ArrayBuffer.isView(key) ? key.buffer : null;
    localStorage.setItem(STORE, bytes ? toBase64Url(bytes as ArrayBuffer) : String(key));
    return subscription() as unknown as PushSubscription;
  };
}

/** The service worker registration id of the page's origin, for CDP's ServiceWorker domain. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  let found = '';
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    const own = registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`);
    if (own) found = own.registrationId;
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => found, { message: 'the service worker registration' }).not.toBe('');
  return found;
}

/** The notifications the page's service worker shows now. */
function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data as { url: string; count: number } | null,
    }));
  });
}

/**
 * Waits, by events instead of by time, until the server's job worker has run the push job of every
 * message `writer` sent before: a new member (signed up and activated through the API in `watcher`)
 * with a device of its own at `pushService` is written to twice, the second time once the first
 * push arrived. The worker claims due jobs oldest first (jobs.run_at) and finishes a round before it
 * claims the next, so once the second push arrived, the round that ran the first one has ended, with
 * any push job due before it.
 */
async function pushJobsHandled(
  watcher: APIRequestContext,
  writer: APIRequestContext,
  pushService: FakePushService,
): Promise<void> {
  const email = uniqueEmail('push-watcher');
  const signup = await watcher.post('/api/signup.php', {
    headers: CLIENT,
    data: { email, name: 'Wachter', password: STRONG_PASSWORD, date_of_birth: '1990-04-12' },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const token = new URL(await mailedLink(watcher, email, '/activate/done'), 'http://x').searchParams.get('token');
  const activated = await watcher.post('/api/activate.php', { headers: CLIENT, data: { token } });
  expect(activated.status(), await activated.text()).toBe(200);
  const profile = (await (await watcher.get('/api/user.php', { headers: CLIENT })).json()).profile.id;
  const device = makeTestSubscription(pushService.url);
  const subscribed = await watcher.post('/api/user.php?push=1', {
    headers: CLIENT,
    data: { subscription: device.json },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(200);
  for (const round of [1, 2]) {
    const sent = await writer.post('/api/message.php', {
      headers: CLIENT,
      data: { profile, client_id: `push-watch-${round}-${Date.now()}`, kind: 'text', text: `Hallo ${round}` },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    await expect
      .poll(() => pushService.requestsFor(device.id).length, {
        timeout: 30_000,
        message: `the watcher's push ${round}`,
      })
      .toBe(round);
  }
}

test.describe
  .serial('web push from a message to the service worker', () => {
    let pushService: FakePushService;
    let subscription: TestSubscription;
    let context: BrowserContext;
    let page: Page;
    let cdp: CDPSession;
    let swRegistration: string;
    let origin: string;
    let memberId: number;
    let firstPush: RecordedPush;
    let plaintext: string;

    test.beforeAll(async ({ browser, baseURL }) => {
      pushService = await startFakePushService();
      subscription = makeTestSubscription(pushService.url);
      origin = new URL(baseURL ?? '').origin;
      context = await browser.newContext({ locale: 'nl-NL', permissions: ['notifications'] });
      await context.addInitScript(fakePushManager, subscription.json);
      page = await context.newPage();
    });
    test.afterAll(async () => {
      await context?.close();
      await pushService?.close();
    });

    test('the member turns push on in the settings; the subscription reaches the server', async () => {
      test.setTimeout(150_000);
      const email = uniqueEmail('push');
      await signUpByApi(page, email, 'Pushy');
      await page.goto(await mailedLink(page.request, email, '/activate/done'));
      await expect(page.getByTestId('activate-done')).toBeVisible();
      memberId = (await (await page.request.get('/api/user.php', { headers: CLIENT })).json()).profile.id;

      await page.goto('/notifications');
      // The service worker's first install fetches the app shell: slow on a busy machine. Wait for
      // the events (ready, then the worker claiming this page), and say which step did not come.
      const control = await page.evaluate(async () => {
        const deadline = (ms: number, what: string) =>
          new Promise<string>((resolve) => setTimeout(() => resolve(what), ms));
        const ready = await Promise.race([
          navigator.serviceWorker.ready.then(() => 'ready'),
          deadline(100_000, 'timeout'),
        ]);
        if (ready === 'timeout') {
          const registration = await navigator.serviceWorker.getRegistration();
          return `not ready: installing ${Boolean(registration?.installing)}, waiting ${Boolean(registration?.waiting)}, registered ${Boolean(registration)}`;
        }
        if (navigator.serviceWorker.controller) return 'controlled';
        const claimed = new Promise<string>((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', () => resolve('controlled'), { once: true }),
        );
        return navigator.serviceWorker.controller
          ? 'controlled'
          : Promise.race([claimed, deadline(20_000, 'ready but the page not claimed')]);
      });
      expect(control).toBe('controlled');
      const push = page.getByTestId('push-settings');
      await expect(push).toHaveAttribute('data-state', 'unsubscribed');
      await page.getByTestId('push-turn-on').click();
      await expect(push).toHaveAttribute('data-state', 'subscribed');
      await expectNoSeriousA11yViolations(page, 'notification settings, push on');
      // The page subscribed with the site's own VAPID key.
      const settings = await (await page.request.get('/api/settings.php')).json();
      expect(settings.push_public_key).toMatch(/^[\w-]{87}$/);
      expect(await page.evaluate(() => localStorage.getItem('e2e-fake-push'))).toBe(settings.push_public_key);
      cdp = await context.newCDPSession(page);
      swRegistration = await registrationId(cdp, origin);
    });

    test('a message from another member arrives at the push service signed and encrypted for this browser', async ({
      playwright,
      baseURL,
    }) => {
      await page.goto('/members');
      await expect(page.getByTestId('member-card').first()).toBeVisible();
      const writer = await playwright.request.newContext({ baseURL });
      expect(
        (
          await writer.post('/api/user.php', {
            headers: CLIENT,
            data: { email: 'premium@example.com', password: 'demo1234' },
          })
        ).status(),
      ).toBe(200);
      const sent = await writer.post('/api/message.php', {
        headers: CLIENT,
        data: { profile: memberId, client_id: `push-${Date.now()}`, kind: 'text', text: 'Zin in koffie morgen?' },
      });
      expect(sent.status(), await sent.text()).toBe(200);
      await writer.dispose();

      await expect
        .poll(() => pushService.requestsFor(subscription.id).length, { timeout: 30_000, message: 'a push request' })
        .toBeGreaterThan(0);
      firstPush = pushService.requestsFor(subscription.id)[0] as RecordedPush;
      expect(firstPush.method).toBe('POST');
      expect(firstPush.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(firstPush.headers.ttl)).toBeGreaterThan(0);
      const settings = await (await page.request.get('/api/settings.php')).json();
      const claims = verifyVapid(firstPush, settings.push_public_key);
      expect(claims.aud).toBe(pushService.url);
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());
      const payload = decryptPush(firstPush, subscription) as Record<string, unknown>;
      expect(payload).toMatchObject({ type: 'message', url: expect.stringMatching(/^\/chats\/\d+$/) });
      expect(payload.title).toContain('Sanne');
      expect(payload.body).toContain('Zin in koffie');
      plaintext = JSON.stringify(payload);
    });

    test('the service worker shows the notification with the sender and tells the open page', async () => {
      await page.evaluate(() => {
        const messages: unknown[] = [];
        (window as unknown as { swMessages: unknown[] }).swMessages = messages;
        navigator.serviceWorker.addEventListener('message', (event) => messages.push(event.data));
      });
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: swRegistration, data: plaintext });
      const payload = JSON.parse(plaintext);
      await expect.poll(() => shownNotifications(page)).toHaveLength(1);
      const [shown] = await shownNotifications(page);
      expect(shown?.title).toBe(payload.title);
      expect(shown?.title).toContain('Sanne');
      expect(shown?.body).toBe(payload.body);
      expect(shown?.tag).toBe(payload.tag);
      expect(shown?.data).toEqual({ url: payload.url, count: 1 });
      expect(shown?.icon).toMatch(/^http/);
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { swMessages: unknown[] }).swMessages))
        .toContainEqual({ type: 'push', payload });

      // A second push of the same conversation replaces the notification: still one per conversation.
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: swRegistration, data: plaintext });
      await expect.poll(async () => (await shownNotifications(page))[0]?.data?.count).toBe(2);
      expect(await shownNotifications(page)).toHaveLength(1);
    });

    test('a click on the notification opens the conversation in the open window, without reloading it', async () => {
      const payload = JSON.parse(plaintext);
      await page.evaluate(() => {
        (window as unknown as { sameDocument: boolean }).sameDocument = true;
      });
      const worker = context.serviceWorkers().find((sw) => sw.url().endsWith('/sw.js'));
      expect(worker, 'the service worker').toBeTruthy();
      // The click as the browser reports it to the worker.
      await worker?.evaluate(async () => {
        const scope = self as unknown as {
          registration: ServiceWorkerRegistration;
          dispatchEvent(event: Event): boolean;
        };
        const [notification] = await scope.registration.getNotifications();
        const NotificationEventClass = (
          globalThis as unknown as { NotificationEvent: new (type: string, init: object) => Event }
        ).NotificationEvent;
        scope.dispatchEvent(new NotificationEventClass('notificationclick', { notification }));
      });
      await expect(page).toHaveURL(new RegExp(`${payload.url}$`));
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await expect.poll(() => shownNotifications(page)).toEqual([]);
    });

    test('no notification shows for the conversation the member is looking at', async () => {
      const payload = JSON.parse(plaintext);
      for (const notification of await shownNotifications(page)) expect(notification.tag).toBe(payload.tag);
      await page.evaluate(async () => {
        for (const n of await (await navigator.serviceWorker.ready).getNotifications()) n.close();
      });
      await page.goto(payload.url);
      await page.bringToFront();
      await expect.poll(() => page.evaluate(() => document.hasFocus())).toBe(true);
      await page.evaluate(() => {
        const messages: unknown[] = [];
        (window as unknown as { swMessages: unknown[] }).swMessages = messages;
        navigator.serviceWorker.addEventListener('message', (event) => messages.push(event.data));
      });
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: swRegistration, data: plaintext });
      // The page still hears of it (it refreshes), but no notification covers the open conversation.
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { swMessages: unknown[] }).swMessages.length))
        .toBe(1);
      expect(await shownNotifications(page)).toEqual([]);
    });

    test('turning push off ends the subscription in the browser and on the server', async ({ playwright, baseURL }) => {
      await page.goto('/notifications');
      const push = page.getByTestId('push-settings');
      await expect(push).toHaveAttribute('data-state', 'subscribed');
      await page.getByTestId('push-device').getByRole('switch').click();
      await expect(push).toHaveAttribute('data-state', 'unsubscribed');
      expect(await page.evaluate(() => localStorage.getItem('e2e-fake-push'))).toBeNull();
      await page.goto('/members');

      // A new message pushes nothing any more (the first one arrived within seconds).
      const before = pushService.requestsFor(subscription.id).length;
      const writer = await playwright.request.newContext({ baseURL });
      const login = await writer.post('/api/user.php', {
        headers: CLIENT,
        data: { email: 'premium@example.com', password: 'demo1234' },
      });
      expect(login.status()).toBe(200);
      const sent = await writer.post('/api/message.php', {
        headers: CLIENT,
        data: { profile: memberId, client_id: `push-off-${Date.now()}`, kind: 'text', text: 'Nog één vraag' },
      });
      expect(sent.status(), await sent.text()).toBe(200);
      const watcher = await playwright.request.newContext({ baseURL });
      await pushJobsHandled(watcher, writer, pushService);
      await watcher.dispose();
      await writer.dispose();
      expect(pushService.requestsFor(subscription.id)).toHaveLength(before);
    });
  });
