import { randomUUID } from 'node:crypto';
import { PushPayloadSchema } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ManualClock } from '../src/clock.js';
import { listJobs } from '../src/db/repositories/jobs.js';
import type { PushOtherProfile } from '../src/db/repositories/push-subscriptions.js';
import type { SiteRow } from '../src/db/repositories/sites.js';
import { notification_settings, profiles, push_subscriptions, users } from '../src/db/schema.js';
import type { JobPayloads } from '../src/jobs/kinds.js';
import { JobWorker } from '../src/jobs/worker.js';
import { isAllowedPushEndpoint } from '../src/push/push-endpoints.js';
import { buildPushMessage, pushPreview, pushTopic } from '../src/services/notifications/push-payload.js';
import { sendPushNotification } from '../src/services/notifications/send-push-notification.js';
import { createChatMember, createGift, sendText } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createPhoto, createProfile, createSite } from './helpers/factories.js';
import {
  decryptPush,
  type FakePushService,
  makeTestSubscription,
  type RecordedPush,
  startFakePushService,
  type TestSubscription,
  verifyVapid,
} from './helpers/fake-push-service.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

/** The deployment's VAPID keys of these tests (as VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY would give them). */
const VAPID = webpush.generateVAPIDKeys();
const VAPID_SUBJECT = 'mailto:push-test@example.com';
const PUSH_DELAY_SECONDS = 5;

describe('push payload rules', () => {
  it('previews at most 80 characters, cut between graphemes, whitespace folded', () => {
    expect(pushPreview('  Hoi\n\n daar  ')).toBe('Hoi daar');
    const long = pushPreview('a'.repeat(79) + '👩‍👩‍👧'.repeat(3));
    expect([...long].length).toBeLessThanOrEqual(80);
    expect(long.endsWith('…')).toBe(true);
    expect(long).toBe(`${'a'.repeat(79)}…`);
    const emoji = pushPreview('😀'.repeat(100));
    expect(emoji).toBe(`${'😀'.repeat(39)}…`);
    expect(emoji.length).toBeLessThanOrEqual(80);
  });

  it('hashes a tag to a 32-character URL-safe base64 topic', () => {
    const topic = pushTopic('conversation-12345');
    expect(topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(pushTopic('conversation-12345')).toBe(topic);
    expect(pushTopic('conversation-12346')).not.toBe(topic);
  });

  it('labels a fictional profile with the site icon and builds an absolute icon URL', () => {
    const site = {
      cdn_prefix: 'https://cdn.example/p/',
      fictional_icon: '🎭',
      public_url: null,
      domain: 'x.test',
      is_default: false,
    } as SiteRow;
    const other: PushOtherProfile = {
      id: 7,
      name: 'Anna',
      status: 'active',
      isFictional: true,
      thumbFilename: 't7.jpg',
      isBlocked: false,
    };
    const { payload, options } = buildPushMessage(
      { kind: 'like', site, language: 'en', other, badge: 3, at: new Date('2026-01-02T03:04:05Z') },
      { publicUrl: undefined, port: 3000 },
    );
    expect(PushPayloadSchema.parse(payload)).toEqual({
      type: 'like',
      title: 'New like',
      body: 'Anna 🎭 likes you',
      icon: 'https://cdn.example/p/t7.jpg',
      url: '/likes/received',
      tag: 'likes',
      badge: 3,
      profile: 7,
      sent_at: '2026-01-02T03:04:05.000Z',
    });
    expect(options).toEqual({ ttlSeconds: 4 * 24 * 3600, topic: pushTopic('likes'), urgency: 'normal' });
  });

  it('accepts https at a known push service and refuses everything else (server-side request forgery)', () => {
    const extra = ['127.0.0.1'];
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-db5p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/abc',
      'http://127.0.0.1:9999/push/abc',
    ]) {
      expect(isAllowedPushEndpoint(ok, extra), ok).toBe(true);
    }
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/abc',
      'https://evilfcm.googleapis.com.example/abc',
      'https://user:pw@fcm.googleapis.com/abc',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.5/push',
      'https://localhost/push',
      'http://127.0.0.2/push',
      'ftp://fcm.googleapis.com/abc',
      'not a url',
    ]) {
      expect(isAllowedPushEndpoint(bad, extra), bad).toBe(false);
    }
  });
});

describe.each(dbKinds())('web push on %s', (kind) => {
  let server: TestServer;
  let fake: FakePushService;
  let siteId: number;
  const clock = new ManualClock();
  const db = () => server.database.db;
  const member = (opts: Parameters<typeof createChatMember>[3] = {}) =>
    createChatMember(db(), siteId, server.url, opts);
  let worker: JobWorker<Pick<JobPayloads, 'notify_push'>>;

  /** Moves past the push delay (or `seconds`) and runs every due push job, as the job worker would. */
  async function runPushJobs(seconds = PUSH_DELAY_SECONDS + 1): Promise<void> {
    clock.advance(seconds);
    while ((await worker.runDue()) > 0) {
      // Until nothing is due.
    }
  }

  /** A subscription at the fake push service, attached to `browser`'s member through the API. */
  async function subscribe(browser: Browser, id?: string): Promise<TestSubscription> {
    const sub = makeTestSubscription(fake.url, id);
    const res = await browser.request(
      'POST',
      '/api/user.php?push=1',
      { subscription: sub.json },
      { headers: { 'user-agent': 'PushTest/1.0' } },
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return sub;
  }

  /** The one push endpoint `sub` received, decrypted and checked against PushPayloadSchema. */
  function onlyPush(sub: TestSubscription) {
    const got = fake.requestsFor(sub.id);
    expect(got).toHaveLength(1);
    const push = got[0] as RecordedPush;
    return { push, payload: PushPayloadSchema.parse(decryptPush(push, sub)) };
  }

  const subscriptionRows = (userId: number) =>
    db().select().from(push_subscriptions).where(eq(push_subscriptions.user_id, userId));

  beforeAll(async () => {
    fake = await startFakePushService();
    server = await startTestServer(kind, {
      clock,
      env: {
        PUSH_ENDPOINT_HOSTS: '127.0.0.1',
        NOTIFY_PUSH_DELAY_SECONDS: String(PUSH_DELAY_SECONDS),
        VAPID_PUBLIC_KEY: VAPID.publicKey,
        VAPID_PRIVATE_KEY: VAPID.privateKey,
        VAPID_SUBJECT,
      },
    });
    siteId = (await createSite(db(), { is_default: true, message_credits: 10, gift_credits: 20 })).id;
    worker = new JobWorker<Pick<JobPayloads, 'notify_push'>>({
      db: db(),
      clock,
      handlers: { notify_push: (payload) => sendPushNotification(server.app.deps, payload) },
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it("answers the deployment's VAPID public key in settings.php on every site (the key pushes are signed with)", async () => {
    const res = await new Browser(server.url).get('/api/settings.php');
    expect(res.json.push_public_key).toBe(VAPID.publicKey);
    expect(server.app.deps.secrets.vapid.publicKey).toBe(VAPID.publicKey);
    // A stale key in the site row is never handed out: browsers would subscribe with a key the server cannot sign for.
    const own = await createSite(db(), { push_public_key: 'BOwnSiteKey' });
    const other = await new Browser(server.url, own.domain).get('/api/settings.php');
    expect(other.json).toMatchObject({ domain: own.domain, push_public_key: VAPID.publicKey });
  });

  it('attaches an https FCM subscription with the user agent, and refuses an internal address with 400 push_endpoint_refused', async () => {
    const m = await member({ user: { language: 'en' } });
    const fcm = makeTestSubscription('https://fcm.googleapis.com/fcm/send');
    const ok = await m.browser.request(
      'POST',
      '/api/user.php?push=1',
      { subscription: fcm.json },
      { headers: { 'user-agent': 'Mozilla/5.0 PushTest' } },
    );
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ ok: true });
    const rows = await subscriptionRows(m.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      endpoint: fcm.json.endpoint,
      p256dh: fcm.json.keys.p256dh,
      auth: fcm.json.keys.auth,
      user_agent: 'Mozilla/5.0 PushTest',
      last_success_at: null,
    });
    for (const endpoint of ['http://169.254.169.254/latest/meta-data', 'http://10.1.2.3:8080/push/x']) {
      const internal = makeTestSubscription('http://0.0.0.0').json;
      const res = await m.browser.post('/api/user.php?push=1', { subscription: { ...internal, endpoint } });
      expect(res.status, endpoint).toBe(400);
      expect(res.json).toMatchObject({
        error: 'push_endpoint_refused',
        message: "This browser's push service cannot be used. Notifications stay off on this device.",
      });
    }
    expect(await subscriptionRows(m.user.id)).toHaveLength(1);
    // Keys that cannot encrypt (not a point on P-256) are refused too.
    const broken = makeTestSubscription('https://fcm.googleapis.com/fcm/send').json;
    const badKey = `B${'A'.repeat(86)}`;
    const res = await m.browser.post('/api/user.php?push=1', {
      subscription: { ...broken, keys: { ...broken.keys, p256dh: badKey } },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('validation_failed');
    // Visitors have no member to attach it to; the login of the same path is untouched.
    const visitor = await new Browser(server.url).post('/api/user.php?push=1', { subscription: fcm.json });
    expect(visitor.status).toBe(403);
    expect(visitor.json.error).toBe('authentication_required');
    const login = await new Browser(server.url).post('/api/user.php', { email: m.email, password: m.password });
    expect(login.status).toBe(200);
  });

  it('moves a browser that subscribes for another member, and keeps the 20 newest devices of a member', async () => {
    const first = await member();
    const second = await member();
    const shared = makeTestSubscription(fake.url);
    expect((await first.browser.post('/api/user.php?push=1', { subscription: shared.json })).status).toBe(200);
    expect((await second.browser.post('/api/user.php?push=1', { subscription: shared.json })).status).toBe(200);
    expect(await subscriptionRows(first.user.id)).toHaveLength(0);
    expect((await subscriptionRows(second.user.id)).map((r) => r.endpoint)).toEqual([shared.json.endpoint]);

    const many = await member();
    const endpoints: string[] = [];
    for (let i = 0; i < 22; i++) {
      clock.advance(1);
      const sub = makeTestSubscription(fake.url);
      endpoints.push(sub.json.endpoint);
      expect((await many.browser.post('/api/user.php?push=1', { subscription: sub.json })).status).toBe(200);
    }
    const kept = (await subscriptionRows(many.user.id)).map((r) => r.endpoint).sort();
    expect(kept).toEqual(endpoints.slice(2).sort());
  });

  it('lets a member remove only their own subscription (DELETE /api/push.php)', async () => {
    const owner = await member();
    const other = await member();
    const sub = await subscribe(owner.browser);
    const theirs = await other.browser.request('DELETE', '/api/push.php', { endpoint: sub.json.endpoint });
    expect(theirs.status).toBe(200);
    expect(await subscriptionRows(owner.user.id)).toHaveLength(1);
    const visitor = await new Browser(server.url).request('DELETE', '/api/push.php', { endpoint: sub.json.endpoint });
    expect(visitor.status).toBe(403);
    expect(await subscriptionRows(owner.user.id)).toHaveLength(1);
    const mine = await owner.browser.request('DELETE', '/api/push.php', { endpoint: sub.json.endpoint });
    expect(mine.json).toEqual({ ok: true });
    expect(await subscriptionRows(owner.user.id)).toHaveLength(0);
  });

  it('pushes a new message to every device after the delay: VAPID-signed for the endpoint origin, encrypted, in the member language', async () => {
    const sender = await member({ profile: { name: 'Sanne' } });
    const photo = await createPhoto(db(), sender.profile.id, { thumb_filename: 'sanne-thumb.jpg' });
    await db().update(profiles).set({ main_photo_id: photo.id }).where(eq(profiles.id, sender.profile.id));
    const recipient = await member({ user: { language: 'de' } });
    const phone = await subscribe(recipient.browser);
    const laptop = await subscribe(recipient.browser);

    const sent = await sendText(sender.browser, recipient.profile.id, 'Hallo, wie geht es dir?');
    expect(sent.status).toBe(200);
    const conversation = sent.json.message.conversation as number;
    // Nothing before the delay: a member with the chat open reads it first.
    await runPushJobs(PUSH_DELAY_SECONDS - 2);
    expect(fake.requestsFor(phone.id)).toHaveLength(0);
    await runPushJobs(3);

    for (const device of [phone, laptop]) {
      const { push, payload } = onlyPush(device);
      expect(payload).toEqual({
        type: 'message',
        title: 'Neue Nachricht von Sanne',
        body: 'Hallo, wie geht es dir?',
        icon: `${server.url}/photos/sanne-thumb.jpg`,
        url: `/chats/${conversation}`,
        tag: `conversation-${conversation}`,
        badge: 1,
        conversation,
        profile: sender.profile.id,
        sent_at: expect.any(String),
      });
      expect(push.method).toBe('POST');
      expect(push.headers).toMatchObject({
        ttl: String(24 * 3600),
        urgency: 'high',
        topic: pushTopic(`conversation-${conversation}`),
        'content-encoding': 'aes128gcm',
      });
      const claims = verifyVapid(push, VAPID.publicKey);
      expect(claims.aud).toBe(new URL(fake.url).origin);
      expect(claims.sub).toBe(VAPID_SUBJECT);
      const nowSeconds = Date.now() / 1000;
      expect(claims.exp).toBeGreaterThan(nowSeconds);
      expect(claims.exp).toBeLessThanOrEqual(nowSeconds + 24 * 3600);
    }
    const rows = await subscriptionRows(recipient.user.id);
    expect(rows.every((r) => r.last_success_at !== null)).toBe(true);
    // The sender hears nothing about their own message.
    expect(await listJobs(db(), 'notify_push')).not.toContainEqual(
      expect.objectContaining({ payload: expect.objectContaining({ user_id: sender.user.id }) }),
    );
  });

  it('groups a conversation: quick messages make one push with the count; long texts are cut to 80 characters; a gift says so', async () => {
    const sender = await member({ profile: { name: 'Lotte' } });
    const recipient = await member({ user: { language: 'nl' } });
    const device = await subscribe(recipient.browser);
    await sendText(sender.browser, recipient.profile.id, 'Eerste bericht');
    const long = `${'Dit is een heel lang bericht. '.repeat(10)}Einde`;
    await sendText(sender.browser, recipient.profile.id, long);
    await runPushJobs();
    const { payload } = onlyPush(device);
    expect(payload.title).toBe('Nieuwe berichten van Lotte (2)');
    expect(payload.body.length).toBeLessThanOrEqual(80);
    expect(payload.body.endsWith('…')).toBe(true);
    expect(long.startsWith(payload.body.slice(0, -1))).toBe(true);
    expect(payload.icon).toBeNull();
    expect(payload.badge).toBe(2);

    const gift = await createGift(db(), siteId, 20);
    const res = await sender.browser.post('/api/message.php', {
      profile: recipient.profile.id,
      kind: 'gift',
      gift: gift.id,
      client_id: randomUUID(),
    });
    expect(res.status).toBe(200);
    await runPushJobs();
    const pushes = fake.requestsFor(device.id);
    expect(pushes).toHaveLength(2);
    const second = PushPayloadSchema.parse(decryptPush(pushes[1] as RecordedPush, device));
    expect(second).toMatchObject({
      title: 'Nieuwe berichten van Lotte (3)',
      body: 'Heeft je een cadeau gestuurd',
      badge: 3,
    });
  });

  it('sends no push for a message read before the job runs (the open chat reads it at once)', async () => {
    const sender = await member();
    const recipient = await member();
    const device = await subscribe(recipient.browser);
    const sent = await sendText(sender.browser, recipient.profile.id, 'Zie je dit meteen?');
    const read = await recipient.browser.post('/api/chat-read.php', { conversation: sent.json.message.conversation });
    expect(read.status).toBe(200);
    await runPushJobs();
    expect(fake.requestsFor(device.id)).toHaveLength(0);
    const [job] = (await listJobs(db(), 'notify_push')).filter(
      (j) => (j.payload as { message?: number }).message === sent.json.message.id,
    );
    expect(job?.status).toBe('done');
  });

  it('pushes a like to the liked member, and only the match to the member who was liked when a like makes one', async () => {
    const anna = await member({ user: { language: 'en' }, profile: { name: 'Anna', gender: 'female' } });
    const bob = await member({ user: { language: 'en' }, profile: { name: 'Bob', gender: 'male' } });
    const annaDevice = await subscribe(anna.browser);
    const bobDevice = await subscribe(bob.browser);

    expect((await anna.browser.post('/api/like.php', { profile: bob.profile.id })).json).toEqual({
      liked: true,
      match: false,
    });
    await runPushJobs();
    const like = onlyPush(bobDevice);
    expect(like.payload).toMatchObject({
      type: 'like',
      title: 'New like',
      body: 'Anna likes you',
      url: '/likes/received',
      tag: 'likes',
      badge: 1,
      profile: anna.profile.id,
    });
    expect(like.push.headers).toMatchObject({ ttl: String(4 * 24 * 3600), topic: pushTopic('likes') });

    expect((await bob.browser.post('/api/like.php', { profile: anna.profile.id })).json).toEqual({
      liked: true,
      match: true,
    });
    await runPushJobs();
    // Anna was liked back: she gets the match, not also a like; Bob saw the match dialog himself.
    const match = onlyPush(annaDevice);
    expect(match.payload).toMatchObject({
      type: 'match',
      title: "It's a match!",
      body: 'You and Bob like each other. Say hello!',
      url: `/members/${bob.profile.id}`,
      tag: `match-${bob.profile.id}`,
      profile: bob.profile.id,
    });
    expect(match.push.headers).toMatchObject({ ttl: String(24 * 3600) });
    expect(fake.requestsFor(bobDevice.id)).toHaveLength(1);
  });

  it('sends no push of a kind the member turned off in notification_settings', async () => {
    const sender = await member({ profile: { name: 'Kim' } });
    const recipient = await member();
    const device = await subscribe(recipient.browser);
    await db().insert(notification_settings).values({ user_id: recipient.user.id, push_message: false });
    await sendText(sender.browser, recipient.profile.id, 'Hoor je dit?');
    await runPushJobs();
    expect(fake.requestsFor(device.id)).toHaveLength(0);
    await sender.browser.post('/api/like.php', { profile: recipient.profile.id });
    await runPushJobs();
    expect(onlyPush(device).payload.type).toBe('like');
  });

  it('removes a subscription the push service answers 410 or 404 for, and retries a 500 without repeating a delivered push', async () => {
    const sender = await member();
    const recipient = await member();
    const gone = await subscribe(recipient.browser);
    const unknown = await subscribe(recipient.browser);
    fake.answer(gone.id, 410);
    fake.answer(unknown.id, 404);
    await sendText(sender.browser, recipient.profile.id, 'Ben je er nog?');
    await runPushJobs();
    expect(fake.requestsFor(gone.id)).toHaveLength(1);
    expect(fake.requestsFor(unknown.id)).toHaveLength(1);
    expect(await subscriptionRows(recipient.user.id)).toHaveLength(0);

    const flaky = await subscribe(recipient.browser);
    fake.answer(flaky.id, 503);
    const sent = await sendText(sender.browser, recipient.profile.id, 'Nog een keer');
    await runPushJobs();
    const job = async () =>
      (await listJobs(db(), 'notify_push')).find(
        (j) => (j.payload as { message?: number }).message === sent.json.message.id,
      );
    expect(await job()).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await subscriptionRows(recipient.user.id)).toHaveLength(1);
    fake.answer(flaky.id, 201);
    await runPushJobs(5);
    expect(await job()).toMatchObject({ status: 'done', attempts: 2 });
    const pushes = fake.requestsFor(flaky.id);
    expect(pushes.map((p) => p.status)).toEqual([503, 201]);
    expect(PushPayloadSchema.parse(decryptPush(pushes[1] as RecordedPush, flaky)).body).toBe('Nog een keer');
  });

  it('does not retry when one device took the push and another failed, so nobody gets it twice', async () => {
    const sender = await member();
    const recipient = await member();
    const working = await subscribe(recipient.browser);
    const failing = await subscribe(recipient.browser);
    fake.answer(failing.id, 500);
    const sent = await sendText(sender.browser, recipient.profile.id, 'Een keer');
    await runPushJobs();
    await runPushJobs(60);
    expect(fake.requestsFor(working.id)).toHaveLength(1);
    expect(fake.requestsFor(failing.id)).toHaveLength(1);
    const [job] = (await listJobs(db(), 'notify_push')).filter(
      (j) => (j.payload as { message?: number }).message === sent.json.message.id,
    );
    expect(job?.status).toBe('done');
  });

  it('enqueues nothing for a fictional profile, and pushes nothing to a banned member', async () => {
    const sender = await member();
    const fictional = await createProfile(db(), siteId, { is_fictional: true, name: 'Fictief' });
    const toFictional = await sendText(sender.browser, fictional.id, 'Hallo fictief');
    expect(toFictional.status).toBe(200);
    const jobs = await listJobs(db(), 'notify_push');
    expect(jobs.some((j) => (j.payload as { message?: number }).message === toFictional.json.message.id)).toBe(false);

    const banned = await member();
    const device = await subscribe(banned.browser);
    await sendText(sender.browser, banned.profile.id, 'Hallo');
    await db().update(users).set({ status: 'banned' }).where(eq(users.id, banned.user.id));
    await runPushJobs();
    expect(fake.requestsFor(device.id)).toHaveLength(0);
  });
});
