import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { auditLog, sites } from '../src/db/schema.js';
import { connectRealtime, createChatMember } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createPhoto, createSite } from './helpers/factories.js';
import { runScoreJob } from './helpers/score-photos.js';
import type { Browser } from './helpers/server.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createStaff, loginStaff } from './helpers/staff.js';
import { jpegWithGps, postMultipart } from './helpers/uploads.js';

/** Issue: explicit photos (docs/decisions/023-explicit-photos.md): what the recipient, the sender and the moderator see. */
describe.each(dbKinds())('explicit photos on %s', (kind) => {
  let server: TestServer;
  let photoDir: string;
  let siteId: number;
  const clock = new ManualClock(new Date());
  const db = () => server.database.db;
  const member = () => createChatMember(db(), siteId, server.url, { user: { paid_user: true } });

  /** Sends a chat photo from `from` to `to` through the API; returns the stored message. */
  const sendPhoto = async (from: Browser, to: number) => {
    const res = await postMultipart(`${server.url}/api/chat-photo.php`, {
      fields: { profile: String(to), client_id: randomUUID() },
      file: await jpegWithGps(320, 240),
      sid: from.cookie('sid'),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.message as { id: number; conversation: number };
  };
  /** The message `id` as `browser` reads it in the conversation, and the conversation's choice. */
  const seen = async (browser: Browser, conversation: number, id: number) => {
    const res = await browser.get(`/api/chat.php?conversation=${conversation}`);
    expect(res.status).toBe(200);
    const message = res.json.messages.find((m: { id: number }) => m.id === id);
    expect(message).toBeDefined();
    return { check: message.photo_check as string | undefined, show: res.json.show_explicit_photos as boolean };
  };
  const staffBrowser = async (role: 'admin' | 'moderator', siteIds: number[] | null) =>
    loginStaff(server.url, await createStaff(db(), role, siteIds), clock.now());

  beforeAll(async () => {
    photoDir = mkdtempSync(path.join(os.tmpdir(), 'explicit-photos-test-'));
    server = await startTestServer(kind, { clock, env: { PHOTO_DIR: photoDir } });
    siteId = (await createSite(db(), { is_default: true, photo_credits: 5, explicit_photo_threshold: 0.8 })).id;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(photoDir, { recursive: true, force: true });
  });

  it('blurs a chat photo for its recipient while it is checked and above the threshold, never for its sender', async () => {
    const a = await member();
    const b = await member();
    const socketA = await connectRealtime(server.url, a.browser);
    const socketB = await connectRealtime(server.url, b.browser);
    const message = await sendPhoto(a.browser, b.profile.id);

    // Realtime carries ids only: each side fetches its own view.
    const event = await socketB.waitFor((e) => e.type === 'message' && e.message_id === message.id);
    expect(event).toEqual({ type: 'message', conversation: message.conversation, message_id: message.id });

    expect((await seen(b.browser, message.conversation, message.id)).check).toBe('pending');
    expect((await seen(a.browser, message.conversation, message.id)).check).toBeUndefined();

    expect(await runScoreJob(server.app.deps, { message: message.id }, 0.95)).toMatchObject({
      aboveThreshold: true,
      approved: false,
    });
    const checked = await socketB.waitFor((e) => e.type === 'photo_checked');
    expect(checked).toEqual({ type: 'photo_checked', conversation: message.conversation, message_id: message.id });
    expect(await seen(b.browser, message.conversation, message.id)).toEqual({ check: 'explicit', show: false });
    expect((await seen(a.browser, message.conversation, message.id)).check).toBeUndefined();
    // The sender hears nothing of the check.
    expect(socketA.events.filter((e) => e.type === 'photo_checked')).toEqual([]);
    socketA.close();
    socketB.close();
  });

  it('shows a chat photo below the threshold normally once scored, and follows the site threshold', async () => {
    const a = await member();
    const b = await member();
    const message = await sendPhoto(a.browser, b.profile.id);
    expect((await seen(b.browser, message.conversation, message.id)).check).toBe('pending');
    expect(await runScoreJob(server.app.deps, { message: message.id }, 0.5)).toMatchObject({ aboveThreshold: false });
    expect((await seen(b.browser, message.conversation, message.id)).check).toBeUndefined();

    // A stricter threshold blurs the same photo (read when the conversation is viewed).
    const mod = await staffBrowser('moderator', [siteId]);
    const strict = (value: number) =>
      mod.put('/api/admin/photo-settings.php', {
        site_id: siteId,
        auto_approve_photos: false,
        explicit_photo_threshold: value,
      });
    expect((await strict(0.4)).status).toBe(200);
    try {
      expect((await seen(b.browser, message.conversation, message.id)).check).toBe('explicit');
    } finally {
      await strict(0.8);
    }
  });

  it('remembers the View choice per conversation and per member only', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const fromA = await sendPhoto(a.browser, b.profile.id);
    const fromC = await sendPhoto(c.browser, b.profile.id);
    const toA = await sendPhoto(b.browser, a.profile.id);
    await runScoreJob(server.app.deps, { message: fromA.id }, 0.99);
    await runScoreJob(server.app.deps, { message: fromC.id }, 0.99);
    await runScoreJob(server.app.deps, { message: toA.id }, 0.99);
    expect(fromA.conversation).toBe(toA.conversation);

    const chose = await b.browser.post('/api/chat-explicit-photos.php', {
      conversation: fromA.conversation,
      show: true,
    });
    expect(chose.status, JSON.stringify(chose.json)).toBe(200);
    expect(chose.json).toEqual({ ok: true });

    // b sees a's photos unblurred from now on (the check stays: the app shows it because of the choice) …
    expect(await seen(b.browser, fromA.conversation, fromA.id)).toEqual({ check: 'explicit', show: true });
    // … not c's in another conversation …
    expect(await seen(b.browser, fromC.conversation, fromC.id)).toEqual({ check: 'explicit', show: false });
    // … and a, in the same conversation, still sees b's photo blurred.
    expect(await seen(a.browser, toA.conversation, toA.id)).toEqual({ check: 'explicit', show: false });

    // Blurred again when b changes their mind; another member's conversation is not b's to choose for.
    await b.browser.post('/api/chat-explicit-photos.php', { conversation: fromA.conversation, show: false });
    expect((await seen(b.browser, fromA.conversation, fromA.id)).show).toBe(false);
    const outsider = await member();
    const refused = await outsider.browser.post('/api/chat-explicit-photos.php', {
      conversation: fromA.conversation,
      show: true,
    });
    expect(refused.status).toBe(404);
    expect((await seen(a.browser, toA.conversation, toA.id)).show).toBe(false);
  });

  it('orders the photo queue by the highest waiting score, unscored last, with the score in the answer', async () => {
    const queueSite = (await createSite(db(), { auto_approve_photos: false, explicit_photo_threshold: 0.8 })).id;
    const old = new Date(Date.now() - 3 * 3600_000);
    const unscored = await createMember(db(), queueSite);
    const unscoredPhoto = await createPhoto(db(), unscored.profile.id, {
      status: 'awaiting_approval',
      created_at: old,
    });
    const mild = await createMember(db(), queueSite);
    const mildLow = await createPhoto(db(), mild.profile.id, { status: 'awaiting_approval', explicit_score: 0.3 });
    const mildNone = await createPhoto(db(), mild.profile.id, { status: 'awaiting_approval', created_at: old });
    const explicit = await createMember(db(), queueSite);
    // Scored by the job (its file in the photo store), with a fixed score.
    const high = await createPhoto(db(), explicit.profile.id, { status: 'awaiting_approval' });
    await server.app.deps.photoStore.put(high.filename, await jpegWithGps(64, 64), 'image/jpeg');
    expect(await runScoreJob(server.app.deps, { photo: high.id }, 0.92)).toMatchObject({ aboveThreshold: true });

    const mod = await staffBrowser('moderator', [queueSite]);
    const queue = await mod.get(`/api/admin/photos.php?site_id=${queueSite}`);
    expect(queue.status).toBe(200);
    const groups = queue.json.groups as { profile_id: number; waiting: Record<string, unknown>[] }[];
    expect(groups.map((g) => g.profile_id)).toEqual([explicit.profile.id, mild.profile.id, unscored.profile.id]);
    expect(groups[0]?.waiting).toEqual([
      expect.objectContaining({ id: high.id, explicit_score: 0.92, above_threshold: true }),
    ]);
    expect(groups[1]?.waiting).toEqual([
      expect.objectContaining({ id: mildLow.id, explicit_score: 0.3, above_threshold: false }),
      expect.objectContaining({ id: mildNone.id, explicit_score: null, above_threshold: false }),
    ]);
    expect(groups[2]?.waiting).toEqual([
      expect.objectContaining({ id: unscoredPhoto.id, explicit_score: null, above_threshold: false }),
    ]);
  });

  it('sets the threshold per site, audited, refused for another site and out of range', async () => {
    const own = (await createSite(db(), { explicit_photo_threshold: 0.8 })).id;
    const other = (await createSite(db(), { explicit_photo_threshold: 0.8 })).id;
    const mod = await staffBrowser('moderator', [own]);
    const audits = () =>
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'site.photo_settings'), eq(auditLog.object_id, String(own))));
    const threshold = async (id: number) =>
      (await db().select().from(sites).where(eq(sites.id, id)))[0]?.explicit_photo_threshold;

    const list = await mod.get('/api/admin/photo-settings.php');
    expect(list.json).toEqual([expect.objectContaining({ site_id: own, explicit_photo_threshold: 0.8 })]);
    const set = await mod.put('/api/admin/photo-settings.php', {
      site_id: own,
      auto_approve_photos: false,
      explicit_photo_threshold: 0.6,
    });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(set.json).toMatchObject({ site_id: own, explicit_photo_threshold: 0.6 });
    expect(await threshold(own)).toBe(0.6);
    const [entry] = await audits();
    expect(entry).toMatchObject({
      before: { auto_approve_photos: false, explicit_photo_threshold: 0.8 },
      after: { auto_approve_photos: false, explicit_photo_threshold: 0.6 },
    });

    // Another site's moderator cannot; values outside 0.05..1 are refused; nothing changes or is audited.
    const elsewhere = await mod.put('/api/admin/photo-settings.php', {
      site_id: other,
      auto_approve_photos: false,
      explicit_photo_threshold: 0.3,
    });
    expect(elsewhere.status).toBe(404);
    expect(await threshold(other)).toBe(0.8);
    for (const value of [0.01, 1.5, -1]) {
      const res = await mod.put('/api/admin/photo-settings.php', {
        site_id: own,
        auto_approve_photos: false,
        explicit_photo_threshold: value,
      });
      expect(res.status, String(value)).toBe(400);
      expect(res.json.error).toBe('validation_failed');
    }
    expect(await threshold(own)).toBe(0.6);
    expect(await audits()).toHaveLength(1);
    // Without a threshold the setting stays as it is.
    await mod.put('/api/admin/photo-settings.php', { site_id: own, auto_approve_photos: true });
    expect(await threshold(own)).toBe(0.6);
  });
});
