/**
 * Passkeys (issue: passkeys) against the real server on both databases, with a software
 * authenticator (helpers/soft-authenticator.ts): a member adds one and logs in without an e-mail;
 * a single-use challenge; a counter that goes backwards, a wrong origin, a removed passkey and
 * another site's passkey are refused; the password login's rules hold; the offer; staff use a passkey
 * as second factor, and a role that requires passkeys sends an account without one to add one.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { auditLog, passkeys, users } from '../src/db/schema.js';
import { totpCode } from '../src/services/staff/totp.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { SoftPasskey } from './helpers/soft-authenticator.js';
import { createStaff, loginStaff } from './helpers/staff.js';

describe.each(dbKinds())('passkeys on %s', (kind) => {
  let server: TestServer;
  let siteId: number;
  let otherSiteId: number;
  /** The default site's configured origin (PUBLIC_URL of the test server) and RP id. */
  let origin: string;
  let rpId: string;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    siteId = (await createSite(server.database.db, { is_default: true })).id;
    otherSiteId = (await createSite(server.database.db, { domain: 'other.test' })).id;
    origin = server.url;
    rpId = new URL(server.url).hostname;
  });
  afterAll(() => server.close());

  /** A member of the default site, logged in with the password, with a passkey added. */
  async function memberWithPasskey(opts: { counter?: number } = {}) {
    const member = await createMember(server.database.db, siteId);
    const b = new Browser(server.url);
    expect((await b.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(200);
    const options = await b.post('/api/passkey-register-options.php', {});
    expect(options.status, JSON.stringify(options.json)).toBe(200);
    expect(options.json.rp.id).toBe(rpId);
    expect(options.json.authenticatorSelection.residentKey).toBe('required');
    const key = new SoftPasskey(rpId, opts);
    const added = await b.post('/api/passkey-register.php', {
      name: 'Telefoon',
      credential: key.register(options.json, origin),
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    return { member, browser: b, key, passkeyId: added.json.id as number };
  }

  /** A passkey login on the default site (or `host`'s site) without an e-mail; answers the reply. */
  async function passkeyLogin(key: SoftPasskey, opts: { origin?: string; counter?: number; host?: string } = {}) {
    const b = new Browser(server.url, opts.host);
    const options = await b.post('/api/passkey-login-options.php', {});
    expect(options.status).toBe(200);
    const credential = key.authenticate(options.json, opts.origin ?? origin, { counter: opts.counter });
    return { browser: b, reply: await b.post('/api/passkey-login.php', { credential }), credential };
  }

  it('adds a passkey in the settings and logs in with it without an e-mail, into the same session as a password', async () => {
    const { member, browser, key } = await memberWithPasskey();
    const list = await browser.get('/api/passkeys.php');
    expect(list.json.passkeys).toHaveLength(1);
    expect(list.json.passkeys[0]).toMatchObject({ name: 'Telefoon', last_used_at: null });
    expect(list.json.offer).toBe(false);

    const { browser: other, reply, credential } = await passkeyLogin(key);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(reply.json.email).toBe(member.email);
    expect((await other.get('/api/user.php')).json.email).toBe(member.email);
    const [row] = await server.database.db.select().from(passkeys).where(eq(passkeys.user_id, member.user.id));
    expect(row?.last_used_at).not.toBeNull();
    expect(row?.counter).toBe(2);

    // The challenge was used: the same answer again is refused.
    const replay = await new Browser(server.url).post('/api/passkey-login.php', { credential });
    expect(replay.status).toBe(400);
    expect(replay.json.error).toBe('passkey_failed');
  });

  it('refuses a signature counter that goes backwards, and accepts authenticators that keep no counter', async () => {
    const { key } = await memberWithPasskey({ counter: 5 });
    expect((await passkeyLogin(key)).reply.status).toBe(200);
    const back = await passkeyLogin(key, { counter: 3 });
    expect(back.reply.status).toBe(400);
    expect(back.reply.json.error).toBe('passkey_failed');
    expect((await passkeyLogin(key, { counter: 7 })).reply.status).toBe(200);

    const { key: counterless } = await memberWithPasskey({ counter: 0 });
    expect((await passkeyLogin(counterless)).reply.status).toBe(200);
    expect((await passkeyLogin(counterless)).reply.status).toBe(200);
  });

  it('refuses a wrong origin at registration and at login', async () => {
    const member = await createMember(server.database.db, siteId);
    const b = new Browser(server.url);
    await b.post('/api/user.php', { email: member.email, password: member.password });
    const options = await b.post('/api/passkey-register-options.php', {});
    const key = new SoftPasskey(rpId);
    const wrong = await b.post('/api/passkey-register.php', {
      name: '',
      credential: key.register(options.json, 'https://evil.example'),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe('passkey_failed');

    const { key: good } = await memberWithPasskey();
    const login = await passkeyLogin(good, { origin: 'https://evil.example' });
    expect(login.reply.status).toBe(400);
    expect(login.reply.json.error).toBe('passkey_failed');
  });

  it('refuses a removed passkey; another member cannot remove it', async () => {
    const { browser, key, passkeyId } = await memberWithPasskey();
    const stranger = await createMember(server.database.db, siteId);
    const sb = new Browser(server.url);
    await sb.post('/api/user.php', { email: stranger.email, password: stranger.password });
    expect((await sb.request('DELETE', '/api/passkeys.php', { id: passkeyId })).status).toBe(404);
    expect((await browser.request('DELETE', '/api/passkeys.php', { id: passkeyId })).status).toBe(200);
    expect((await browser.get('/api/passkeys.php')).json.passkeys).toHaveLength(0);
    const login = await passkeyLogin(key);
    expect(login.reply.status).toBe(400);
    expect(login.reply.json.error).toBe('passkey_failed');
  });

  it("refuses a passkey of another site's member, even with a valid signature", async () => {
    const { key, passkeyId } = await memberWithPasskey();
    const elsewhere = await createMember(server.database.db, otherSiteId);
    // The row as if it belonged to the other site's member (same key, valid for this RP id).
    await server.database.db
      .update(passkeys)
      .set({ site_id: otherSiteId, user_id: elsewhere.user.id })
      .where(eq(passkeys.id, passkeyId));
    const login = await passkeyLogin(key);
    expect(login.reply.status).toBe(400);
    expect(login.reply.json.error).toBe('passkey_failed');

    // On the other site, its own origin is the relying party: a passkey made for this one is useless there.
    const there = await passkeyLogin(key, { host: 'other.test', origin: 'https://other.test' });
    expect(there.reply.status).toBe(400);
  });

  it("applies the password login's rules: a banned member is refused", async () => {
    const { member, key } = await memberWithPasskey();
    await server.database.db.update(users).set({ status: 'banned' }).where(eq(users.id, member.user.id));
    const login = await passkeyLogin(key);
    expect(login.reply.status).toBe(403);
    expect(login.reply.json.error).toBe('account_banned');
  });

  it('offers a passkey to a member without one until dismissed', async () => {
    const member = await createMember(server.database.db, siteId);
    const b = new Browser(server.url);
    await b.post('/api/user.php', { email: member.email, password: member.password });
    expect((await b.get('/api/passkeys.php')).json).toEqual({ passkeys: [], offer: true });
    expect((await b.post('/api/passkey-offer.php', {})).status).toBe(200);
    expect((await b.get('/api/passkeys.php')).json.offer).toBe(false);
    expect((await new Browser(server.url).post('/api/passkey-offer.php', {})).status).toBe(403);
  });

  /** Adds a passkey to the staff account of `b` (full or setup session); answers the key and reply. */
  async function addStaffPasskey(b: Browser) {
    const options = await b.post('/api/admin/passkey-register-options.php', {});
    expect(options.status, JSON.stringify(options.json)).toBe(200);
    expect(options.json.rp.id).toBe(rpId);
    const key = new SoftPasskey(rpId);
    const reply = await b.post('/api/admin/passkey-register.php', {
      name: 'YubiKey',
      credential: key.register(options.json, origin),
    });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    return key;
  }

  /** The second step of a staff login with `key` on a fresh browser; answers the browser and reply. */
  async function staffPasskeyLogin(ref: { email: string; password: string }, key: SoftPasskey) {
    const b = new Browser(server.url);
    const first = await b.post('/api/admin/login.php', { email: ref.email, password: ref.password });
    expect(first.status).toBe(200);
    const options = await b.post('/api/admin/passkey-login-options.php', {});
    expect(options.status, JSON.stringify(options.json)).toBe(200);
    const reply = await b.post('/api/admin/passkey-login.php', { credential: key.authenticate(options.json, origin) });
    return { browser: b, first: first.json, reply };
  }

  it('lets staff use a passkey instead of the TOTP code, audited', async () => {
    const ref = await createStaff(server.database.db, 'support', [siteId]);
    const b = await loginStaff(server.url, ref, clock.now());
    const key = await addStaffPasskey(b);
    expect((await b.get('/api/admin/passkeys.php')).json).toHaveLength(1);

    // A password-stage session cannot add one; the options need the password first.
    expect((await new Browser(server.url).post('/api/admin/passkey-login-options.php', {})).status).toBe(403);

    const { browser, first, reply } = await staffPasskeyLogin(ref, key);
    expect(first).toMatchObject({ next: 'totp', passkey: true, passkey_required: false });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect((await browser.get('/api/admin/me.php')).json.email).toBe(ref.email);
    const actions = (await server.database.db.select().from(auditLog).where(eq(auditLog.staff_id, ref.id))).map(
      (e) => e.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['staff.add_passkey', 'staff.login_passkey']));

    // Another staff account's passkey is no second factor for this one.
    const other = await createStaff(server.database.db, 'support', [siteId]);
    const ob = new Browser(server.url);
    await ob.post('/api/admin/login.php', { email: other.email, password: other.password });
    expect((await ob.post('/api/admin/passkey-login-options.php', {})).json.error).toBe('passkey_failed');
  });

  it('requires passkeys for a role: the first time after the code to add one, then only the passkey', async () => {
    const db = server.database.db;
    const admin = await createStaff(db, 'admin', null);
    const ab = await loginStaff(server.url, admin, clock.now());
    const set = await ab.put('/api/admin/staff-roles.php', { role: 'operator', require_passkey: true });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    const roles = await ab.get('/api/admin/staff-roles.php');
    expect(roles.json).toContainEqual({ role: 'operator', require_passkey: true });
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff_role.update'), eq(auditLog.object_id, 'operator')));
    expect(entry?.after).toEqual({ require_passkey: true });
    // An admin of some sites only may not change a deployment-wide rule; other roles may not at all.
    const siteAdmin = await loginStaff(server.url, await createStaff(db, 'admin', [siteId]), clock.now());
    expect(
      (await siteAdmin.put('/api/admin/staff-roles.php', { role: 'operator', require_passkey: false })).status,
    ).toBe(403);

    // First time: the code passes once, into a session that only adds a passkey.
    const operator = await createStaff(db, 'operator', [siteId]);
    const b = new Browser(server.url);
    const first = await b.post('/api/admin/login.php', { email: operator.email, password: operator.password });
    expect(first.json).toMatchObject({ passkey: false, passkey_required: true });
    const second = await b.post('/api/admin/totp.php', { code: await totpCode(operator.secret, clock.now()) });
    expect(second.status).toBe(200);
    expect(second.json.add_passkey).toBe(true);
    expect((await b.get('/api/admin/me.php')).status).toBe(403);
    const key = await addStaffPasskey(b);
    expect((await b.get('/api/admin/me.php')).status).toBe(200);

    // From now on the code is refused; the passkey opens the back office.
    clock.advance(60);
    const again = new Browser(server.url);
    await again.post('/api/admin/login.php', { email: operator.email, password: operator.password });
    const code = await again.post('/api/admin/totp.php', { code: await totpCode(operator.secret, clock.now()) });
    expect(code.status).toBe(403);
    expect(code.json.error).toBe('passkey_required');
    const { browser, reply } = await staffPasskeyLogin(operator, key);
    expect(reply.status).toBe(200);
    // The last passkey of such a role stays.
    const [own] = (await browser.get('/api/admin/passkeys.php')).json as { id: number }[];
    const removed = await browser.request('DELETE', '/api/admin/passkeys.php', { id: own?.id });
    expect(removed.status).toBe(409);
    expect(removed.json.error).toBe('passkey_required');

    // An admin's reset of the second factor removes the passkeys: the account starts over.
    expect((await ab.put('/api/admin/staff.php', { id: operator.id, reset_totp: true })).status).toBe(200);
    expect(await db.select().from(passkeys).where(eq(passkeys.staff_id, operator.id))).toHaveLength(0);
    await ab.put('/api/admin/staff-roles.php', { role: 'operator', require_passkey: false });
  });
});
