import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { creditLedger, profiles, users } from '../src/db/schema.js';
import { mailsTo, signupBody, tokenFromMail } from './access-helpers.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createProfile, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

describe.each(dbKinds())('signup and activation on %s', (kind) => {
  let server: TestServer;
  let site: Awaited<ReturnType<typeof createSite>>;
  const clock = new ManualClock(new Date('2030-06-01T12:00:00Z'));

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { DEV_OUTBOX: '1' } });
    site = await createSite(server.database.db, { is_default: true, signup_credits: 20 });
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const signup = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    new Browser(server.url).request('POST', '/api/signup.php', body, { headers });

  it('signs up, logs in, grants the signup credits once with a ledger row and mails the activation link', async () => {
    const browser = new Browser(server.url);
    const body = signupBody({ signup_message: 'Hoi!', tracking: { network: 'aff', sub1: 'x' }, gender: 'female' });
    const res = await browser.post('/api/signup.php', body);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ email: body.email, status: 'not_confirmed', credits: 20, paid_user: false });
    expect(res.json.profile).toMatchObject({ name: body.name, status: 'disabled', country: 'NL' });
    expect(res.setCookies.join(';')).toMatch(/sid=/);
    expect((await browser.get('/api/user.php')).json.id).toBe(res.json.id);

    const [row] = await db().select().from(users).where(eq(users.id, res.json.id));
    expect(row).toMatchObject({ tracking: { network: 'aff', sub1: 'x' }, signup_message: 'Hoi!', credits: 20 });
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    const ledger = await db().select().from(creditLedger).where(eq(creditLedger.user_id, res.json.id));
    expect(ledger).toEqual([expect.objectContaining({ delta: 20, balance_after: 20, reason: 'signup_credits' })]);

    const mails = await mailsTo(server, body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'activation', sent_at: null });
    expect(mails[0]!.text).toContain(`${server.url}/activate/done?token=`);
    expect(mails[0]!.html).toContain('<a href=');
  });

  it('keeps the first-contact profile only when it is an active profile of the site', async () => {
    const target = await createProfile(db(), site.id, { is_fictional: true });
    const hidden = await createProfile(db(), site.id, { status: 'disabled' });
    const a = await signup(signupBody({ profile_id: target.id, signup_message: 'Hallo' }));
    const b = await signup(signupBody({ profile_id: hidden.id }));
    const [rowA] = await db().select().from(users).where(eq(users.id, a.json.id));
    const [rowB] = await db().select().from(users).where(eq(users.id, b.json.id));
    expect(rowA!.signup_profile_id).toBe(target.id);
    expect(rowB!.signup_profile_id).toBeNull();
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Ongeldige e-mail'],
    [
      { email: 'same@example.com', name: 'same@example.com' },
      'name',
      'Je profielnaam moet anders zijn dan je e-mailadres',
    ],
    [{ name: '@anna' }, 'name', 'Je profielnaam mag niet beginnen met een @'],
    [{ date_of_birth: '' }, 'date_of_birth', 'Vul uw geboortedatum in (18+ jaar)'],
    [{ date_of_birth: '2015-01-01' }, 'date_of_birth', 'Vul uw geboortedatum in (18+ jaar)'],
    [{ date_of_birth: '1990-02-30' }, 'date_of_birth', 'Ongeldige geboortedatum.'],
  ])('refuses %o on field %s with the Dutch message', async (overrides, field, message) => {
    const res = await signup(signupBody(overrides));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: 'validation_failed', message, data: { field } });
  });

  it('counts the 18th birthday by the injected clock', async () => {
    expect((await signup(signupBody({ date_of_birth: '2012-06-02' }))).status).toBe(400);
    expect((await signup(signupBody({ date_of_birth: '2012-06-01' }))).status).toBe(200);
  });

  it('answers in the language of the visitor', async () => {
    const res = await signup(signupBody({ email: 'nope' }), { 'accept-language': 'en-GB,en;q=0.9' });
    expect(res.json.message).toBe('Invalid email');
  });

  it('refuses a weak password with zxcvbn feedback', async () => {
    const body = signupBody({ password: 'password1' });
    const res = await signup(body);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: 'weak_password', message: 'Kies een sterker wachtwoord.' });
    expect(res.json.data.field).toBe('password');
    expect(typeof res.json.data.warning).toBe('string');
    expect(Array.isArray(res.json.data.suggestions)).toBe(true);
    const own = signupBody();
    const ownName = await signup({ ...own, password: `${own.email}` });
    expect(ownName.json.error).toBe('weak_password');
  });

  it('refuses an email that has an account, and one pending deletion', async () => {
    const member = await createMember(db(), site.id);
    const taken = await signup(signupBody({ email: member.email.toUpperCase() }));
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({
      error: 'email_taken',
      message: 'Dit e-mailadres heeft al een account op deze site.',
      data: { field: 'email' },
    });
    const leaving = await createMember(db(), site.id, { user: { status: 'pending_deletion' } });
    const pending = await signup(signupBody({ email: leaving.email }));
    expect(pending.status).toBe(409);
    expect(pending.json.error).toBe('account_pending_deletion');
  });

  it('follows the signups setting of the site', async () => {
    const closed = await createSite(db(), { signups: 'none' });
    const invite = await createSite(db(), { signups: 'with_trafficsource' });
    const to = (domain: string) => new Browser(server.url, domain);
    const none = await to(closed.domain).post('/api/signup.php', signupBody());
    expect(none.status).toBe(403);
    expect(none.json).toMatchObject({
      error: 'signups_closed',
      message: 'Zorg dat je een uitnodiging hebt of kom later terug.',
    });
    expect((await to(invite.domain).post('/api/signup.php', signupBody())).json.error).toBe('signups_closed');
    const withSource = await to(invite.domain).post('/api/signup.php', signupBody({ tracking: { ref: 'r1' } }));
    expect(withSource.status).toBe(200);
  });

  it('activates once with the mailed token, activates the profile and logs the member in', async () => {
    const body = signupBody();
    await signup(body);
    const token = await tokenFromMail(server, body.email, 'activation');
    const browser = new Browser(server.url);
    const res = await browser.post('/api/activate.php', { token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ email: body.email, status: 'confirmed' });
    expect(res.json.profile.status).toBe('active');
    expect((await browser.get('/api/user.php')).json.status).toBe('confirmed');
    const [row] = await db().select().from(users).where(eq(users.email, body.email));
    expect(row!.confirmed_at?.toISOString()).toBe(clock.now().toISOString());

    const again = await new Browser(server.url).post('/api/activate.php', { token });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ error: 'activation_failed', message: 'Activeren mislukt' });
  });

  it('refuses an unknown or expired activation token', async () => {
    expect((await signup(signupBody())).status).toBe(200);
    const unknown = await new Browser(server.url).post('/api/activate.php', { token: 'x'.repeat(43) });
    expect(unknown.json.error).toBe('activation_failed');

    const body = signupBody();
    await signup(body);
    const token = await tokenFromMail(server, body.email, 'activation');
    clock.advance(7 * 24 * 3600 + 1);
    const late = await new Browser(server.url).post('/api/activate.php', { token });
    expect(late.status).toBe(400);
    expect(late.json.error).toBe('activation_failed');
    const [row] = await db().select().from(users).where(eq(users.email, body.email));
    const [profile] = await db().select().from(profiles).where(eq(profiles.user_id, row!.id));
    expect(row!.status).toBe('not_confirmed');
    expect(profile!.status).toBe('disabled');
  });

  it('resends the activation mail at most 5 times a day', async () => {
    const browser = new Browser(server.url);
    const body = signupBody();
    await browser.post('/api/signup.php', body);
    for (let i = 0; i < 5; i++)
      expect((await browser.post('/api/activation-resend.php', {})).json).toEqual({ ok: true });
    const over = await browser.post('/api/activation-resend.php', {});
    expect(over.status).toBe(429);
    expect(over.json.error).toBe('rate_limited');
    expect(await mailsTo(server, body.email)).toHaveLength(6);
    clock.advance(24 * 3600 + 1);
    expect((await browser.post('/api/activation-resend.php', {})).status).toBe(200);
    // Any of the mailed links works.
    const token = await tokenFromMail(server, body.email, 'activation');
    expect((await browser.post('/api/activate.php', { token })).status).toBe(200);
    expect((await browser.post('/api/activation-resend.php', {})).json.error).toBe('activation_failed');
  });

  it('needs a login to resend', async () => {
    const res = await new Browser(server.url).post('/api/activation-resend.php', {});
    expect(res.status).toBe(403);
    expect(res.json.error).toBe('authentication_required');
  });
});
