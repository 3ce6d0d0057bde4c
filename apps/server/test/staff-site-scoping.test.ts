/**
 * Staff stay inside their sites (issue: staff stay inside their sites; docs/security.md "staff of
 * another site"): the escalations an admin of one site tried from outside, each a named test. The
 * whole matrix of staff × sites × calls is admin-authz.test.ts; this file keeps the attack's steps.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../src/db/schema.js';
import { recordAudit } from '../src/services/staff/audit.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';
import { type Browser, startTestServer, type TestServer } from './helpers/server.js';
import { createStaff, loginStaff, type StaffRef } from './helpers/staff.js';

const PASSWORD = 'A-long-and-unusual-passphrase-42';
let serial = 0;
const email = (what: string) => `${what}-${++serial}-${Date.now()}@staff.test`;

describe.each(dbKinds())('staff stay inside their sites on %s', (kind) => {
  let server: TestServer;
  let site1: number;
  let site2: number;
  let globalAdmin: StaffRef;
  let adminOf2: Browser;
  let adminOf2Ref: StaffRef;
  let moderatorOf1: StaffRef;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const db = server.database.db;
    site1 = (await createSite(db, { is_default: true })).id;
    site2 = (await createSite(db)).id;
    globalAdmin = await createStaff(db, 'admin', null);
    adminOf2Ref = await createStaff(db, 'admin', [site2]);
    moderatorOf1 = await createStaff(db, 'moderator', [site1]);
    adminOf2 = await loginStaff(server.url, adminOf2Ref);
  });
  afterAll(() => server?.close());

  async function staffRow(id: number) {
    const [row] = await server.database.db.select().from(staff).where(eq(staff.id, id));
    return row;
  }

  it('refuses an admin of one site that makes an admin of every site, and makes no account', async () => {
    const address = email('escalated');
    const res = await adminOf2.post('/api/admin/staff.php', {
      email: address,
      name: 'X',
      role: 'admin',
      site_ids: null,
      password: PASSWORD,
    });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe('forbidden');
    const made = await server.database.db.select().from(staff).where(eq(staff.email, address));
    expect(made).toEqual([]);
  });

  it('refuses an admin of one site that makes staff of another site, or of its own and another', async () => {
    for (const site_ids of [[site1], [site1, site2]]) {
      const res = await adminOf2.post('/api/admin/staff.php', {
        email: email('other-site'),
        name: 'X',
        role: 'moderator',
        site_ids,
        password: PASSWORD,
      });
      expect(res.status, JSON.stringify(site_ids)).toBe(403);
    }
  });

  it('lets an admin of one site make staff of its own site, who then see only that site', async () => {
    const address = email('own-site');
    const res = await adminOf2.post('/api/admin/staff.php', {
      email: address,
      name: 'Own',
      role: 'admin',
      site_ids: [site2],
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.json.site_ids).toEqual([site2]);
    // The account of site 2 reads the entry about it (its one site); staff of site 1 never do.
    const entries = await adminOf2.get('/api/admin/audit.php?action=staff.create');
    expect(entries.json.entries.map((e: { object_id: string }) => e.object_id)).toContain(String(res.json.id));
  });

  it('refuses changes to an account of every site: role, second factor, state (404, as if it did not exist)', async () => {
    for (const change of [{ role: 'support' }, { reset_totp: true }, { disabled: true }, { name: 'Renamed' }]) {
      const res = await adminOf2.put('/api/admin/staff.php', { id: globalAdmin.id, ...change });
      expect(res.status, JSON.stringify(change)).toBe(404);
    }
    const row = await staffRow(globalAdmin.id);
    expect(row?.role).toBe('admin');
    expect(row?.disabled_at).toBeNull();
    expect(row?.totp_enabled_at).not.toBeNull();
  });

  it('refuses moving staff of another site onto its own site', async () => {
    const res = await adminOf2.put('/api/admin/staff.php', { id: moderatorOf1.id, site_ids: [site2] });
    expect(res.status).toBe(404);
    expect((await staffRow(moderatorOf1.id))?.site_ids).toEqual([site1]);
  });

  it('refuses widening staff of its own site to another site or to every site', async () => {
    const own = await createStaff(server.database.db, 'support', [site2]);
    for (const site_ids of [null, [site1, site2]]) {
      const res = await adminOf2.put('/api/admin/staff.php', { id: own.id, site_ids });
      expect(res.status, JSON.stringify(site_ids)).toBe(403);
    }
    expect((await staffRow(own.id))?.site_ids).toEqual([site2]);
  });

  it('refuses a change of its own role or sites', async () => {
    for (const change of [{ role: 'support' }, { site_ids: null }, { site_ids: [site1, site2] }, { disabled: true }]) {
      const res = await adminOf2.put('/api/admin/staff.php', { id: adminOf2Ref.id, ...change });
      expect(res.status, JSON.stringify(change)).toBe(409);
      expect(res.json.data.reason).toBe('own_account');
    }
    expect((await staffRow(adminOf2Ref.id))?.site_ids).toEqual([site2]);
  });

  it('lists only staff whose sites are all within its own', async () => {
    const list = await adminOf2.get('/api/admin/staff.php');
    expect(list.status).toBe(200);
    const ids = list.json.map((a: { id: number }) => a.id);
    expect(ids).toContain(adminOf2Ref.id);
    expect(ids).not.toContain(globalAdmin.id);
    expect(ids).not.toContain(moderatorOf1.id);
    for (const account of list.json) expect(account.site_ids).toEqual([site2]);
  });

  it("reads the audit log of its own site only: another site's entries and those of none stay hidden", async () => {
    const db = server.database.db;
    const member1 = await createMember(db, site1);
    const who = { staffId: globalAdmin.id, staffEmail: globalAdmin.email, ip: null };
    await recordAudit(db, who, {
      action: 'member.credits',
      objectType: 'member',
      objectId: member1.user.id,
      siteId: site1,
    });
    await recordAudit(db, who, { action: 'member.search', objectType: 'member', siteId: null });
    await recordAudit(db, who, { action: 'member.view', objectType: 'member', siteId: site2 });
    const all = await adminOf2.get('/api/admin/audit.php');
    expect(all.status).toBe(200);
    expect(all.json.entries.length).toBeGreaterThan(0);
    for (const entry of all.json.entries) expect(entry.site_id).toBe(site2);
    expect((await adminOf2.get(`/api/admin/audit.php?site_id=${site1}`)).status).toBe(404);
    expect((await adminOf2.get(`/api/admin/audit.php?member_user_id=${member1.user.id}`)).json.entries).toEqual([]);
    // Staff of every site read them all.
    const global = await loginStaff(server.url, globalAdmin);
    const sites = new Set(
      (await global.get('/api/admin/audit.php')).json.entries.map((e: { site_id: number | null }) => e.site_id),
    );
    expect(sites).toEqual(new Set([site1, site2, null]));
  });

  it('keeps the escalated admin out of site 1 because it never came to be', async () => {
    // The attack went on as the new admin: member, refund, site and new site on site 1.
    const member = await createMember(server.database.db, site1);
    const calls: [string, string, unknown][] = [
      ['GET', `/api/admin/member.php?id=${member.user.id}`, undefined],
      ['GET', `/api/admin/site.php?id=${site1}`, undefined],
      ['PUT', '/api/admin/site.php', { id: site1, message_length: 1000 }],
    ];
    for (const [method, path, body] of calls) {
      const res = await adminOf2.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const newSite = await adminOf2.post('/api/admin/sites.php', {
      domain: `escalated-${Date.now()}.test`,
      name: 'Escalated',
      languages: ['nl', 'en', 'de', 'fr'],
      domain_language: 'nl-NL',
      niche: 2,
      company_id: (await adminOf2.get(`/api/admin/site.php?id=${site2}`)).json.company_id,
    });
    expect(newSite.status, JSON.stringify(newSite.json)).toBe(403);
  });
});
