import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

describe.each(dbKinds())('sessions on %s', (kind) => {
  let server: TestServer;
  let member: Awaited<ReturnType<typeof createMember>>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const site = await createSite(server.database.db, { is_default: true });
    member = await createMember(server.database.db, site.id, { user: { credits: 20 } });
  });
  afterAll(() => server.close());

  it('answers 403 authentication_required when logged out', async () => {
    const res = await new Browser(server.url).get('/api/user.php');
    expect(res.status).toBe(403);
    expect(res.json.error).toBe('authentication_required');
    expect(typeof res.json.message).toBe('string');
  });

  it('logs in, answers the user, and logs out for real', async () => {
    const browser = new Browser(server.url);
    const login = await browser.post('/api/user.php', { email: member.email.toUpperCase(), password: member.password });
    expect(login.status).toBe(200);
    expect(login.json).toMatchObject({ id: member.user.id, credits: 20, paid_user: false, status: 'confirmed' });
    expect(login.json.profile).toMatchObject({ id: member.profile.id, name: member.profile.name });
    const setCookie = login.setCookies.join(';');
    expect(setCookie).toMatch(/sid=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=2592000/);

    const stolen = browser.cookie('sid');
    expect((await browser.get('/api/user.php')).status).toBe(200);
    expect((await browser.get('/api/logout.php')).status).toBe(200);
    expect((await browser.get('/api/user.php')).status).toBe(403);

    // The old token is dead on the server, not only forgotten by the browser.
    const replay = await new Browser(server.url).get('/api/user.php', { headers: { cookie: `sid=${stolen}` } });
    expect(replay.status).toBe(403);
  });

  it('logs out everywhere', async () => {
    const phone = new Browser(server.url);
    const laptop = new Browser(server.url);
    await phone.post('/api/user.php', { email: member.email, password: member.password });
    await laptop.post('/api/user.php', { email: member.email, password: member.password });
    expect((await phone.get('/api/logout.php?all=1')).status).toBe(200);
    expect((await laptop.get('/api/user.php')).status).toBe(403);
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const browser = new Browser(server.url);
    const wrong = await browser.post('/api/user.php', { email: member.email, password: 'nope' });
    const unknown = await browser.post('/api/user.php', { email: 'nobody@example.com', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json).toEqual({ error: 'login_failed', message: 'Login mislukt, probeer opnieuw' });
  });

  it('answers errors in the language of the visitor', async () => {
    const res = await new Browser(server.url).request(
      'POST',
      '/api/user.php',
      { email: 'x@example.com', password: 'y' },
      { headers: { 'accept-language': 'de-DE,de;q=0.9' } },
    );
    expect(res.json.message).toBe('Login fehlgeschlagen, bitte versuche es erneut');
  });

  it('refuses state-changing calls without the client header', async () => {
    const res = await new Browser(server.url).post(
      '/api/user.php',
      { email: member.email, password: member.password },
      { clientHeader: false },
    );
    expect(res.status).toBe(403);
    expect(res.json.error).toBe('client_header_required');
  });

  it('refuses a HEAD of logout without the client header, like its GET, and keeps the session', async () => {
    const browser = new Browser(server.url);
    expect((await browser.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(200);
    const sid = browser.cookie('sid');
    const head = await fetch(`${server.url}/api/logout.php`, { method: 'HEAD', headers: { cookie: `sid=${sid}` } });
    expect(head.status).toBe(403);
    expect((await browser.get('/api/user.php')).status).toBe(200);
  });

  it('rejects an invalid body with validation_failed', async () => {
    const res = await new Browser(server.url).post('/api/user.php', { email: '' });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('validation_failed');
    expect(res.json.data.issues.length).toBeGreaterThan(0);
  });

  it('saves the language of a logged-in member', async () => {
    const browser = new Browser(server.url);
    await browser.post('/api/user.php', { email: member.email, password: member.password });
    expect((await browser.put('/api/user.php', { language: 'fr' })).status).toBe(200);
    expect((await browser.get('/api/user.php')).json.language).toBe('fr');
    expect((await browser.put('/api/user.php', { language: 'xx' })).status).toBe(400);
  });

  it('marks the cookie Secure behind an HTTPS proxy', async () => {
    const proxied = await startTestServer(kind, { env: { TRUST_PROXY: '1' } });
    try {
      const site = await createSite(proxied.database.db, { is_default: true });
      const m = await createMember(proxied.database.db, site.id);
      const res = await new Browser(proxied.url).request(
        'POST',
        '/api/user.php',
        { email: m.email, password: m.password },
        { headers: { 'x-forwarded-proto': 'https' } },
      );
      expect(res.status).toBe(200);
      expect(res.setCookies.join(';')).toMatch(/;\s*Secure/i);
    } finally {
      await proxied.close();
    }
  });
});
