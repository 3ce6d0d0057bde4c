import { mkdir, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import {
  blocks,
  creditLedger,
  likes,
  outbox,
  pageEvents,
  photos,
  profiles,
  sessions,
  users,
  userTokens,
} from '../src/db/schema.js';
import { eraseExpiredAccounts } from '../src/services/access/erasure.js';
import { FolderPhotoStore } from '../src/storage/folder-store.js';
import { loggedIn, mailsTo, tokenFromMail } from './access-helpers.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createPhoto, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

describe.each(dbKinds())('account deletion, erasure, export and the page beacon on %s', (kind) => {
  let server: TestServer;
  let site: Awaited<ReturnType<typeof createSite>>;
  const clock = new ManualClock(new Date('2030-06-01T12:00:00Z'));
  const DAY = 24 * 3600;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { DEV_OUTBOX: '1' } });
    site = await createSite(server.database.db, { is_default: true });
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const visitor = () => new Browser(server.url);
  const searchIds = async () =>
    (await visitor().get('/api/search.php?gender=female&per_page=60')).json.results.map((r: { id: number }) => r.id);

  /** A member with a photo who deletes the account; returns the member and the reactivation token. */
  async function deletedMember(opts: Parameters<typeof createMember>[2] = {}) {
    const member = await createMember(db(), site.id, opts);
    const browser = await loggedIn(server, member.email, member.password);
    const res = await browser.post('/api/account-delete.php', { password: member.password, reason: 'found someone' });
    expect(res.json).toEqual({ ok: true });
    return { member, browser, token: await tokenFromMail(server, member.email, 'deletion_confirmed') };
  }

  it('shows the retention offer', async () => {
    const member = await createMember(db(), site.id);
    const browser = await loggedIn(server, member.email, member.password);
    expect((await browser.get('/api/account-delete.php')).json).toEqual({ delete_discount: 0, reactivation_days: 14 });
    expect((await visitor().get('/api/account-delete.php')).status).toBe(403);
  });

  it('refuses a wrong password', async () => {
    const member = await createMember(db(), site.id);
    const browser = await loggedIn(server, member.email, member.password);
    const res = await browser.post('/api/account-delete.php', { password: 'nope' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: 'wrong_old_password', data: { field: 'password' } });
  });

  it('hides the profile at once, ends every session and refuses login with the support message', async () => {
    const member = await createMember(db(), site.id);
    const phone = await loggedIn(server, member.email, member.password);
    expect(await searchIds()).toContain(member.profile.id);
    const { browser } = { browser: await loggedIn(server, member.email, member.password) };
    expect((await browser.post('/api/account-delete.php', { password: member.password })).status).toBe(200);
    expect((await visitor().get(`/api/profile.php?id=${member.profile.id}`)).status).toBe(404);
    expect(await searchIds()).not.toContain(member.profile.id);
    expect((await browser.get('/api/user.php')).status).toBe(403);
    expect((await phone.get('/api/user.php')).status).toBe(403);
    const login = await visitor().post('/api/user.php', { email: member.email, password: member.password });
    expect(login.status).toBe(403);
    expect(login.json.error).toBe('account_pending_deletion');
    const [mail] = await mailsTo(server, member.email);
    expect(mail!.kind).toBe('deletion_confirmed');
    expect(mail!.text).toContain(`${server.url}/account-deleted?reactivate=`);
  });

  it('reactivates within 14 days with the mailed link and logs the member in', async () => {
    const { member, token } = await deletedMember();
    clock.advance(13 * DAY);
    const browser = visitor();
    const res = await browser.post('/api/reactivate.php', { token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: member.user.id, status: 'confirmed' });
    expect(res.json.profile.status).toBe('active');
    expect((await browser.get('/api/user.php')).status).toBe(200);
    expect(await searchIds()).toContain(member.profile.id);
    expect((await mailsTo(server, member.email))[0]!.kind).toBe('reactivation');
    expect((await visitor().post('/api/reactivate.php', { token })).json.error).toBe('reset_link_invalid');
  });

  it('brings a never-confirmed member back as not_confirmed with a disabled profile', async () => {
    const { token } = await deletedMember({ user: { status: 'not_confirmed' }, profile: { status: 'disabled' } });
    const res = await visitor().post('/api/reactivate.php', { token });
    expect(res.json.status).toBe('not_confirmed');
    expect(res.json.profile.status).toBe('disabled');
  });

  it('erases the personal data after 14 days and keeps the credit ledger', async () => {
    const photoDir = await mkdtempDir();
    const photoStore = new FolderPhotoStore(photoDir);
    const { member, token } = await deletedMember({ user: { tracking: { network: 'n' }, signup_message: 'hoi' } });
    const photo = await createPhoto(db(), member.profile.id);
    await Promise.all(
      [photo.filename, photo.match_filename, photo.thumb_filename].map((f) => writeFile(path.join(photoDir, f), 'x')),
    );
    await db()
      .insert(creditLedger)
      .values({ user_id: member.user.id, delta: 100, balance_after: 100, reason: 'purchase' });

    expect(
      await eraseExpiredAccounts({ db: db(), photoStore }, { now: new Date(clock.now().getTime() + 13 * DAY) }),
    ).toBe(0);
    clock.advance(14 * DAY + 1);
    expect((await visitor().post('/api/reactivate.php', { token })).json.error).toBe('reset_link_invalid');
    expect(await eraseExpiredAccounts({ db: db(), photoStore }, { now: clock.now() })).toBeGreaterThanOrEqual(1);

    const [row] = await db().select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({
      email: `erased-${member.user.id}@invalid`,
      tracking: null,
      signup_message: null,
      erased_at: clock.now(),
    });
    expect(row!.password_hash).not.toBe(member.user.password_hash);
    expect(await db().select().from(profiles).where(eq(profiles.user_id, member.user.id))).toHaveLength(0);
    expect(await db().select().from(photos).where(eq(photos.id, photo.id))).toHaveLength(0);
    expect(await db().select().from(sessions).where(eq(sessions.user_id, member.user.id))).toHaveLength(0);
    expect(await db().select().from(userTokens).where(eq(userTokens.user_id, member.user.id))).toHaveLength(0);
    expect(await db().select().from(outbox).where(eq(outbox.recipient, member.email))).toHaveLength(0);
    expect(await readdir(photoDir)).toEqual([]);
    const ledger = await db().select().from(creditLedger).where(eq(creditLedger.user_id, member.user.id));
    expect(ledger).toHaveLength(1);
    expect((await visitor().post('/api/user.php', { email: member.email, password: member.password })).status).toBe(
      401,
    );
    expect(await eraseExpiredAccounts({ db: db() }, { now: clock.now() })).toBe(0);
  });

  it('exports the member data as a JSON download', async () => {
    const member = await createMember(db(), site.id, { user: { tracking: { network: 'aff' } } });
    const photo = await createPhoto(db(), member.profile.id, { status: 'awaiting_approval' });
    await db()
      .insert(creditLedger)
      .values({ user_id: member.user.id, delta: 20, balance_after: 20, reason: 'signup_credits' });
    await visitor().post('/api/password-reset.php', { email: member.email });
    const other = await createMember(db(), site.id);
    await db()
      .insert(likes)
      .values([
        { site_id: site.id, liker_profile_id: member.profile.id, liked_profile_id: other.profile.id },
        { site_id: site.id, liker_profile_id: other.profile.id, liked_profile_id: member.profile.id },
      ]);
    await db().insert(blocks).values({ blocker_profile_id: member.profile.id, blocked_profile_id: other.profile.id });
    const browser = await loggedIn(server, member.email, member.password);
    const res = await browser.request('GET', '/api/export.php', undefined, {
      headers: { 'user-agent': 'TestAgent/1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="my-data-${member.user.id}.json"`);
    expect(res.json.account).toMatchObject({ id: member.user.id, email: member.email });
    expect(JSON.stringify(res.json)).not.toContain('argon2');
    expect(res.json.tracking).toEqual({ network: 'aff' });
    expect(res.json.profile).toMatchObject({ id: member.profile.id, name: member.profile.name });
    expect(res.json.photos).toEqual([
      expect.objectContaining({ filename: photo.filename, url: `${server.url}/photos/${photo.filename}` }),
    ]);
    expect(res.json.credit_ledger).toEqual([expect.objectContaining({ delta: 20, reason: 'signup_credits' })]);
    expect(res.json.likes_given).toEqual([expect.objectContaining({ profile: other.profile.id, source: 'member' })]);
    expect(res.json.likes_received).toEqual([expect.objectContaining({ profile: other.profile.id })]);
    expect(res.json.blocks).toEqual([expect.objectContaining({ profile: other.profile.id })]);
    expect(res.json.messages_sent).toEqual([]);
    expect(res.json.sessions.length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(res.json.sessions[0]).sort()).toEqual([
      'created_at',
      'expires_at',
      'ip',
      'last_seen_at',
      'user_agent',
    ]);
    expect(res.json.mails).toEqual([expect.objectContaining({ kind: 'password_reset' })]);
    expect((await visitor().get('/api/export.php')).status).toBe(403);
  });

  it('stores the page-hidden beacon without the client header, as JSON or text/plain', async () => {
    const member = await createMember(db(), site.id);
    const browser = await loggedIn(server, member.email, member.password);
    const empty = await visitor().request('POST', '/api/page-hidden.php', undefined, { clientHeader: false });
    expect(empty.status).toBe(204);
    const json = await browser.request(
      'POST',
      '/api/page-hidden.php',
      { path: '/members', seconds_visible: 12, tracking: { network: 'n' } },
      { clientHeader: false },
    );
    expect(json.status).toBe(204);
    const text = await visitor().request('POST', '/api/page-hidden.php', undefined, {
      clientHeader: false,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(text.status).toBe(204);
    const rows = await db().select().from(pageEvents).where(eq(pageEvents.user_id, member.user.id));
    expect(rows).toEqual([
      expect.objectContaining({ path: '/members', seconds_visible: 12, tracking: { network: 'n' } }),
    ]);
    // Every other state-changing call still needs the header.
    expect(
      (await visitor().request('POST', '/api/password-reset.php', { email: 'x@y.z' }, { clientHeader: false })).status,
    ).toBe(403);
  });

  it('limits the beacon to 30 calls a minute per IP', async () => {
    const beacon = () => visitor().request('POST', '/api/page-hidden.php', {}, { clientHeader: false });
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await beacon());
    const limited = answers.find((a) => a.status === 429);
    expect(limited?.json.error).toBe('rate_limited');
  });
});

async function mkdtempDir(): Promise<string> {
  const dir = path.join(os.tmpdir(), `erasure-${process.pid}-${Date.now()}`);
  await mkdir(dir, { recursive: true });
  return dir;
}
