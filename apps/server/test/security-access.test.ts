import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { sites } from '../src/db/schema.js';
import { MAX_FAILED_PER_IP, MAX_FAILED_PER_IP_ACCOUNT } from '../src/services/access/login-protection.js';
import { RESET_MAILS_PER_DAY } from '../src/services/access/password-reset.js';
import { mailsTo, STRONG_PASSWORD, tokenFromMail } from './access-helpers.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

/**
 * Findings of the attack on the site (docs/security.md): outside links from configuration only,
 * login limits per address and account, reset links, header checks by matched route, WebSocket
 * origin. Each test failed before its fix.
 */
describe.each(dbKinds())('security: links, logins and requests on %s', (kind) => {
  let server: TestServer;
  let site: Awaited<ReturnType<typeof createSite>>;
  const clock = new ManualClock(new Date('2030-06-01T12:00:00Z'));
  const db = () => server.database.db;
  let ipCounter = 0;
  /** A visitor whose requests come from their own address (X-Forwarded-For through one trusted proxy hop). */
  const fromNewIp = () => {
    ipCounter += 1;
    const ip = `10.1.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
    const browser = new Browser(server.url);
    const post = (path: string, body: unknown, forwardedFor = ip) =>
      browser.request('POST', path, body, { headers: { 'x-forwarded-for': forwardedFor } });
    return { ip, browser, post };
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { DEV_OUTBOX: '1', TRUST_PROXY: '1' } });
    site = await createSite(db(), { is_default: true });
  });
  afterAll(() => server?.close());

  describe('outside links come from the site configuration, never the request', () => {
    it('mails the reset link on the configured origin whatever Host or X-Forwarded-Host say', async () => {
      const member = await createMember(db(), site.id);
      const spoofs: Record<string, string>[] = [{ host: 'evil.example' }, { 'x-forwarded-host': 'evil.example' }];
      for (const headers of spoofs) {
        const res = await new Browser(server.url).request(
          'POST',
          '/api/password-reset.php',
          { email: member.email },
          { headers },
        );
        expect(res.status).toBe(200);
      }
      const mails = await mailsTo(server, member.email);
      expect(mails).toHaveLength(2);
      for (const mail of mails) {
        expect(mail.text).toContain(`${server.url}/reset-password/do?token=`);
        expect(`${mail.text}${mail.html}`).not.toContain('evil.example');
      }
    });

    it("uses a site's own public_url for every link of that site", async () => {
      const other = await createSite(db(), { public_url: 'https://flirt.example' });
      const member = await createMember(db(), other.id);
      const res = await new Browser(server.url, other.domain).post('/api/password-reset.php', { email: member.email });
      expect(res.status).toBe(200);
      const [mail] = await mailsTo(server, member.email);
      expect(mail!.text).toContain('https://flirt.example/reset-password/do?token=');
      await db().update(sites).set({ public_url: null }).where(eq(sites.id, other.id));
    });
  });

  describe('login limits per address', () => {
    it("does not lock a shared address out for one person's typos", async () => {
      const office = fromNewIp();
      const clumsy = await createMember(db(), site.id);
      for (let i = 0; i < MAX_FAILED_PER_IP_ACCOUNT; i++) {
        expect((await office.post('/api/user.php', { email: `typo${i}-${clumsy.email}`, password: 'x' })).status).toBe(
          401,
        );
      }
      // 10 failures from the office for other names: a colleague still logs in from there.
      const colleague = await createMember(db(), site.id);
      expect(
        (await office.post('/api/user.php', { email: colleague.email, password: colleague.password })).status,
      ).toBe(200);
    });

    it('refuses one login name from one address after its failures, while others go on', async () => {
      const net = fromNewIp();
      const target = 'someone-unknown@example.com';
      for (let i = 0; i < MAX_FAILED_PER_IP_ACCOUNT; i++) {
        expect((await net.post('/api/user.php', { email: target, password: `guess${i}` })).status).toBe(401);
      }
      const refused = await net.post('/api/user.php', { email: target, password: 'guess-more' });
      expect(refused.status).toBe(429);
      expect(refused.json.error).toBe('rate_limited');
      const member = await createMember(db(), site.id);
      expect((await net.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(200);
    });

    it('stops guessing across many accounts at the per-address ceiling, and a spoofed X-Forwarded-For does not help', async () => {
      const attacker = fromNewIp();
      for (let i = 0; i < MAX_FAILED_PER_IP; i++) {
        // The attacker writes their own X-Forwarded-For; the trusted proxy appends the real address.
        const spoofed = `203.0.113.${i % 250}, ${attacker.ip}`;
        const res = await attacker.post('/api/user.php', { email: `victim${i}@example.com`, password: 'x' }, spoofed);
        expect(res.status).toBe(401);
      }
      const member = await createMember(db(), site.id);
      const blocked = await attacker.post(
        '/api/user.php',
        { email: member.email, password: member.password },
        `198.51.100.7, ${attacker.ip}`,
      );
      expect(blocked.status).toBe(429);
      clock.advance(15 * 60 + 1);
      expect((await attacker.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(
        200,
      );
    });
  });

  describe('reset links', () => {
    it("ends the member's other reset links when one is used", async () => {
      const member = await createMember(db(), site.id);
      const visitor = fromNewIp();
      expect((await visitor.post('/api/password-reset.php', { email: member.email })).status).toBe(200);
      const first = await tokenFromMail(server, member.email, 'password_reset');
      expect((await visitor.post('/api/password-reset.php', { email: member.email })).status).toBe(200);
      const second = await tokenFromMail(server, member.email, 'password_reset');
      expect(second).not.toBe(first);
      const body = (token: string) => ({ token, password: STRONG_PASSWORD, password_repeat: STRONG_PASSWORD });
      expect((await visitor.post('/api/password-reset-do.php', body(second))).status).toBe(200);
      const stale = await visitor.post('/api/password-reset-do.php', body(first));
      expect(stale.status).toBe(400);
      expect(stale.json.error).toBe('reset_link_invalid');
    });

    it("counts the reset-mail quota per requesting address, so a stranger cannot use up the member's", async () => {
      const member = await createMember(db(), site.id);
      const stranger = fromNewIp();
      for (let i = 0; i < RESET_MAILS_PER_DAY; i++) {
        expect((await stranger.post('/api/password-reset.php', { email: member.email })).status).toBe(200);
      }
      const more = await stranger.post('/api/password-reset.php', { email: member.email });
      expect(more.status).toBe(429);
      expect(more.json.error).toBe('too_many_reset_mails');
      const own = fromNewIp();
      expect((await own.post('/api/password-reset.php', { email: member.email })).status).toBe(200);
    });
  });

  describe('requests are judged by the route they reach', () => {
    it('refuses an encoded logout path without the client header and keeps the session', async () => {
      const member = await createMember(db(), site.id);
      const browser = new Browser(server.url);
      expect((await browser.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(
        200,
      );
      for (const path of ['/api/%6cogout.php?all=1', '/api/logout%2Ephp?all=1', '/%61pi/logout.php?all=1']) {
        const res = await browser.get(path, { clientHeader: false });
        expect(res.status, path).not.toBe(200);
        expect((await browser.get('/api/user.php')).status, path).toBe(200);
      }
      const plain = await browser.get('/api/%6cogout.php?all=1', { clientHeader: false });
      expect(plain.status).toBe(403);
      expect(plain.json.error).toBe('client_header_required');
    });
  });

  describe('security headers', () => {
    it('pins HTTPS (HSTS) only on responses served over HTTPS', async () => {
      const plain = await new Browser(server.url).get('/api/settings.php');
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const secure = await new Browser(server.url).get('/api/settings.php', {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    });
  });

  describe('the realtime WebSocket', () => {
    it('accepts only the whole site origin, not another port or scheme of the same host', async () => {
      const WebSocket = (await import('ws')).default;
      const member = await createMember(db(), site.id);
      const browser = new Browser(server.url);
      await browser.post('/api/user.php', { email: member.email, password: member.password });
      const cookie = `sid=${browser.cookie('sid')}`;
      const closeCode = (origin: string) =>
        new Promise<number>((resolve) => {
          const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/realtime`, { headers: { cookie, origin } });
          ws.on('open', () => {
            ws.close(1000);
          });
          ws.on('close', (code) => resolve(code));
          ws.on('error', () => resolve(-1));
        });
      const { port } = new URL(server.url);
      expect(await closeCode('http://127.0.0.1:9999')).toBe(4403);
      expect(await closeCode(`https://127.0.0.1:${port}`)).toBe(4403);
      expect(await closeCode('http://evil.example')).toBe(4403);
      expect(await closeCode(server.url)).toBe(1000);
    });
  });
});
