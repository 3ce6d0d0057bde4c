import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { loginAttempts, users } from '../src/db/schema.js';
import { MAX_FAILED_PER_IP } from '../src/services/access/login-protection.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

describe.each(dbKinds())('login protection on %s', (kind) => {
  let server: TestServer;
  let site: Awaited<ReturnType<typeof createSite>>;
  const clock = new ManualClock(new Date('2030-06-01T12:00:00Z'));

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { DEV_OUTBOX: '1', TRUST_PROXY: '1' } });
    site = await createSite(server.database.db, { is_default: true });
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  let ipCounter = 0;
  /** Each test logs in from its own IP (X-Forwarded-For, TRUST_PROXY=1) so the per-IP limit stays apart. */
  const fromIp = () => {
    ipCounter += 1;
    const ip = `10.0.0.${ipCounter}`;
    return (email: string, password: string) =>
      new Browser(server.url).request(
        'POST',
        '/api/user.php',
        { email, password },
        { headers: { 'x-forwarded-for': ip } },
      );
  };

  it('locks an account for 15 minutes after 5 failures, also against the right password', async () => {
    const member = await createMember(db(), site.id);
    const login = fromIp();
    for (let i = 0; i < 4; i++) {
      const res = await login(member.email, 'wrong');
      expect(res.status).toBe(401);
      expect(res.json.message).toBe('Login mislukt, probeer opnieuw');
    }
    const fifth = await login(member.email, 'wrong');
    expect(fifth.status).toBe(429);
    expect(fifth.json).toEqual({
      error: 'too_many_attempts',
      message: 'Te veel foute pogingen, account voor 15 min geblokkeerd.',
      data: { minutes: 15 },
    });
    clock.advance(4 * 60 + 30);
    const during = await login(member.email, member.password);
    expect(during.status).toBe(429);
    expect(during.json.data).toEqual({ minutes: 11 });
    expect(during.json.message).toBe('Te veel foute pogingen, account voor 11 min geblokkeerd.');

    clock.advance(10 * 60 + 31);
    const after = await login(member.email, member.password);
    expect(after.status).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({ failed_logins: 0, locked_until: null });
  });

  it('resets the count on success', async () => {
    const member = await createMember(db(), site.id);
    const login = fromIp();
    for (let i = 0; i < 4; i++) await login(member.email, 'wrong');
    expect((await login(member.email, member.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(member.email, 'wrong')).status).toBe(401);
  });

  it('refuses an IP after MAX_FAILED_PER_IP failures over all names in 15 minutes and records every attempt', async () => {
    const member = await createMember(db(), site.id);
    const login = fromIp();
    const ip = `10.0.0.${ipCounter}`;
    for (let i = 0; i < MAX_FAILED_PER_IP; i++) expect((await login(`nobody${i}@example.com`, 'x')).status).toBe(401);
    const blocked = await login(member.email, member.password);
    expect(blocked.status).toBe(429);
    expect(blocked.json.error).toBe('rate_limited');
    expect(await db().select().from(loginAttempts).where(eq(loginAttempts.ip, ip))).toHaveLength(MAX_FAILED_PER_IP + 1);
    clock.advance(15 * 60 + 1);
    expect((await login(member.email, member.password)).status).toBe(200);
  });

  it('lets a not_confirmed member in, not a banned one, and tells a leaving member', async () => {
    const login = fromIp();
    const fresh = await createMember(db(), site.id, { user: { status: 'not_confirmed' } });
    expect((await login(fresh.email, fresh.password)).json.status).toBe('not_confirmed');
    const banned = await createMember(db(), site.id, { user: { status: 'banned' } });
    // A ban is told only to whoever knows the password (back office I: login refused, /pages/ban).
    expect((await login(banned.email, banned.password)).json).toEqual({
      error: 'account_banned',
      message: 'Je account is gesloten. Je kunt niet meer inloggen.',
    });
    expect((await login(banned.email, 'not-the-password-1')).json.error).toBe('login_failed');
    const leaving = await createMember(db(), site.id, { user: { status: 'pending_deletion' } });
    const res = await login(leaving.email, leaving.password);
    expect(res.status).toBe(403);
    expect(res.json.error).toBe('account_pending_deletion');
    expect((await login(leaving.email, 'wrong')).json.error).toBe('login_failed');
  });
});
