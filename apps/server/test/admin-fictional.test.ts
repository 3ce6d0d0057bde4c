/**
 * Back office II, fictional profiles: create, update, photos through the members' pipeline, copy to
 * another site, audit rows, validation in the staff's language, site scoping, the persona never on
 * the member side, and a fictional profile that can never log in or stop being fictional.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { auditLog, fictionalPersonas, photos, profiles, staff } from '../src/db/schema.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';
import { createFictional, fictionalBody, postStaffMultipart } from './helpers/fictional-factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { createStaff, loginStaff } from './helpers/staff.js';
import { jpegWithGps } from './helpers/uploads.js';

/** Audit entries of `action` about fictional profile `id`. */
async function auditOf(db: Db, action: string, id: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.object_id, String(id))));
}

/** How many fictional profiles the database holds. */
async function fictionalCount(db: Db): Promise<number> {
  return (await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.is_fictional, true))).length;
}

describe.each(dbKinds())('back-office fictional profiles on %s', (kind) => {
  let server: TestServer;
  let photoDir: string;
  let siteA: { id: number; domain: string };
  let siteB: { id: number; domain: string };
  let siteDe: { id: number; domain: string };
  let admin: Browser;
  let adminA: Browser;
  let operatorA: Browser;
  let moderatorA: Browser;
  let jpeg: Buffer;
  const db = () => server.database.db;
  const upload = (browser: Browser, id: number, isPrivate = false) =>
    postStaffMultipart(server.url, browser, `/api/admin/fictional-photos.php?id=${id}`, {
      fields: { is_private: String(isPrivate) },
      file: jpeg,
    });
  const create = async (overrides: Record<string, unknown> = {}, browser = admin) => {
    const res = await browser.post('/api/admin/fictional-profile.php', fictionalBody(siteA.id, overrides));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json;
  };

  beforeAll(async () => {
    photoDir = mkdtempSync(path.join(os.tmpdir(), 'admin-fictional-'));
    server = await startTestServer(kind, { env: { PHOTO_DIR: photoDir } });
    siteA = await createSite(db(), { is_default: true, auto_approve_photos: false });
    siteB = await createSite(db());
    siteDe = await createSite(db(), { countries: ['DE'] });
    admin = await loginStaff(server.url, await createStaff(db(), 'admin', null));
    const adminARef = await createStaff(db(), 'admin', [siteA.id]);
    await db().update(staff).set({ language: 'nl' }).where(eq(staff.id, adminARef.id));
    adminA = await loginStaff(server.url, adminARef);
    operatorA = await loginStaff(server.url, await createStaff(db(), 'operator', [siteA.id]));
    moderatorA = await loginStaff(server.url, await createStaff(db(), 'moderator', [siteA.id]));
    jpeg = await jpegWithGps(640, 480);
  });
  afterAll(async () => {
    await server?.close();
    if (photoDir) rmSync(photoDir, { recursive: true, force: true });
  });

  it('creates a fictional profile with every field, its persona and niches; no account; audited', async () => {
    const made = await create({ niches: [5, 1, 5], region: undefined });
    const { profile, persona } = made;
    expect(profile).toMatchObject({
      site_id: siteA.id,
      is_fictional: true,
      status: 'active',
      gender: 'female',
      sexuality: 'hetero',
      date_of_birth: '1992-04-12',
      country: 'NL',
      city: 'Utrecht',
      // The region and the coordinates come from the city (GeoNames), for the distance search.
      region: 'NL-UT',
      hair_color: 'blonde',
      eye_color: 'blue',
      body_type: 'slim',
      relationship_status: 'single',
      tattoos: 'some',
      reason: 'dating',
      interests: ['music', 'travelling'],
      main_photo_id: null,
    });
    expect(profile.latitude).toBeCloseTo(52.09, 1);
    expect(profile.longitude).toBeCloseTo(5.12, 1);
    expect(persona).toMatchObject({ niches: [1, 5], created_by: 'Test admin' });
    expect(persona.persona_note).toContain('verpleegkundige');
    expect(made.label.fictional_icon).toBe('🎭');

    const [row] = await db().select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row).toMatchObject({ is_fictional: true, user_id: null, last_active_at: null });
    const audit = await auditOf(db(), 'fictional.create', profile.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ site_id: siteA.id, object_type: 'fictional_profile' });
    expect((audit[0]!.after as { persona_note: string }).persona_note).toContain('verpleegkundige');

    const listed = await admin.get(`/api/admin/fictional-profiles.php?q=${encodeURIComponent(profile.name)}`);
    expect(listed.status).toBe(200);
    expect(listed.json.profiles).toEqual([
      expect.objectContaining({
        id: profile.id,
        site_id: siteA.id,
        niches: [1, 5],
        age: profile.age,
        thumb_url: null,
        photo_count: 0,
        conversations: 0,
        waiting_conversations: 0,
      }),
    ]);
    const byId = await admin.get(`/api/admin/fictional-profiles.php?q=${profile.id}&status=active`);
    expect(byId.json.profiles.map((p: { id: number }) => p.id)).toEqual([profile.id]);
    const disabled = await admin.get(`/api/admin/fictional-profiles.php?q=${profile.id}&status=disabled`);
    expect(disabled.json.profiles).toEqual([]);
  });

  it("refuses bad fields with the member editor's messages in the staff's language, writing nothing", async () => {
    const before = await fictionalCount(db());
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '@lisa' }, 'name', 'Your profile name may not start with an @'],
      [{ date_of_birth: '2015-01-01' }, 'date_of_birth', 'Enter your date of birth (18+ years)'],
      [{ date_of_birth: '1990-02-30' }, 'date_of_birth', 'Invalid date of birth.'],
      [{ interests: ['music', 'knitting'] }, 'interests', 'Please check the information you entered.'],
      [{ country: 'FR' }, 'country', 'Please check the information you entered.'],
      [{ region: 'DE-BY' }, 'region', 'Please check the information you entered.'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await admin.post('/api/admin/fictional-profile.php', fictionalBody(siteA.id, fields));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.json).toMatchObject({ error: 'validation_failed', message, data: { field } });
    }
    // Dutch staff get the Dutch catalogue: the texts of SPEC.md 5.
    const nl = await adminA.post('/api/admin/fictional-profile.php', fictionalBody(siteA.id, { name: '@lisa' }));
    expect(nl.json.message).toBe('Je profielnaam mag niet beginnen met een @');
    const young = await adminA.post(
      '/api/admin/fictional-profile.php',
      fictionalBody(siteA.id, { date_of_birth: '2015-01-01' }),
    );
    expect(young.json.message).toBe('Vul uw geboortedatum in (18+ jaar)');
    const schema = await admin.post('/api/admin/fictional-profile.php', fictionalBody(siteA.id, { niches: [8] }));
    expect(schema.status).toBe(400);
    expect(await fictionalCount(db())).toBe(before);
  });

  it('updates fields, status, persona and niches with before and after in the audit log', async () => {
    const { profile } = await create();
    const res = await admin.put('/api/admin/fictional-profile.php', {
      id: profile.id,
      description: '  Nieuw verhaal.  ',
      status: 'disabled',
      country: 'DE',
      city: 'Berlin',
      persona_note: 'Nu een kok uit Berlijn.',
      niches: [],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.profile).toMatchObject({
      description: 'Nieuw verhaal.',
      status: 'disabled',
      country: 'DE',
      region: 'DE-BE',
      city: 'Berlin',
      name: profile.name,
      is_fictional: true,
    });
    expect(res.json.persona).toMatchObject({ persona_note: 'Nu een kok uit Berlijn.', niches: [] });
    const [audit] = await auditOf(db(), 'fictional.update', profile.id);
    expect(audit!.before).toMatchObject({ status: 'active', country: 'NL', description: profile.description });
    expect(audit!.after).toMatchObject({ status: 'disabled', country: 'DE', persona_note: 'Nu een kok uit Berlijn.' });

    const bad = await admin.put('/api/admin/fictional-profile.php', { id: profile.id, region: 'NL-UT' });
    expect(bad.json).toMatchObject({ error: 'validation_failed', data: { field: 'region' } });
  });

  it('keeps a fictional profile fictional: no call takes is_fictional or user_id', async () => {
    const { profile } = await create();
    const member = await createMember(db(), siteA.id);
    for (const extra of [{ is_fictional: false }, { user_id: member.user.id }, { site_id: siteB.id }]) {
      const res = await admin.put('/api/admin/fictional-profile.php', { id: profile.id, name: 'Echt', ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.json.error).toBe('validation_failed');
    }
    const created = await admin.post(
      '/api/admin/fictional-profile.php',
      fictionalBody(siteA.id, { is_fictional: false }),
    );
    expect(created.status).toBe(400);
    const [row] = await db().select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row).toMatchObject({ is_fictional: true, user_id: null, name: profile.name, site_id: siteA.id });
    // A member's profile is not a fictional one to any of these calls.
    const real = await admin.put('/api/admin/fictional-profile.php', { id: member.profile.id, name: 'Nep' });
    expect(real.status).toBe(404);
    expect((await admin.get(`/api/admin/fictional-profile.php?id=${member.profile.id}`)).status).toBe(404);
  });

  it('can never log in: it has no account, and the database refuses to give it one', async () => {
    const { profile } = await create();
    const member = await createMember(db(), siteA.id);
    const visitor = new Browser(server.url, siteA.domain);
    for (const email of [`${profile.name}@${siteA.domain}`, `${profile.name.toLowerCase()}@example.com`]) {
      const res = await visitor.post('/api/user.php', { email, password: 'correct horse battery' });
      expect(res.json.error, email).toBe('login_failed');
    }
    await expect(
      db().update(profiles).set({ user_id: member.user.id }).where(eq(profiles.id, profile.id)),
    ).rejects.toThrow();
    const [row] = await db().select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row!.user_id).toBeNull();
  });

  it('never shows the persona note on the member side', async () => {
    const secret = `Geheime persona ${Date.now()}`;
    const { profile } = await create({ persona_note: secret });
    const member = await createMember(db(), siteA.id, { profile: { gender: 'male' } });
    const browser = new Browser(server.url, siteA.domain);
    expect((await browser.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(200);
    const view = await browser.get(`/api/profile.php?id=${profile.id}`);
    expect(view.status).toBe(200);
    expect(view.json.profile?.id ?? view.json.id).toBe(profile.id);
    const raw = JSON.stringify(view.json);
    expect(raw).not.toContain(secret);
    expect(raw).not.toContain('persona');
    // Staff do see it, operators included (they answer its conversations).
    const staffView = await operatorA.get(`/api/admin/fictional-profile.php?id=${profile.id}`);
    expect(staffView.json.persona.persona_note).toBe(secret);
  });

  it('adds photos through the photo pipeline (approved, metadata stripped), sets main, private, order, deletes', async () => {
    const { profile } = await create();
    const first = await upload(admin, profile.id);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const [pub] = first.json.photos;
    expect(pub).toMatchObject({ status: 'approved', is_private: false, is_main: true });
    expect(first.json.main_photo_id).toBe(pub.id);
    const [stored] = await db().select().from(photos).where(eq(photos.id, pub.id));
    const file = await readFile(path.join(photoDir, stored!.filename));
    const meta = await sharp(file).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(640);

    const second = await upload(admin, profile.id, true);
    const priv = second.json.photos.find((p: { id: number }) => p.id !== pub.id);
    expect(priv).toMatchObject({ is_private: true, is_main: false, status: 'approved' });
    expect(priv.thumb_url).toMatch(/^\/api\/admin\/photo\.php\?id=\d+&size=thumb$/);
    const [privRow] = await db().select().from(photos).where(eq(photos.id, priv.id));
    expect(privRow!.filename.startsWith('private/')).toBe(true);

    const mainPrivate = await admin.put('/api/admin/fictional-photos.php', {
      id: profile.id,
      photo: priv.id,
      main: true,
    });
    expect(mainPrivate.json).toMatchObject({ error: 'validation_failed', data: { reason: 'main_photo_private' } });
    const madePublic = await admin.put('/api/admin/fictional-photos.php', {
      id: profile.id,
      photo: priv.id,
      is_private: false,
      main: true,
      position: 0,
    });
    expect(madePublic.status, JSON.stringify(madePublic.json)).toBe(200);
    expect(madePublic.json.main_photo_id).toBe(priv.id);
    expect(madePublic.json.photos.map((p: { id: number }) => p.id)).toEqual([priv.id, pub.id]);

    const deleted = await admin.request('DELETE', '/api/admin/fictional-photos.php', {
      id: profile.id,
      photo: priv.id,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.json.photos.map((p: { id: number }) => p.id)).toEqual([pub.id]);
    expect(deleted.json.main_photo_id).toBe(pub.id);

    const listed = await admin.get(`/api/admin/fictional-profiles.php?q=${profile.id}`);
    expect(listed.json.profiles[0]).toMatchObject({ photo_count: 1, thumb_url: `/photos/${stored!.thumb_filename}` });
    for (const action of ['fictional.photo_add', 'fictional.photo_update', 'fictional.photo_delete']) {
      expect((await auditOf(db(), action, profile.id)).length, action).toBeGreaterThan(0);
    }
    // Another profile's photo is not this profile's to change.
    const { profile: otherProfile } = await create();
    const foreign = await admin.put('/api/admin/fictional-photos.php', {
      id: otherProfile.id,
      photo: pub.id,
      main: true,
    });
    expect(foreign.status).toBe(404);
    const notImage = await postStaffMultipart(server.url, admin, `/api/admin/fictional-photos.php?id=${profile.id}`, {
      file: Buffer.from('not a photo'),
    });
    expect(notImage.json.error).toBe('photo_invalid');
  });

  it('copies a profile to another site as an independent profile with its own photo files', async () => {
    const { profile } = await create({ persona_note: 'Kopie-persona', niches: [2] });
    await upload(admin, profile.id);
    await upload(admin, profile.id, true);
    const res = await admin.post('/api/admin/fictional-copy.php', { id: profile.id, site_id: siteB.id });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const copy = res.json;
    expect(copy.profile.id).not.toBe(profile.id);
    expect(copy.profile).toMatchObject({
      site_id: siteB.id,
      is_fictional: true,
      name: profile.name,
      city: 'Utrecht',
      region: 'NL-UT',
    });
    expect(copy.persona).toMatchObject({ persona_note: 'Kopie-persona', niches: [2] });
    expect(copy.photos).toHaveLength(2);
    expect(copy.photos.filter((p: { is_main: boolean }) => p.is_main)).toHaveLength(1);
    const originals = await db().select().from(photos).where(eq(photos.profile_id, profile.id));
    const copies = await db().select().from(photos).where(eq(photos.profile_id, copy.profile.id));
    const names = (rows: typeof originals) => rows.flatMap((r) => [r.filename, r.match_filename, r.thumb_filename]);
    expect(names(copies).some((n) => names(originals).includes(n))).toBe(false);
    for (const name of names(copies)) await expect(readFile(path.join(photoDir, name))).resolves.toBeInstanceOf(Buffer);
    expect(copies.find((p) => p.is_private)?.filename.startsWith('private/')).toBe(true);
    const [audit] = await auditOf(db(), 'fictional.copy', copy.profile.id);
    expect(audit!.before).toMatchObject({ source_id: profile.id, source_site_id: siteA.id });

    // Independent: a change of the copy leaves the original as it is.
    await admin.put('/api/admin/fictional-profile.php', { id: copy.profile.id, persona_note: 'Alleen de kopie' });
    const original = await admin.get(`/api/admin/fictional-profile.php?id=${profile.id}`);
    expect(original.json.persona.persona_note).toBe('Kopie-persona');
    const [persona] = await db()
      .select()
      .from(fictionalPersonas)
      .where(eq(fictionalPersonas.profile_id, copy.profile.id));
    expect(persona!.persona_note).toBe('Alleen de kopie');

    const same = await admin.post('/api/admin/fictional-copy.php', { id: profile.id, site_id: siteA.id });
    expect(same.json).toMatchObject({ error: 'validation_failed', data: { field: 'site_id' } });
    const noCountry = await admin.post('/api/admin/fictional-copy.php', { id: profile.id, site_id: siteDe.id });
    expect(noCountry.json).toMatchObject({ error: 'validation_failed', data: { field: 'country' } });
  });

  it('keeps staff to their sites and roles: admins write, operators read, others nothing', async () => {
    const onB = await createFictional(db(), siteB.id, { persona_note: 'Site B persona' });
    const onA = await createFictional(db(), siteA.id, { persona_note: 'Site A persona' });
    expect((await adminA.get(`/api/admin/fictional-profile.php?id=${onB.id}`)).status).toBe(404);
    expect((await adminA.put('/api/admin/fictional-profile.php', { id: onB.id, name: 'Nope' })).status).toBe(404);
    expect((await adminA.post('/api/admin/fictional-profile.php', fictionalBody(siteB.id))).status).toBe(404);
    expect((await adminA.post('/api/admin/fictional-copy.php', { id: onA.id, site_id: siteB.id })).status).toBe(404);
    expect((await adminA.get(`/api/admin/fictional-profiles.php?site_id=${siteB.id}`)).status).toBe(404);
    const listA = await adminA.get('/api/admin/fictional-profiles.php');
    const listed = new Set(listA.json.profiles.map((p: { site_id: number }) => p.site_id));
    expect([...listed]).toEqual([siteA.id]);
    expect((await upload(adminA, onB.id)).status).toBe(404);

    const read = await operatorA.get(`/api/admin/fictional-profile.php?id=${onA.id}`);
    expect(read.json.persona.persona_note).toBe('Site A persona');
    expect((await operatorA.put('/api/admin/fictional-profile.php', { id: onA.id, name: 'Op' })).json.error).toBe(
      'forbidden',
    );
    expect((await upload(operatorA, onA.id)).json.error).toBe('forbidden');
    expect((await moderatorA.get(`/api/admin/fictional-profile.php?id=${onA.id}`)).json.error).toBe('forbidden');
    expect((await moderatorA.get('/api/admin/fictional-profiles.php')).json.error).toBe('forbidden');

    const options = await adminA.get(`/api/admin/fictional-site.php?site_id=${siteA.id}`);
    expect(options.json).toMatchObject({ site_id: siteA.id, countries: ['NL', 'BE', 'DE', 'AT'] });
    expect(options.json.regions.NL.map((r: { code: string }) => r.code)).toContain('NL-UT');
  });
});
