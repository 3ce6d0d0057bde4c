import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { ensureConversation } from '../src/db/repositories/conversations.js';
import {
  auditLog,
  creditLedger,
  memberSanctions,
  messages,
  outbox,
  profiles,
  reports,
  sessions,
  staffNotes,
  users,
} from '../src/db/schema.js';
import { balanceAndLedger, connectRealtime } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createPhoto, createProfile, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { createStaff, loginStaff } from './helpers/staff.js';

/** Audit entries of `action` about member `userId`. */
async function auditOf(db: Db, action: string, userId: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.member_user_id, userId)));
}

/** A member whose balance is backed by one ledger row, as real balances are. */
async function memberWithCredits(
  db: Db,
  siteId: number,
  credits: number,
  opts: Parameters<typeof createMember>[2] = {},
) {
  const member = await createMember(db, siteId, { ...opts, user: { ...opts.user, credits } });
  if (credits > 0) {
    await db
      .insert(creditLedger)
      .values({ user_id: member.user.id, delta: credits, balance_after: credits, reason: 'test_grant' });
  }
  return member;
}

describe.each(dbKinds())('back-office members on %s', (kind) => {
  let server: TestServer;
  let siteA: number;
  let siteB: number;
  let admin: Browser;
  let moderatorA: Browser;
  let supportA: Browser;
  let operator: Browser;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer(kind);
    siteA = (await createSite(db(), { is_default: true })).id;
    siteB = (await createSite(db())).id;
    admin = await loginStaff(server.url, await createStaff(db(), 'admin', null));
    moderatorA = await loginStaff(server.url, await createStaff(db(), 'moderator', [siteA]));
    supportA = await loginStaff(server.url, await createStaff(db(), 'support', [siteA]));
    operator = await loginStaff(server.url, await createStaff(db(), 'operator', null));
  });
  afterAll(() => server.close());

  it('finds members by e-mail, name, user id, profile id and site, and logs the search', async () => {
    const tag = `zoek${Date.now()}`;
    const a = await createMember(db(), siteA, {
      user: { email: `${tag}.Anna@Example.com` },
      profile: { name: `Annabel${tag}` },
    });
    const b = await createMember(db(), siteB, { user: { email: `${tag}.bert@example.com` } });

    const byMail = await admin.get(`/api/admin/members.php?q=${tag.toUpperCase()}.ANNA`);
    expect(byMail.status).toBe(200);
    expect(byMail.json.members.map((m: { id: number }) => m.id)).toEqual([a.user.id]);
    const row = byMail.json.members[0];
    expect(row).toMatchObject({
      email: a.email,
      name: `Annabel${tag}`,
      site_id: siteA,
      status: 'confirmed',
      paid_user: false,
      credits: 0,
      profile_id: a.profile.id,
    });
    expect(typeof row.site_name).toBe('string');

    const both = await admin.get(`/api/admin/members.php?q=${tag}`);
    expect(both.json.members.map((m: { id: number }) => m.id)).toEqual([b.user.id, a.user.id]);
    const byName = await admin.get(`/api/admin/members.php?q=nnabel${tag}`);
    expect(byName.json.members.map((m: { id: number }) => m.id)).toEqual([a.user.id]);
    const byUserId = await admin.get(`/api/admin/members.php?q=${a.user.id}`);
    expect(byUserId.json.members.map((m: { id: number }) => m.id)).toContain(a.user.id);
    const byProfileId = await admin.get(`/api/admin/members.php?q=${b.profile.id}`);
    expect(byProfileId.json.members.map((m: { id: number }) => m.id)).toContain(b.user.id);
    const bySite = await admin.get(`/api/admin/members.php?q=${tag}&site_id=${siteB}`);
    expect(bySite.json.members.map((m: { id: number }) => m.id)).toEqual([b.user.id]);
    // A wildcard in the query is a character, not a pattern.
    expect((await admin.get(`/api/admin/members.php?q=${tag}%25x`)).json.members).toEqual([]);

    // A moderator of site A never finds site B's members, and cannot ask for site B.
    const mod = await moderatorA.get(`/api/admin/members.php?q=${tag}`);
    expect(mod.json.members.map((m: { id: number }) => m.id)).toEqual([a.user.id]);
    expect((await moderatorA.get(`/api/admin/members.php?q=${tag}&site_id=${siteB}`)).status).toBe(404);
    expect((await supportA.get(`/api/admin/members.php?q=${tag}`)).status).toBe(200);
    expect((await operator.get(`/api/admin/members.php?q=${tag}`)).json.error).toBe('forbidden');

    const logged = await db().select().from(auditLog).where(eq(auditLog.action, 'member.search'));
    expect(logged.some((e) => (e.after as { q: string }).q === `${tag.toUpperCase()}.ANNA`)).toBe(true);
  });

  it('shows one member with private photos, money, reports, sanctions and notes; logs member.view', async () => {
    const m = await memberWithCredits(db(), siteA, 40);
    const pub = await createPhoto(db(), m.profile.id, { position: 0 });
    const priv = await createPhoto(db(), m.profile.id, {
      is_private: true,
      status: 'rejected',
      reject_reason: 'nudity',
      position: 1,
    });
    const other = await createMember(db(), siteA);
    await db()
      .insert(reports)
      .values([
        { site_id: siteA, reporter_user_id: other.user.id, reported_profile_id: m.profile.id, reason: 'spam' },
        { site_id: siteA, reporter_user_id: m.user.id, reported_profile_id: other.profile.id, reason: 'scam' },
      ]);
    await db()
      .insert(memberSanctions)
      .values({ site_id: siteA, user_id: m.user.id, kind: 'warn', reason: 'harassment', note: 'Be kind' });

    const res = await moderatorA.get(`/api/admin/member.php?id=${m.user.id}`);
    expect(res.status).toBe(200);
    const d = res.json;
    expect(d.account).toMatchObject({
      id: m.user.id,
      email: m.email,
      credits: 40,
      status: 'confirmed',
      site_id: siteA,
    });
    expect(d.profile).toMatchObject({ id: m.profile.id, name: m.profile.name, status: 'active' });
    expect(d.profile.date_of_birth).toBe(m.profile.date_of_birth);
    const photos = new Map(d.photos.map((p: { id: number }) => [p.id, p]));
    expect(photos.get(pub.id)).toMatchObject({ is_private: false, thumb_url: `/photos/${pub.thumb_filename}` });
    expect(photos.get(priv.id)).toMatchObject({
      is_private: true,
      status: 'rejected',
      reject_reason: 'nudity',
      thumb_url: `/api/admin/photo.php?id=${priv.id}&size=thumb`,
    });
    expect(JSON.stringify(d.photos)).not.toContain(priv.filename);
    expect(d.ledger).toEqual([expect.objectContaining({ delta: 40, balance_after: 40, reason: 'test_grant' })]);
    expect(d.reports.map((r: { direction: string; reason: string }) => [r.direction, r.reason]).sort()).toEqual([
      ['against', 'spam'],
      ['by', 'scam'],
    ]);
    expect(d.sanctions).toEqual([expect.objectContaining({ kind: 'warn', reason: 'harassment', note: 'Be kind' })]);
    expect(d.payments).toEqual([]);
    expect(d.notes).toEqual([]);

    const views = await auditOf(db(), 'member.view', m.user.id);
    expect(views).toHaveLength(1);
    expect(views[0]?.after).toEqual({ private_photos: [priv.id] });
    expect((await supportA.get(`/api/admin/member.php?id=${m.user.id}`)).status).toBe(200);
  });

  it('answers 404 for a member of a site outside the account, 403 for a role without members', async () => {
    const b = await createMember(db(), siteB);
    for (const path of [
      `/api/admin/member.php?id=${b.user.id}`,
      `/api/admin/member-conversations.php?id=${b.user.id}`,
    ]) {
      const res = await moderatorA.get(path);
      expect(res.status, path).toBe(404);
    }
    expect((await moderatorA.post('/api/admin/member-notes.php', { id: b.user.id, text: 'x' })).status).toBe(404);
    expect((await moderatorA.post('/api/admin/member-delete.php', { id: b.user.id })).status).toBe(404);
    expect((await moderatorA.get('/api/admin/member.php?id=99999999')).status).toBe(404);
    expect((await operator.get(`/api/admin/member.php?id=${b.user.id}`)).json.error).toBe('forbidden');
    expect(await auditOf(db(), 'member.view', b.user.id)).toEqual([]);
    expect((await admin.get(`/api/admin/member.php?id=${b.user.id}`)).status).toBe(200);
  });

  it('lets moderators read conversations, read only and logged; never support', async () => {
    const m = await createMember(db(), siteA);
    const partner = await createMember(db(), siteA);
    const fictional = await createProfile(db(), siteA, { is_fictional: true, name: 'Fictie' });
    const now = new Date();
    const c1 = await ensureConversation(db(), siteA, m.profile.id, partner.profile.id, now);
    const c2 = await ensureConversation(db(), siteA, m.profile.id, fictional.id, now);
    // A fictional profile's message always names the operator who wrote it (a trigger refuses it otherwise).
    const writer = await createStaff(db(), 'operator', [siteA]);
    await db()
      .insert(messages)
      .values([
        { conversation_id: c1.id, sender_profile_id: m.profile.id, body: 'Hoi!', credits_spent: 10 },
        { conversation_id: c1.id, sender_profile_id: partner.profile.id, body: 'Hallo terug' },
        { conversation_id: c2.id, sender_profile_id: fictional.id, staff_id: writer.id, body: 'Zin in een praatje?' },
      ]);
    // A conversation the member takes no part in.
    const stranger = await createMember(db(), siteA);
    const c3 = await ensureConversation(db(), siteA, partner.profile.id, stranger.profile.id, now);

    const list = await moderatorA.get(`/api/admin/member-conversations.php?id=${m.user.id}`);
    expect(list.status).toBe(200);
    const byId = new Map(list.json.conversations.map((c: { id: number }) => [c.id, c]));
    expect(byId.get(c1.id)).toMatchObject({
      partner_profile_id: partner.profile.id,
      partner_user_id: partner.user.id,
      partner_fictional: false,
      message_count: 2,
    });
    expect(byId.get(c2.id)).toMatchObject({ partner_name: 'Fictie', partner_fictional: true, message_count: 1 });

    const read = await moderatorA.get(`/api/admin/member-conversation.php?id=${m.user.id}&conversation_id=${c1.id}`);
    expect(read.status).toBe(200);
    expect(
      read.json.messages.map((x: { body: string; from_member: boolean; credits_spent: number }) => [
        x.body,
        x.from_member,
        x.credits_spent,
      ]),
    ).toEqual([
      ['Hoi!', true, 10],
      ['Hallo terug', false, 0],
    ]);
    expect(read.json.member_profile_id).toBe(m.profile.id);
    const logged = await auditOf(db(), 'member.view_conversation', m.user.id);
    expect(logged.map((e) => e.object_id)).toEqual([String(c1.id)]);
    expect(await auditOf(db(), 'member.view_conversations', m.user.id)).toHaveLength(1);

    expect(
      (await moderatorA.get(`/api/admin/member-conversation.php?id=${m.user.id}&conversation_id=${c3.id}`)).status,
    ).toBe(404);
    expect((await supportA.get(`/api/admin/member-conversations.php?id=${m.user.id}`)).json.error).toBe('forbidden');
    expect(
      (await supportA.get(`/api/admin/member-conversation.php?id=${m.user.id}&conversation_id=${c1.id}`)).status,
    ).toBe(403);
    expect((await operator.get(`/api/admin/member-conversations.php?id=${m.user.id}`)).status).toBe(403);
    expect(await auditOf(db(), 'member.view_conversation', m.user.id)).toHaveLength(1);
  });

  it('adjusts credits as one ledger entry for admins only, never below zero, and logs before and after', async () => {
    const m = await memberWithCredits(db(), siteA, 100);
    const member = new Browser(server.url);
    expect((await member.post('/api/user.php', { email: m.email, password: m.password })).status).toBe(200);
    const socket = await connectRealtime(server.url, member);
    const added = await admin.post('/api/admin/member-credits.php', { id: m.user.id, amount: 25, reason: 'Goodwill' });
    expect(added.status).toBe(200);
    // The member's open pages hear the new balance.
    expect(await socket.waitFor((e) => e.type === 'credits')).toEqual({ type: 'credits', credits: 125 });
    socket.close();
    expect(added.json.credits).toBe(125);
    expect(added.json.entry).toMatchObject({
      delta: 25,
      balance_after: 125,
      reason: 'adjustment',
      reference: 'Goodwill',
    });
    expect(await balanceAndLedger(db(), m.user.id)).toEqual({ credits: 125, ledger: 125 });

    const tooMuch = await admin.post('/api/admin/member-credits.php', { id: m.user.id, amount: -126, reason: 'Oops' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json.error).toBe('conflict');
    expect(await balanceAndLedger(db(), m.user.id)).toEqual({ credits: 125, ledger: 125 });

    // Two concurrent takes of 100 on 125: exactly one wins.
    const race = await Promise.all([
      admin.post('/api/admin/member-credits.php', { id: m.user.id, amount: -100, reason: 'Race one' }),
      admin.post('/api/admin/member-credits.php', { id: m.user.id, amount: -100, reason: 'Race two' }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balanceAndLedger(db(), m.user.id)).toEqual({ credits: 25, ledger: 25 });

    for (const body of [
      { id: m.user.id, amount: 0, reason: 'Nothing' },
      { id: m.user.id, amount: 100_001, reason: 'Too much' },
      { id: m.user.id, amount: 1.5, reason: 'Half' },
      { id: m.user.id, amount: 5, reason: 'x' },
    ]) {
      expect((await admin.post('/api/admin/member-credits.php', body)).status, JSON.stringify(body)).toBe(400);
    }
    for (const staff of [moderatorA, supportA, operator]) {
      const res = await staff.post('/api/admin/member-credits.php', { id: m.user.id, amount: 5, reason: 'Gift' });
      expect(res.status).toBe(403);
      expect(res.json.error).toBe('forbidden');
    }
    expect(await balanceAndLedger(db(), m.user.id)).toEqual({ credits: 25, ledger: 25 });

    const entries = await auditOf(db(), 'member.credits_adjust', m.user.id);
    expect(entries).toHaveLength(2);
    expect(entries.find((e) => (e.after as { delta: number }).delta === 25)).toMatchObject({
      before: { credits: 100 },
      after: { credits: 125, reason: 'Goodwill' },
    });
    const rows = await db().select().from(creditLedger).where(eq(creditLedger.user_id, m.user.id));
    expect(rows.filter((r) => r.reason === 'adjustment')).toHaveLength(2);
  });

  it('adds staff notes signed with the staff name, listed in the detail and logged', async () => {
    const m = await createMember(db(), siteA);
    const res = await supportA.post('/api/admin/member-notes.php', {
      id: m.user.id,
      text: '  Called about billing.  ',
    });
    expect(res.status).toBe(200);
    expect(res.json.note).toMatchObject({ text: 'Called about billing.', staff_name: 'Test support' });
    await moderatorA.post('/api/admin/member-notes.php', { id: m.user.id, text: 'Second note' });
    const d = (await admin.get(`/api/admin/member.php?id=${m.user.id}`)).json;
    expect(d.notes.map((n: { text: string }) => n.text)).toEqual(['Second note', 'Called about billing.']);
    expect((await supportA.post('/api/admin/member-notes.php', { id: m.user.id, text: '' })).status).toBe(400);
    expect((await operator.post('/api/admin/member-notes.php', { id: m.user.id, text: 'x' })).status).toBe(403);
    const logged = await auditOf(db(), 'member.note_add', m.user.id);
    expect(logged).toHaveLength(2);
    const stored = await db().select().from(staffNotes).where(eq(staffNotes.user_id, m.user.id));
    expect(stored).toHaveLength(2);
  });

  it('sends the activation mail again to an unconfirmed member only, and logs it', async () => {
    const m = await createMember(db(), siteA, { user: { status: 'not_confirmed' } });
    const res = await supportA.post('/api/admin/member-activation.php', { id: m.user.id });
    expect(res.status).toBe(200);
    const mails = await db().select().from(outbox).where(eq(outbox.recipient, m.email));
    expect(mails.map((x) => x.kind)).toEqual(['activation']);
    expect(mails[0]?.text).toMatch(/\/activate\/done\?token=/);
    expect(await auditOf(db(), 'member.activation_resend', m.user.id)).toHaveLength(1);

    const confirmed = await createMember(db(), siteA);
    const again = await supportA.post('/api/admin/member-activation.php', { id: confirmed.user.id });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe('conflict');
    expect(await db().select().from(outbox).where(eq(outbox.recipient, confirmed.email))).toEqual([]);
    expect((await operator.post('/api/admin/member-activation.php', { id: m.user.id })).status).toBe(403);
  });

  it("deletes a member by the member's own rules: pending deletion, sessions end, mailed; never by support", async () => {
    const m = await createMember(db(), siteA);
    const member = new Browser(server.url);
    expect((await member.post('/api/user.php', { email: m.email, password: m.password })).status).toBe(200);
    expect(await db().select().from(sessions).where(eq(sessions.user_id, m.user.id))).toHaveLength(1);

    expect((await supportA.post('/api/admin/member-delete.php', { id: m.user.id })).json.error).toBe('forbidden');
    const res = await moderatorA.post('/api/admin/member-delete.php', { id: m.user.id });
    expect(res.status).toBe(200);
    const [user] = await db().select().from(users).where(eq(users.id, m.user.id));
    expect(user?.status).toBe('pending_deletion');
    expect(user?.deletion_requested_at).not.toBeNull();
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, m.profile.id));
    expect(profile?.status).toBe('deleted');
    expect(await db().select().from(sessions).where(eq(sessions.user_id, m.user.id))).toEqual([]);
    expect((await member.get('/api/user.php')).status).not.toBe(200);
    const mails = await db().select().from(outbox).where(eq(outbox.recipient, m.email));
    expect(mails.map((x) => x.kind)).toEqual(['deletion_confirmed']);
    expect(mails[0]?.text).toMatch(/\/account-deleted\?reactivate=/);
    const logged = await auditOf(db(), 'member.delete', m.user.id);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ before: { status: 'confirmed' }, after: { status: 'pending_deletion' } });

    expect((await moderatorA.post('/api/admin/member-delete.php', { id: m.user.id })).status).toBe(409);
    const banned = await createMember(db(), siteA, { user: { status: 'banned' } });
    expect((await admin.post('/api/admin/member-delete.php', { id: banned.user.id })).status).toBe(409);
    expect(await auditOf(db(), 'member.delete', m.user.id)).toHaveLength(1);
  });
});
