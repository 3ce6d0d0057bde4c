import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, messages } from '../src/db/schema.js';
import { balanceAndLedger, connectRealtime, createChatMember } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createSite } from './helpers/factories.js';
import type { Browser } from './helpers/server.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { jpegWithGps, postMultipart } from './helpers/uploads.js';

/** POST /api/chat-photo.php as multipart/form-data (profile, client_id, file) with the browser's session. */
function sendPhoto(server: TestServer, browser: Browser, fields: { profile: number; client_id: string }, file: Buffer) {
  return postMultipart(`${server.url}/api/chat-photo.php`, {
    fields: { profile: String(fields.profile), client_id: fields.client_id },
    file,
    sid: browser.cookie('sid'),
  });
}

describe.each(dbKinds())('chat: sending a photo on %s', (kind) => {
  let server: TestServer;
  let photoDir: string;
  let siteId: number;
  const db = () => server.database.db;
  const member = (opts: Parameters<typeof createChatMember>[3] = {}) =>
    createChatMember(db(), siteId, server.url, { user: { paid_user: true }, ...opts });
  const storedFiles = () => readdirSync(photoDir).sort();

  beforeAll(async () => {
    photoDir = mkdtempSync(path.join(os.tmpdir(), 'chat-photo-test-'));
    server = await startTestServer(kind, { env: { PHOTO_DIR: photoDir } });
    siteId = (await createSite(db(), { is_default: true, message_credits: 10, photo_credits: 15 })).id;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(photoDir, { recursive: true, force: true });
  });

  it('re-encodes the photo without EXIF or GPS, charges photo_credits with a ledger row and delivers it', async () => {
    const a = await member({ credits: 40 });
    const b = await member();
    const socket = await connectRealtime(server.url, b.browser);
    const before = storedFiles();
    const input = await jpegWithGps(800, 400);
    expect((await sharp(input).metadata()).exif?.includes(Buffer.from('TestCam'))).toBe(true);

    const res = await sendPhoto(server, a.browser, { profile: b.profile.id, client_id: randomUUID() }, input);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.credits).toBe(25);
    const message = res.json.message;
    expect(message).toMatchObject({ kind: 'photo', body: '', sender: a.profile.id, credits_spent: 15, gift: null });
    expect(message.photo.filename).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(message.photo.thumb_filename).toMatch(/^[0-9a-f-]{36}\.jpg$/);

    // The full size (no enlargement) and the card size are stored, both re-encoded without metadata.
    expect(storedFiles()).toEqual([...before, message.photo.filename, message.photo.thumb_filename].sort());
    const sizes: [string, number, number][] = [
      [message.photo.filename, 800, 400],
      [message.photo.thumb_filename, 600, 600],
    ];
    for (const [name, width, height] of sizes) {
      const meta = await sharp(path.join(photoDir, name)).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width, height });
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }

    const ledger = await db().select().from(creditLedger).where(eq(creditLedger.user_id, a.user.id));
    expect(ledger.map((r) => [r.reason, r.delta, r.balance_after, r.reference])).toEqual([
      ['test_grant', 40, 40, null],
      ['photo', -15, 25, `message:${message.id}`],
    ]);
    expect(await balanceAndLedger(db(), a.user.id)).toEqual({ credits: 25, ledger: 25 });

    const event = await socket.waitFor((e) => e.type === 'message' && e.message_id === message.id);
    // Ids only (issue: explicit photos): each side fetches its own view, the recipient's blurred until scored.
    expect(event.message).toBeUndefined();
    const view = await b.browser.get(`/api/chat.php?conversation=${message.conversation}`);
    expect(view.json.messages.map((m: { photo: unknown }) => m.photo)).toEqual([message.photo]);
    socket.close();
  });

  it('stores and pays a retried photo send once, and keeps no files of the retry', async () => {
    const a = await member({ credits: 40 });
    const b = await member();
    const clientId = randomUUID();
    const first = await sendPhoto(
      server,
      a.browser,
      { profile: b.profile.id, client_id: clientId },
      await jpegWithGps(),
    );
    expect(first.status).toBe(200);
    const afterFirst = storedFiles();
    const again = await sendPhoto(
      server,
      a.browser,
      { profile: b.profile.id, client_id: clientId },
      await jpegWithGps(),
    );
    expect(again.status).toBe(200);
    expect(again.json.message).toEqual(first.json.message);
    expect(again.json.credits).toBe(25);
    expect(storedFiles()).toEqual(afterFirst);
    const stored = await db().select().from(messages).where(eq(messages.sender_profile_id, a.profile.id));
    expect(stored).toHaveLength(1);
    expect(await balanceAndLedger(db(), a.user.id)).toEqual({ credits: 25, ledger: 25 });
  });

  it('refuses a photo without enough credits (402) or that is not an image (400), keeping no files', async () => {
    const poor = await member({ credits: 14 });
    const b = await member();
    const before = storedFiles();
    const res = await sendPhoto(
      server,
      poor.browser,
      { profile: b.profile.id, client_id: randomUUID() },
      await jpegWithGps(),
    );
    expect(res.status).toBe(402);
    expect(res.json).toMatchObject({ error: 'not_enough_credits', data: { cost: 15, credits: 14 } });
    const junk = await sendPhoto(
      server,
      poor.browser,
      { profile: b.profile.id, client_id: randomUUID() },
      Buffer.from('not a photo at all'),
    );
    expect(junk.status).toBe(400);
    expect(junk.json.error).toBe('photo_invalid');
    expect(storedFiles()).toEqual(before);
    const stored = await db().select().from(messages).where(eq(messages.sender_profile_id, poor.profile.id));
    expect(stored).toHaveLength(0);
    expect(await balanceAndLedger(db(), poor.user.id)).toEqual({ credits: 14, ledger: 14 });
  });
});
