import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { users } from '../src/db/schema.js';
import { loggedIn, mailsTo, STRONG_PASSWORD, tokenFromMail } from './access-helpers.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

describe.each(dbKinds())('password reset, password change and mail change on %s', (kind) => {
  let server: TestServer;
  let site: Awaited<ReturnType<typeof createSite>>;
  const clock = new ManualClock(new Date('2030-06-01T12:00:00Z'));

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { DEV_OUTBOX: '1' } });
    site = await createSite(server.database.db, { is_default: true });
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const visitor = () => new Browser(server.url);
  const NEW_PASSWORD = 'Paarse-Olifant-Danst-42';

  it('resets the password with the mailed link, once, and ends every session', async () => {
    const member = await createMember(db(), site.id);
    const phone = await loggedIn(server, member.email, member.password);
    expect((await visitor().post('/api/password-reset.php', { email: member.email })).json).toEqual({ ok: true });
    const [mail] = await mailsTo(server, member.email);
    expect(mail!.kind).toBe('password_reset');
    expect(mail!.text).toContain(`${server.url}/reset-password/do?token=`);
    const token = await tokenFromMail(server, member.email, 'password_reset');

    const differ = await visitor().post('/api/password-reset-do.php', {
      token,
      password: NEW_PASSWORD,
      password_repeat: `${NEW_PASSWORD}x`,
    });
    expect(differ.status).toBe(400);
    expect(differ.json).toMatchObject({
      error: 'passwords_differ',
      message: 'De opgegeven wachtwoorden zijn niet gelijk.',
      data: { field: 'password_repeat' },
    });
    const weak = await visitor().post('/api/password-reset-do.php', {
      token,
      password: '12345678',
      password_repeat: '12345678',
    });
    expect(weak.json.error).toBe('weak_password');

    const ok = await visitor().post('/api/password-reset-do.php', {
      token,
      password: NEW_PASSWORD,
      password_repeat: NEW_PASSWORD,
    });
    expect(ok.json).toEqual({ ok: true });
    expect((await phone.get('/api/user.php')).status).toBe(403);
    await loggedIn(server, member.email, NEW_PASSWORD);
    const [row] = await db().select().from(users).where(eq(users.id, member.user.id));
    expect(row!.password_changed_at?.toISOString()).toBe(clock.now().toISOString());

    const again = await visitor().post('/api/password-reset-do.php', {
      token,
      password: STRONG_PASSWORD,
      password_repeat: STRONG_PASSWORD,
    });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({
      error: 'reset_link_invalid',
      message: 'Link verlopen of invalide, vraag een nieuwe e-mail aan',
    });
  });

  it('lets a reset link expire after 1 hour and clears a login lock on reset', async () => {
    const member = await createMember(db(), site.id, {
      user: { locked_until: new Date('2030-06-01T13:00:00Z'), failed_logins: 3 },
    });
    await visitor().post('/api/password-reset.php', { email: member.email });
    const late = await tokenFromMail(server, member.email, 'password_reset');
    clock.advance(3601);
    const expired = await visitor().post('/api/password-reset-do.php', {
      token: late,
      password: NEW_PASSWORD,
      password_repeat: NEW_PASSWORD,
    });
    expect(expired.json.error).toBe('reset_link_invalid');

    await visitor().post('/api/password-reset.php', { email: member.email });
    const token = await tokenFromMail(server, member.email, 'password_reset');
    clock.advance(3599);
    const body = { token, password: NEW_PASSWORD, password_repeat: NEW_PASSWORD };
    expect((await visitor().post('/api/password-reset-do.php', body)).status).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({ failed_logins: 0, locked_until: null });
  });

  it('answers an unknown address and more than 3 reset mails a day', async () => {
    const unknown = await visitor().post('/api/password-reset.php', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ error: 'email_not_found', message: 'E-mailadres niet gevonden' });

    const member = await createMember(db(), site.id);
    for (let i = 0; i < 3; i++)
      expect((await visitor().post('/api/password-reset.php', { email: member.email })).status).toBe(200);
    const fourth = await visitor().post('/api/password-reset.php', { email: member.email });
    expect(fourth.status).toBe(429);
    expect(fourth.json).toMatchObject({
      error: 'too_many_reset_mails',
      message: 'Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.',
    });
    clock.advance(24 * 3600 + 1);
    expect((await visitor().post('/api/password-reset.php', { email: member.email })).status).toBe(200);
  });

  it('changes the password of a logged-in member and ends only the other sessions', async () => {
    const member = await createMember(db(), site.id);
    const laptop = await loggedIn(server, member.email, member.password);
    const phone = await loggedIn(server, member.email, member.password);
    const wrong = await laptop.post('/api/password.php', {
      old_password: 'nope',
      password: NEW_PASSWORD,
      password_repeat: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({
      error: 'wrong_old_password',
      message: 'Controleer je oude wachtwoord.',
      data: { field: 'old_password' },
    });
    const differ = await laptop.post('/api/password.php', {
      old_password: member.password,
      password: NEW_PASSWORD,
      password_repeat: 'other',
    });
    expect(differ.json.error).toBe('passwords_differ');
    const weak = await laptop.post('/api/password.php', {
      old_password: member.password,
      password: 'qwerty',
      password_repeat: 'qwerty',
    });
    expect(weak.json.error).toBe('weak_password');

    const ok = await laptop.post('/api/password.php', {
      old_password: member.password,
      password: NEW_PASSWORD,
      password_repeat: NEW_PASSWORD,
    });
    expect(ok.json).toEqual({ ok: true });
    expect((await laptop.get('/api/user.php')).status).toBe(200);
    expect((await phone.get('/api/user.php')).status).toBe(403);
    await loggedIn(server, member.email, NEW_PASSWORD);
    expect(
      (await visitor().post('/api/password.php', { old_password: 'a', password: 'b', password_repeat: 'b' })).status,
    ).toBe(403);
  });

  it('changes the email after the new address confirms it', async () => {
    const member = await createMember(db(), site.id);
    const other = await createMember(db(), site.id);
    const browser = await loggedIn(server, member.email, member.password);
    const invalid = await browser.post('/api/mail-change.php', { email: 'nope', password: member.password });
    expect(invalid.status).toBe(400);
    expect(invalid.json).toMatchObject({ error: 'invalid_new_email', message: 'Nieuw e-mailadres invalide.' });
    const wrong = await browser.post('/api/mail-change.php', { email: 'fresh@example.com', password: 'nope' });
    expect(wrong.json).toMatchObject({ error: 'wrong_old_password', data: { field: 'password' } });
    const taken = await browser.post('/api/mail-change.php', { email: other.email, password: member.password });
    expect(taken.status).toBe(409);
    expect(taken.json.error).toBe('email_taken');

    const newEmail = `changed-${member.user.id}@example.com`;
    expect((await browser.post('/api/mail-change.php', { email: newEmail, password: member.password })).json).toEqual({
      ok: true,
    });
    const notice = (await mailsTo(server, member.email)).find((m) => m.kind === 'mail_change_notice');
    expect(notice!.text).toContain(newEmail);
    const token = await tokenFromMail(server, newEmail, 'mail_change');
    expect((await mailsTo(server, newEmail))[0]!.text).toContain(`${server.url}/mail-change/do?token=`);

    expect((await visitor().post('/api/mail-change-do.php', { token })).json).toEqual({ ok: true });
    expect((await browser.get('/api/user.php')).json.email).toBe(newEmail);
    await loggedIn(server, newEmail, member.password);
    const again = await visitor().post('/api/mail-change-do.php', { token });
    expect(again.json.error).toBe('reset_link_invalid');
  });

  it('re-checks that the new address is still free when confirming', async () => {
    const member = await createMember(db(), site.id);
    const browser = await loggedIn(server, member.email, member.password);
    const wanted = `wanted-${member.user.id}@example.com`;
    await browser.post('/api/mail-change.php', { email: wanted, password: member.password });
    const token = await tokenFromMail(server, wanted, 'mail_change');
    await createMember(db(), site.id, { user: { email: wanted } });
    const res = await visitor().post('/api/mail-change-do.php', { token });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe('email_taken');
  });

  it('lets a mail-change link expire after 24 hours', async () => {
    const member = await createMember(db(), site.id);
    const browser = await loggedIn(server, member.email, member.password);
    const wanted = `late-${member.user.id}@example.com`;
    await browser.post('/api/mail-change.php', { email: wanted, password: member.password });
    const token = await tokenFromMail(server, wanted, 'mail_change');
    clock.advance(24 * 3600 + 1);
    expect((await visitor().post('/api/mail-change-do.php', { token })).json.error).toBe('reset_link_invalid');
  });
});
