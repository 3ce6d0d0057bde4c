import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import {
  auditLog,
  blocks,
  outbox,
  photos,
  profiles,
  reports,
  sessions,
  sites,
  staffNotes,
  users,
} from '../src/db/schema.js';
import { createChatMember, sendText } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createPhoto, createProfile, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { createStaff, loginStaff } from './helpers/staff.js';
import { jpegWithGps, postMultipart } from './helpers/uploads.js';

const DAY = 86_400;

describe.each(dbKinds())('back-office moderation on %s', (kind) => {
  let server: TestServer;
  let siteA: number;
  let siteB: number;
  const clock = new ManualClock(new Date());
  const db = () => server.database.db;

  const login = async (m: { email: string; password: string }, host?: string) => {
    const b = new Browser(server.url, host);
    const res = await b.post('/api/user.php', { email: m.email, password: m.password });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return b;
  };
  const staffBrowser = async (role: 'admin' | 'moderator' | 'support', siteIds: number[] | null) =>
    loginStaff(server.url, await createStaff(db(), role, siteIds), clock.now());
  const audits = (action: string, objectId?: number) =>
    db()
      .select()
      .from(auditLog)
      .where(
        objectId === undefined
          ? eq(auditLog.action, action)
          : and(eq(auditLog.action, action), eq(auditLog.object_id, String(objectId))),
      );
  const mailsTo = (to: string) => db().select().from(outbox).where(eq(outbox.recipient, to));

  beforeAll(async () => {
    const photoDir = mkdtempSync(path.join(os.tmpdir(), 'moderation-test-'));
    server = await startTestServer(kind, { clock, env: { PHOTO_DIR: photoDir } });
    siteA = (await createSite(db(), { is_default: true, auto_approve_photos: false })).id;
    siteB = (await createSite(db(), { auto_approve_photos: false })).id;
  });
  afterAll(() => server.close());

  it('queues waiting photos per profile, main images first; approves and rejects with a reason the owner sees', async () => {
    const old = new Date(Date.now() - 3 * 3600_000);
    const older = new Date(Date.now() - 5 * 3600_000);
    const first = await createMember(db(), siteA);
    const kept = await createPhoto(db(), first.profile.id, { status: 'approved', created_at: older });
    const waitingA = await createPhoto(db(), first.profile.id, { status: 'awaiting_approval', created_at: older });
    const waitingB = await createPhoto(db(), first.profile.id, { status: 'awaiting_approval', created_at: old });
    const hidden = await createPhoto(db(), first.profile.id, { status: 'approved', is_private: true });
    await db().update(profiles).set({ main_photo_id: kept.id }).where(eq(profiles.id, first.profile.id));
    // A newer profile whose main image waits comes before the older upload of the first.
    const second = await createMember(db(), siteA);
    const main = await createPhoto(db(), second.profile.id, { status: 'awaiting_approval', created_at: new Date() });
    const extra = await createPhoto(db(), second.profile.id, { status: 'awaiting_approval', created_at: old });
    await db().update(profiles).set({ main_photo_id: main.id }).where(eq(profiles.id, second.profile.id));

    const mod = await staffBrowser('moderator', [siteA]);
    const queue = await mod.get(`/api/admin/photos.php?site_id=${siteA}`);
    expect(queue.status).toBe(200);
    const ids = queue.json.groups.map((g: { profile_id: number }) => g.profile_id);
    expect(ids.indexOf(second.profile.id)).toBeLessThan(ids.indexOf(first.profile.id));
    const secondGroup = queue.json.groups.find((g: { profile_id: number }) => g.profile_id === second.profile.id);
    expect(secondGroup.waiting.map((p: { id: number }) => p.id)).toEqual([main.id, extra.id]);
    expect(secondGroup.waiting[0]).toMatchObject({
      is_main: true,
      thumb_url: `/api/admin/photo.php?id=${main.id}&size=thumb`,
    });
    const firstGroup = queue.json.groups.find((g: { profile_id: number }) => g.profile_id === first.profile.id);
    expect(firstGroup.waiting.map((p: { id: number }) => p.id)).toEqual([waitingA.id, waitingB.id]);
    expect(firstGroup.others.map((p: { id: number }) => p.id).sort()).toEqual([kept.id, hidden.id].sort());
    expect(queue.json.total_waiting).toBeGreaterThanOrEqual(4);

    // Rejecting needs a reason; the owner then sees it on their own photos.
    expect((await mod.post('/api/admin/photos.php', { ids: [waitingA.id], decision: 'reject' })).status).toBe(400);
    const rejected = await mod.post('/api/admin/photos.php', {
      ids: [waitingA.id],
      decision: 'reject',
      reason: 'nudity',
    });
    expect(rejected.json).toEqual({ changed: [waitingA.id] });
    const own = (await (await login(first)).get('/api/photos.php')).json.photos;
    expect(own.find((p: { id: number }) => p.id === waitingA.id)).toMatchObject({
      status: 'rejected',
      reject_reason: 'nudity',
    });
    expect(own.find((p: { id: number }) => p.id === kept.id).reject_reason).toBeNull();

    // Bulk approval: a visitor then sees the photos; the audit log has one entry per photo.
    const bulk = await mod.post('/api/admin/photos.php', { ids: [main.id, extra.id], decision: 'approve' });
    expect(bulk.json.changed.sort()).toEqual([main.id, extra.id].sort());
    const view = await new Browser(server.url).get(`/api/profile.php?id=${second.profile.id}`);
    expect(view.json.profile.main_image).toMatchObject({ filename: main.filename, status: 'approved' });
    expect(view.json.profile.photos.map((p: { id: number }) => p.id)).toEqual(
      expect.arrayContaining([main.id, extra.id]),
    );
    expect(await audits('photo.reject', waitingA.id)).toHaveLength(1);
    expect(await audits('photo.approve', main.id)).toHaveLength(1);
    expect(await audits('photo.approve', extra.id)).toHaveLength(1);
    // Deciding again changes nothing and records nothing.
    expect((await mod.post('/api/admin/photos.php', { ids: [main.id], decision: 'approve' })).json.changed).toEqual([]);
    expect(await audits('photo.approve', main.id)).toHaveLength(1);
  });

  it('serves private photos to staff through the staff route and audits the view', async () => {
    const owner = await createMember(db(), siteA);
    const b = await login(owner);
    const up = await postMultipart(`${server.url}/api/photos.php`, {
      fields: { is_private: 'true' },
      file: await jpegWithGps(),
      sid: b.cookie('sid'),
    });
    expect(up.status, JSON.stringify(up.json)).toBe(200);
    expect(up.json.status).toBe('awaiting_approval');
    const mod = await staffBrowser('moderator', [siteA]);
    const res = await mod.get(`/api/admin/photo.php?id=${up.json.id}&size=thumb`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
    expect(res.headers['cache-control']).toMatch(/^private/);
    const [entry] = await audits('photo.view_private', up.json.id);
    expect(entry).toMatchObject({ object_type: 'photo', member_user_id: owner.user.id, site_id: siteA });
    // Without a staff session the route is closed; a member's session is no staff session.
    expect((await b.get(`/api/admin/photo.php?id=${up.json.id}`)).status).toBe(403);
  });

  it('sets automatic photo approval per site for admins and moderators of that site, audited', async () => {
    const mod = await staffBrowser('moderator', [siteA]);
    const list = await mod.get('/api/admin/photo-settings.php');
    expect(list.json.map((s: { site_id: number }) => s.site_id)).toEqual([siteA]);
    const on = await mod.put('/api/admin/photo-settings.php', { site_id: siteA, auto_approve_photos: true });
    expect(on.json).toMatchObject({ site_id: siteA, auto_approve_photos: true });
    const [row] = await db().select().from(sites).where(eq(sites.id, siteA));
    expect(row?.auto_approve_photos).toBe(true);
    const [entry] = await audits('site.photo_settings', siteA);
    expect(entry).toMatchObject({ before: { auto_approve_photos: false }, after: { auto_approve_photos: true } });
    expect((await mod.put('/api/admin/photo-settings.php', { site_id: siteB, auto_approve_photos: true })).status).toBe(
      404,
    );
    const support = await staffBrowser('support', [siteA]);
    expect(
      (await support.put('/api/admin/photo-settings.php', { site_id: siteA, auto_approve_photos: false })).status,
    ).toBe(403);
    expect(
      (await mod.put('/api/admin/photo-settings.php', { site_id: siteA, auto_approve_photos: false })).status,
    ).toBe(200);
  });

  it('takes a report of a message with a block, lets a moderator ban the sender and an admin revoke it', async () => {
    const reporter = await createChatMember(db(), siteA, server.url, { user: { language: 'en' } });
    const sender = await createChatMember(db(), siteA, server.url, { user: { language: 'nl' } });
    const first = await sendText(sender.browser, reporter.profile.id, 'Hallo daar');
    const rude = await sendText(sender.browser, reporter.profile.id, 'Something rude');
    const mine = await sendText(reporter.browser, sender.profile.id, 'Please stop');
    expect([first.status, rude.status, mine.status]).toEqual([200, 200, 200]);

    // Only the profile's own messages in the conversation can be reported.
    const wrong = await reporter.browser.post('/api/report.php', {
      profile_id: sender.profile.id,
      message_ids: [mine.json.message.id],
      reason: 'harassment',
    });
    expect(wrong.status).toBe(400);
    const earlier = await reporter.browser.post('/api/report.php', { profile_id: sender.profile.id, reason: 'spam' });
    expect(earlier.json).toEqual({ ok: true, blocked: false });
    const report = await reporter.browser.post('/api/report.php', {
      profile_id: sender.profile.id,
      message_ids: [rude.json.message.id],
      reason: 'harassment',
      text: 'Keeps writing',
      block: true,
    });
    expect(report.json).toEqual({ ok: true, blocked: true });
    const blocked = await db()
      .select()
      .from(blocks)
      .where(and(eq(blocks.blocker_profile_id, reporter.profile.id), eq(blocks.blocked_profile_id, sender.profile.id)));
    expect(blocked).toHaveLength(1);
    const [stored] = await db()
      .select()
      .from(reports)
      .where(and(eq(reports.reported_profile_id, sender.profile.id), eq(reports.reason, 'harassment')));
    expect(stored?.message_id).toBe(rude.json.message.id);
    expect(stored?.evidence.map((m) => m.id)).toEqual([
      first.json.message.id,
      rude.json.message.id,
      mine.json.message.id,
    ]);
    await db()
      .insert(staffNotes)
      .values({ site_id: siteA, user_id: sender.user.id, staff_name: 'Sam', text: 'Warned by phone' });

    // The moderator sees it in the queue and with the sender's history.
    const mod = await staffBrowser('moderator', [siteA]);
    const queue = await mod.get('/api/admin/reports.php?status=open');
    expect(queue.json.reports.map((r: { id: number }) => r.id)).toContain(stored?.id);
    const detail = await mod.get(`/api/admin/report.php?id=${stored?.id}`);
    expect(detail.status).toBe(200);
    expect(detail.json.report).toMatchObject({
      reason: 'harassment',
      text: 'Keeps writing',
      status: 'open',
      reported: { profile_id: sender.profile.id, user_id: sender.user.id, fictional: false },
      reporter: { user_id: reporter.user.id, name: reporter.profile.name },
      evidence_count: 3,
    });
    expect(detail.json.evidence.find((m: { reported: boolean }) => m.reported)).toMatchObject({
      id: rude.json.message.id,
      from_reported: true,
      body: 'Something rude',
    });
    expect(detail.json.other_reports.map((r: { reason: string }) => r.reason)).toEqual(['spam']);
    expect(detail.json.notes.map((n: { text: string }) => n.text)).toEqual(['Warned by phone']);
    expect(detail.json.account).toMatchObject({
      account_status: 'confirmed',
      email: sender.email,
      profile_status: 'active',
    });
    expect(await audits('report.view', stored?.id)).toHaveLength(1);

    // A ban: sessions end, login answers account_banned only after a correct password.
    const ban = await mod.post('/api/admin/report.php', { id: stored?.id, action: 'ban', note: 'Wees aardig' });
    expect(ban.status, JSON.stringify(ban.json)).toBe(200);
    expect(ban.json.report).toMatchObject({ status: 'handled', outcome: 'ban' });
    expect(ban.json.sanction).toMatchObject({ kind: 'ban', reason: 'harassment', report_id: stored?.id });
    expect((await sender.browser.get('/api/user.php')).status).toBe(403);
    expect(await db().select().from(sessions).where(eq(sessions.user_id, sender.user.id))).toEqual([]);
    const refused = await new Browser(server.url).post('/api/user.php', {
      email: sender.email,
      password: sender.password,
    });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe('account_banned');
    const wrongPassword = await new Browser(server.url).post('/api/user.php', {
      email: sender.email,
      password: 'nope',
    });
    expect(wrongPassword.json.error).toBe('login_failed');
    expect(await audits('sanction.apply', ban.json.sanction.id)).toHaveLength(1);
    const [handled] = await audits('report.handle', stored?.id);
    expect(handled?.after).toMatchObject({ outcome: 'ban', sanction_id: ban.json.sanction.id });
    expect((await mod.post('/api/admin/report.php', { id: stored?.id, action: 'dismiss' })).status).toBe(409);

    // Mails: the sender in Dutch with the reason's label and the note; the reporter never learns the outcome.
    const senderMail = (await mailsTo(sender.email)).find((m) => m.kind === 'sanction_ban');
    expect(senderMail?.text).toContain('Intimidatie');
    expect(senderMail?.text).toContain('Wees aardig');
    const reporterMails = (await mailsTo(reporter.email)).filter((m) => m.kind === 'report_handled');
    expect(reporterMails).toHaveLength(1);
    expect(reporterMails[0]?.text).not.toMatch(/ban|closed|suspend|warn|hidden/i);

    // Only an admin revokes; then the sender logs in again.
    const revokeBody = { id: ban.json.sanction.id };
    expect((await mod.post('/api/admin/sanction-revoke.php', revokeBody)).status).toBe(403);
    const admin = await staffBrowser('admin', null);
    const revoked = await admin.post('/api/admin/sanction-revoke.php', revokeBody);
    expect(revoked.status).toBe(200);
    expect(revoked.json.sanction.revoked_at).not.toBeNull();
    expect((await admin.post('/api/admin/sanction-revoke.php', revokeBody)).status).toBe(409);
    await login(sender);
    expect(await audits('sanction.revoke', ban.json.sanction.id)).toHaveLength(1);
    expect((await mailsTo(sender.email)).map((m) => m.kind)).toContain('sanction_revoked');
  });

  it('suspends for days: login refused with the end, sessions end, and login works again after it', async () => {
    const member = await createChatMember(db(), siteA, server.url);
    const mod = await staffBrowser('moderator', [siteA]);
    const applied = await mod.post('/api/admin/sanctions.php', {
      user_id: member.user.id,
      kind: 'suspend',
      reason: 'spam',
      days: 3,
    });
    expect(applied.status, JSON.stringify(applied.json)).toBe(200);
    const until = applied.json.sanction.until as string;
    expect(new Date(until).getTime()).toBe(clock.now().getTime() + 3 * DAY * 1000);
    expect((await member.browser.get('/api/user.php')).status).toBe(403);
    const refused = await new Browser(server.url).post('/api/user.php', {
      email: member.email,
      password: member.password,
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ error: 'account_suspended', data: { until } });
    expect((await mailsTo(member.email)).map((m) => m.kind)).toContain('sanction_suspend');
    expect(await audits('sanction.apply', applied.json.sanction.id)).toHaveLength(1);
    // Days without a suspension are a validation failure.
    expect(
      (await mod.post('/api/admin/sanctions.php', { user_id: member.user.id, kind: 'suspend', reason: 'spam' })).status,
    ).toBe(400);

    clock.advance(3 * DAY + 1);
    const again = await login(member);
    expect((await again.get('/api/user.php')).status).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, member.user.id));
    expect(row?.suspended_until).toBeNull();
  });

  it('hides a profile from others until the sanction is revoked; warns by mail only', async () => {
    const member = await createMember(db(), siteA, { profile: { name: 'Hidden Hanna' } });
    const viewer = await login(await createMember(db(), siteA));
    const mod = await staffBrowser('moderator', [siteA]);
    const warn = await mod.post('/api/admin/sanctions.php', { user_id: member.user.id, kind: 'warn', reason: 'spam' });
    expect(warn.status).toBe(200);
    expect((await mailsTo(member.email)).map((m) => m.kind)).toContain('sanction_warn');
    expect((await viewer.get(`/api/profile.php?id=${member.profile.id}`)).status).toBe(200);

    const hide = await mod.post('/api/admin/sanctions.php', {
      user_id: member.user.id,
      kind: 'hide',
      reason: 'fake_profile',
    });
    expect(hide.status).toBe(200);
    expect(
      (await mod.post('/api/admin/sanctions.php', { user_id: member.user.id, kind: 'hide', reason: 'spam' })).status,
    ).toBe(409);
    expect((await viewer.get(`/api/profile.php?id=${member.profile.id}`)).status).toBe(404);
    expect((await new Browser(server.url).get(`/api/profile.php?id=${member.profile.id}`)).status).toBe(404);
    const search = await viewer.get('/api/search.php?gender=female&page=1');
    expect(search.json.results.map((r: { id: number }) => r.id)).not.toContain(member.profile.id);
    // The member still logs in and sees the own profile.
    const own = await login(member);
    expect((await own.get('/api/user.php')).json.profile.status).toBe('blocked');

    const admin = await staffBrowser('admin', [siteA]);
    expect((await admin.post('/api/admin/sanction-revoke.php', { id: hide.json.sanction.id })).status).toBe(200);
    expect((await viewer.get(`/api/profile.php?id=${member.profile.id}`)).status).toBe(200);
    expect(await audits('sanction.apply', hide.json.sanction.id)).toHaveLength(1);
    expect(await audits('sanction.revoke', hide.json.sanction.id)).toHaveLength(1);
  });

  it('keeps a moderator to their sites: 404 on another site, nothing of it in lists; support may not sanction', async () => {
    const memberB = await createMember(db(), siteB);
    const reporterB = await createMember(db(), siteB);
    const photoB = await createPhoto(db(), memberB.profile.id, { status: 'awaiting_approval' });
    const [reportB] = await db()
      .insert(reports)
      .values({
        site_id: siteB,
        reporter_user_id: reporterB.user.id,
        reported_profile_id: memberB.profile.id,
        reason: 'spam',
      })
      .returning();
    const mod = await staffBrowser('moderator', [siteA]);
    expect((await mod.get(`/api/admin/report.php?id=${reportB?.id}`)).status).toBe(404);
    expect((await mod.post('/api/admin/report.php', { id: reportB?.id, action: 'dismiss' })).status).toBe(404);
    expect((await mod.get(`/api/admin/photo.php?id=${photoB.id}`)).status).toBe(404);
    expect((await mod.post('/api/admin/photos.php', { ids: [photoB.id], decision: 'approve' })).status).toBe(404);
    expect(
      (await mod.post('/api/admin/sanctions.php', { user_id: memberB.user.id, kind: 'warn', reason: 'spam' })).status,
    ).toBe(404);
    expect((await mod.get(`/api/admin/photos.php?site_id=${siteB}`)).status).toBe(404);
    const reportsA = await mod.get('/api/admin/reports.php');
    expect(reportsA.json.reports.every((r: { site_id: number }) => r.site_id === siteA)).toBe(true);
    const photosA = await mod.get('/api/admin/photos.php');
    expect(photosA.json.groups.every((g: { site_id: number }) => g.site_id === siteA)).toBe(true);
    const [photoRow] = await db().select().from(photos).where(eq(photos.id, photoB.id));
    expect(photoRow?.status).toBe('awaiting_approval');

    // An admin of every site reaches it; support may look at photos but not sanction or moderate.
    const admin = await staffBrowser('admin', null);
    expect((await admin.get(`/api/admin/report.php?id=${reportB?.id}`)).status).toBe(200);
    const support = await staffBrowser('support', [siteA, siteB]);
    const sanction = { user_id: memberB.user.id, kind: 'warn', reason: 'spam' };
    expect((await support.post('/api/admin/sanctions.php', sanction)).status).toBe(403);
    expect((await support.get('/api/admin/reports.php')).status).toBe(403);
    expect((await support.get('/api/admin/photos.php')).status).toBe(403);
    expect((await support.post('/api/admin/photos.php', { ids: [photoB.id], decision: 'approve' })).status).toBe(403);
  });

  it('lets a report on a fictional profile only be dismissed; refuses profiles the member cannot see; limits reports', async () => {
    const fictional = await createProfile(db(), siteA, { is_fictional: true, name: 'Fiona Fictief' });
    const reporter = await createMember(db(), siteA);
    const b = await login(reporter);
    expect((await b.post('/api/report.php', { profile_id: fictional.id, reason: 'scam' })).json.ok).toBe(true);
    const otherSite = await createMember(db(), siteB);
    expect((await b.post('/api/report.php', { profile_id: otherSite.profile.id, reason: 'scam' })).status).toBe(404);
    expect((await b.post('/api/report.php', { profile_id: reporter.profile.id, reason: 'scam' })).status).toBe(404);
    expect(
      (await new Browser(server.url).post('/api/report.php', { profile_id: fictional.id, reason: 'scam' })).status,
    ).toBe(403);
    const [row] = await db().select().from(reports).where(eq(reports.reported_profile_id, fictional.id));
    const mod = await staffBrowser('moderator', [siteA]);
    const ban = await mod.post('/api/admin/report.php', { id: row?.id, action: 'ban' });
    expect(ban.status).toBe(400);
    expect(ban.json.error).toBe('validation_failed');
    const dismissed = await mod.post('/api/admin/report.php', { id: row?.id, action: 'dismiss' });
    expect(dismissed.json).toMatchObject({ report: { status: 'handled', outcome: 'dismiss' }, sanction: null });
    expect(await audits('report.handle', row?.id)).toHaveLength(1);
    expect((await mailsTo(reporter.email)).map((m) => m.kind)).toContain('report_handled');
    const handled = await mod.get('/api/admin/reports.php?status=handled');
    expect(handled.json.reports.map((r: { id: number }) => r.id)).toContain(row?.id);

    // Twenty reports a day per member.
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await b.post('/api/report.php', { profile_id: fictional.id, reason: 'other' })).status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});
