import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { auditLog, staffSessions } from '../src/db/schema.js';
import { totpCode } from '../src/services/staff/totp.js';
import { dbKinds } from './helpers/database.js';
import { createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { createStaff, loginStaff } from './helpers/staff.js';

describe.each(dbKinds())('back-office access on %s', (kind) => {
  let server: TestServer;
  let siteId: number;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    siteId = (await createSite(server.database.db, { is_default: true })).id;
  });
  afterAll(() => server.close());

  it('enrols TOTP at the first login with a QR code, then answers ten one-time recovery codes', async () => {
    const ref = await createStaff(server.database.db, 'admin', null, { enrolled: false });
    const b = new Browser(server.url);
    const first = await b.post('/api/admin/login.php', { email: ref.email, password: ref.password });
    expect(first.status).toBe(200);
    expect(first.json.next).toBe('enrol');
    expect(first.json.enrolment.qr_svg).toContain('<svg');
    expect(first.json.enrolment.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    // Before the second factor nothing else is open.
    expect((await b.get('/api/admin/me.php')).status).toBe(403);
    expect((await b.post('/api/admin/totp.php', { code: '000000' })).json.error).toBe('otp_invalid');
    const code = await totpCode(first.json.enrolment.secret, clock.now());
    const second = await b.post('/api/admin/totp.php', { code });
    expect(second.status).toBe(200);
    expect(second.json.recovery_codes).toHaveLength(10);
    expect(second.json.staff.totp_enabled).toBe(true);
    const me = await b.get('/api/admin/me.php');
    expect(me.status).toBe(200);
    expect(me.json.email).toBe(ref.email);

    // A recovery code works once.
    const again = new Browser(server.url);
    await again.post('/api/admin/login.php', { email: ref.email, password: ref.password });
    const recovery = second.json.recovery_codes[0];
    expect((await again.post('/api/admin/totp.php', { recovery_code: recovery })).status).toBe(200);
    const third = new Browser(server.url);
    expect((await third.post('/api/admin/login.php', { email: ref.email, password: ref.password })).json.next).toBe(
      'totp',
    );
    expect((await third.post('/api/admin/totp.php', { recovery_code: recovery })).json.error).toBe('otp_invalid');
  });

  it('requires the second factor: a password alone never opens the back office, a code is accepted once', async () => {
    const ref = await createStaff(server.database.db, 'moderator', [siteId]);
    const b = new Browser(server.url);
    expect((await b.post('/api/admin/login.php', { email: ref.email, password: 'wrong-password-1' })).status).toBe(401);
    expect((await b.post('/api/admin/login.php', { email: ref.email, password: ref.password })).json.next).toBe('totp');
    for (const path of ['/api/admin/me.php', '/api/admin/sites.php', '/api/admin/audit.php']) {
      expect((await b.get(path)).status, path).toBe(403);
    }
    const code = await totpCode(ref.secret, clock.now());
    expect((await b.post('/api/admin/totp.php', { code })).status).toBe(200);
    expect((await b.get('/api/admin/me.php')).status).toBe(200);
    const replay = new Browser(server.url);
    await replay.post('/api/admin/login.php', { email: ref.email, password: ref.password });
    expect((await replay.post('/api/admin/totp.php', { code })).json.error).toBe('otp_invalid');
    // A member session is no staff session.
    expect((await new Browser(server.url).get('/api/admin/me.php')).status).toBe(403);
  });

  it('ends a staff session after 8 hours and on a role change', async () => {
    const db = server.database.db;
    const ref = await createStaff(db, 'support', [siteId]);
    const b = await loginStaff(server.url, ref, clock.now());
    expect((await b.get('/api/admin/me.php')).status).toBe(200);
    const [session] = await db.select().from(staffSessions).where(eq(staffSessions.staff_id, ref.id));
    expect(session?.expires_at.getTime() ?? 0).toBeLessThanOrEqual(clock.now().getTime() + 8 * 3600 * 1000 + 1000);
    await db
      .update(staffSessions)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(staffSessions.staff_id, ref.id));
    expect((await b.get('/api/admin/me.php')).status).toBe(403);

    const admin = await loginStaff(server.url, await createStaff(db, 'admin', null), clock.now());
    const again = await loginStaff(server.url, ref, new Date(clock.now().getTime() + 30_000));
    expect((await again.get('/api/admin/me.php')).status).toBe(200);
    const changed = await admin.put('/api/admin/staff.php', { id: ref.id, role: 'moderator' });
    expect(changed.status).toBe(200);
    expect(changed.json.role).toBe('moderator');
    expect((await again.get('/api/admin/me.php')).status).toBe(403);
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, 'staff.update'));
    expect(entries.some((e) => e.object_id === String(ref.id))).toBe(true);
  });

  it('lets only admins manage staff and read the audit log, which nobody can change', async () => {
    const db = server.database.db;
    const moderator = await loginStaff(server.url, await createStaff(db, 'moderator', [siteId]), clock.now());
    expect((await moderator.get('/api/admin/audit.php')).json.error).toBe('forbidden');
    expect((await moderator.get('/api/admin/staff.php')).status).toBe(403);
    const admin = await loginStaff(server.url, await createStaff(db, 'admin', null), clock.now());
    const created = await admin.post('/api/admin/staff.php', {
      email: 'new-support@staff.test',
      name: 'New support',
      role: 'support',
      site_ids: [siteId],
      password: 'A-long-and-unusual-passphrase-42',
    });
    expect(created.status).toBe(200);
    expect(created.json.totp_enabled).toBe(false);
    const page = await admin.get('/api/admin/audit.php?action=staff.create');
    expect(page.status).toBe(200);
    expect(page.json.entries[0].after.email).toBe('new-support@staff.test');
    expect(JSON.stringify(page.json)).not.toContain('password');
    await expect(db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});

describe('npm run staff', () => {
  it('makes the first admin from the command line, who then has to enrol a second factor', async () => {
    const { execFile } = await import('node:child_process');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'staff-cli-'));
    const run = (args: string[]) =>
      new Promise<{ code: number; out: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'apps/server/src/cli/staff.ts', ...args],
          { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
          (err, stdout, stderr) => resolve({ code: err ? 1 : 0, out: `${stdout}${stderr}` }),
        );
      });
    try {
      const created = await run(['create', '--email', 'first@example.com', '--role', 'admin']);
      expect(created.out).toContain('Created admin first@example.com');
      expect(created.out).toMatch(/Password \(shown once\): \S{16,}/);
      expect((await run(['create', '--email', 'first@example.com', '--role', 'admin'])).code).toBe(1);
      expect((await run(['create', '--email', 'x@example.com', '--role', 'boss'])).out).toContain('usage:');
      expect(
        (await run(['create', '--email', 'y@example.com', '--role', 'moderator', '--site', 'nowhere.test'])).out,
      ).toContain('no site with domain nowhere.test');
      expect((await run(['list'])).out).toMatch(/first@example\.com\tadmin\tall sites\tno totp yet/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
