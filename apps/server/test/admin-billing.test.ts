import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { settleTestProviderPayment } from '../src/db/repositories/test-provider.js';
import { auditLog, complaints, outbox, payments } from '../src/db/schema.js';
import { buildAppDeps } from '../src/deps.js';
import { seedMoney } from '../src/seed/money.js';
import { refundPayment } from '../src/services/money/refund-payment.js';
import { COMMAND_LINE } from '../src/services/staff/audit.js';
import { balanceAndLedger, createChatMember } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createPayment } from './helpers/discount-factories.js';
import { createMember, createSite } from './helpers/factories.js';
import type { Browser, TestServer } from './helpers/server.js';
import { startTestServer } from './helpers/server.js';
import { createStaff, loginStaff } from './helpers/staff.js';

const DAY = 86_400_000;

describe.each(dbKinds())('back office: complaints and payments on %s', (kind) => {
  let server: TestServer;
  let siteA: Awaited<ReturnType<typeof createSite>>;
  let siteB: Awaited<ReturnType<typeof createSite>>;
  let packagesA: number[]; // 60, 150, 400, 1000 credits (seed/money.ts)
  let packagesB: number[];
  let admin: Browser;
  const db = () => server.database.db;
  /** A logged-in staff browser of a new account of `role` on `siteIds` (null: every site). */
  const staffBrowser = async (role: 'admin' | 'moderator' | 'support' | 'operator', siteIds: number[] | null) =>
    loginStaff(server.url, await createStaff(db(), role, siteIds));
  /** A member of site A who signed up long ago (no welcome discount), logged in. */
  const member = (opts: { credits?: number; language?: string } = {}) =>
    createChatMember(db(), siteA.id, server.url, {
      credits: opts.credits ?? 0,
      user: { signup_date: new Date(Date.now() - 60 * DAY), language: opts.language ?? 'nl' },
    });
  /** A payment of site A made through the API and the test provider, paid. Returns its id. */
  const paidPayment = async (browser: Browser, packageId: number, method = 'ideal') => {
    const started = await browser.post('/api/payment.php', { package: packageId, method });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const id: number = started.json.payment.payment_id;
    const [row] = await db().select().from(payments).where(eq(payments.id, id));
    await settleTestProviderPayment(db(), row?.provider_payment_id as string, 'paid', ['open'], new Date());
    const synced = await browser.get(`/api/payment.php?payment_id=${id}`);
    expect(synced.json.status).toBe('paid');
    return id;
  };
  const auditOf = (action: string, objectId: number) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.object_id, String(objectId))));
  const complaintOf = async (siteId: number, userId: number, paymentId: number | null = null) =>
    (
      await db()
        .insert(complaints)
        .values({
          site_id: siteId,
          user_id: userId,
          topic: 'payment',
          text: 'My credits did not arrive at all.',
          payment_id: paymentId,
        })
        .returning()
    )[0]!;

  beforeAll(async () => {
    server = await startTestServer(kind);
    siteA = await createSite(db(), { is_default: true, refund_days: 14 });
    siteB = await createSite(db());
    packagesA = await seedMoney(db(), siteA.id);
    packagesB = await seedMoney(db(), siteB.id);
    admin = await staffBrowser('admin', null);
  });
  afterAll(() => server?.close());

  it('lets support read payments but not refund, moderators only complaints, operators neither', async () => {
    const m = await member();
    const id = await paidPayment(m.browser, packagesA[1]!);
    const complaint = await complaintOf(siteA.id, m.user.id, id);

    const support = await staffBrowser('support', [siteA.id]);
    expect((await support.get('/api/admin/payments.php')).status).toBe(200);
    const detail = await support.get(`/api/admin/payment.php?id=${id}`);
    expect(detail.status).toBe(200);
    expect(detail.json.payment).toMatchObject({ id, status: 'paid', amount_cents: 1995, credits: 150 });
    const refused = await support.post('/api/admin/payment-refund.php', { id, reason: 'asked for it' });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe('forbidden');
    expect((await support.get(`/api/admin/complaint.php?id=${complaint.id}`)).json.payment.id).toBe(id);

    const moderator = await staffBrowser('moderator', [siteA.id]);
    expect((await moderator.get('/api/admin/payments.php')).status).toBe(403);
    expect((await moderator.get(`/api/admin/payment.php?id=${id}`)).status).toBe(403);
    const seen = await moderator.get(`/api/admin/complaint.php?id=${complaint.id}`);
    expect(seen.status).toBe(200);
    // A moderator may handle the complaint but not see the payment behind it.
    expect(seen.json.payment).toBeNull();
    expect(seen.json.complaint.payment_id).toBe(id);

    const operator = await staffBrowser('operator', null);
    for (const path of [
      '/api/admin/payments.php',
      `/api/admin/payment.php?id=${id}`,
      '/api/admin/complaints.php',
      `/api/admin/complaint.php?id=${complaint.id}`,
    ]) {
      const res = await operator.get(path);
      expect(res.status, path).toBe(403);
      expect(res.json.error, path).toBe('forbidden');
    }
    expect((await operator.put('/api/admin/complaint.php', { id: complaint.id, status: 'in_progress' })).status).toBe(
      403,
    );
    expect((await operator.post('/api/admin/payment-refund.php', { id, reason: 'x' })).status).toBe(403);
    // Nothing changed, nothing refunded.
    expect((await db().select().from(payments).where(eq(payments.id, id)))[0]?.refunded_cents).toBe(0);
  });

  it("answers 404 for another site's payment or complaint and never lists them", async () => {
    const b = await createMember(db(), siteB.id);
    const paymentB = await createPayment(db(), { siteId: siteB.id, userId: b.user.id, packageId: packagesB[1]! });
    const complaintB = await complaintOf(siteB.id, b.user.id, paymentB.id);
    const a = await member();
    const paymentA = await createPayment(db(), { siteId: siteA.id, userId: a.user.id, packageId: packagesA[1]! });
    const complaintA = await complaintOf(siteA.id, a.user.id);

    for (const role of ['moderator', 'support'] as const) {
      const staff = await staffBrowser(role, [siteA.id]);
      expect((await staff.get(`/api/admin/complaint.php?id=${complaintB.id}`)).status, role).toBe(404);
      const put = await staff.put('/api/admin/complaint.php', { id: complaintB.id, answer: 'Not yours to answer.' });
      expect(put.status, role).toBe(404);
      expect((await staff.get(`/api/admin/complaints.php?site_id=${siteB.id}`)).status, role).toBe(404);
      const queue = await staff.get('/api/admin/complaints.php?status=new');
      const ids = queue.json.complaints.map((c: { id: number }) => c.id);
      expect(ids, role).toContain(complaintA.id);
      expect(ids, role).not.toContain(complaintB.id);
      expect(queue.json.complaints.every((c: { site_id: number }) => c.site_id === siteA.id)).toBe(true);
    }
    const support = await staffBrowser('support', [siteA.id]);
    expect((await support.get(`/api/admin/payment.php?id=${paymentB.id}`)).status).toBe(404);
    const list = await support.get('/api/admin/payments.php');
    const ids = list.json.payments.map((p: { id: number }) => p.id);
    expect(ids).toContain(paymentA.id);
    expect(ids).not.toContain(paymentB.id);
    // By member e-mail or id: nothing of site B either.
    expect((await support.get(`/api/admin/payments.php?member=${b.user.id}`)).json.payments).toEqual([]);
    expect((await support.get(`/api/admin/payments.php?member=${b.email}`)).json.payments).toEqual([]);
    const adminA = await staffBrowser('admin', [siteA.id]);
    expect((await adminA.post('/api/admin/payment-refund.php', { id: paymentB.id, reason: 'x' })).status).toBe(404);
    expect((await db().select().from(complaints).where(eq(complaints.id, complaintB.id)))[0]?.status).toBe('new');
  });

  it('refunds in part and in full through the provider and takes the credits back in the ledger', async () => {
    const m = await member({ credits: 0 });
    const id = await paidPayment(m.browser, packagesA[1]!);
    expect(await balanceAndLedger(db(), m.user.id)).toEqual({ credits: 150, ledger: 150 });

    const half = await admin.post('/api/admin/payment-refund.php', { id, amount_cents: 998, reason: 'Half back' });
    expect(half.status, JSON.stringify(half.json)).toBe(200);
    expect(half.json).toMatchObject({ credits_taken: 75, balance: 75 });
    expect(half.json.refund).toMatchObject({ amount_cents: 998, credits_taken: 75, reason: 'Half back' });
    expect(half.json.payment).toMatchObject({ id, status: 'paid', refunded_cents: 998 });
    expect(await balanceAndLedger(db(), m.user.id)).toEqual({ credits: 75, ledger: 75 });

    const tooMuch = await admin.post('/api/admin/payment-refund.php', { id, amount_cents: 998, reason: 'Too much' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json).toMatchObject({ error: 'validation_failed', data: { max: 997 } });
    expect((await admin.post('/api/admin/payment-refund.php', { id, amount_cents: 0, reason: 'x' })).status).toBe(400);
    expect((await admin.post('/api/admin/payment-refund.php', { id, amount_cents: 5 })).status).toBe(400);

    const rest = await admin.post('/api/admin/payment-refund.php', { id, reason: 'The rest' });
    expect(rest.status).toBe(200);
    expect(rest.json).toMatchObject({ credits_taken: 75, balance: 0 });
    expect(rest.json.refund.amount_cents).toBe(997);
    expect(rest.json.payment.refunded_cents).toBe(1995);
    expect(await balanceAndLedger(db(), m.user.id)).toEqual({ credits: 0, ledger: 0 });
    expect((await admin.post('/api/admin/payment-refund.php', { id, reason: 'Again' })).status).toBe(400);

    const detail = await admin.get(`/api/admin/payment.php?id=${id}`);
    expect(detail.status).toBe(200);
    expect(detail.json.refunds.map((r: { amount_cents: number }) => r.amount_cents)).toEqual([998, 997]);
    expect(detail.json.ledger.map((r: { reason: string; delta: number }) => [r.reason, r.delta])).toEqual([
      ['purchase', 150],
      ['refund', -75],
      ['refund', -75],
    ]);
    expect(detail.json.provider).toMatchObject({
      available: true,
      status: 'paid',
      method: 'ideal',
      amount_cents: 1995,
    });
    expect(detail.json.refundable_cents).toBe(0);
    expect(detail.json.member).toMatchObject({ id: m.user.id, email: m.email, credits: 0, paid_user: true });
    expect(detail.json.package).toMatchObject({ credits: 150, price_cents: 1995 });

    const entries = await auditOf('payment.refund', id);
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [
        expect.objectContaining({ refunded_cents: 0, credits: 150 }),
        expect.objectContaining({ refunded_cents: 998, credits: 75, credits_taken: 75, reason: 'Half back' }),
      ],
      [
        expect.objectContaining({ refunded_cents: 998, credits: 75 }),
        expect.objectContaining({ refunded_cents: 1995, credits: 0, credits_taken: 75, reason: 'The rest' }),
      ],
    ]);
    expect(entries.every((e) => e.member_user_id === m.user.id && e.site_id === siteA.id)).toBe(true);
    expect((await auditOf('payment.view', id)).length).toBeGreaterThan(0);
  });

  it('records a refund of `npm run payments -- refund` as the command line in the audit log', async () => {
    const m = await member();
    const id = await paidPayment(m.browser, packagesA[0]!);
    const deps = buildAppDeps({ db: db(), clock: systemClock, config: loadConfig({}) });
    // The same call the command makes (cli/payments.ts).
    const result = await refundPayment(deps, { paymentId: id, cents: 100, who: COMMAND_LINE });
    expect(result.refund.amount_cents).toBe(100);
    const [entry] = await auditOf('payment.refund', id);
    expect(entry).toMatchObject({ staff_id: null, staff_email: 'command line', member_user_id: m.user.id });
    expect(entry?.after).toMatchObject({ refunded_cents: 100, amount_cents: 100 });
    expect(await balanceAndLedger(db(), m.user.id)).toEqual({
      credits: 60 - result.creditsTaken,
      ledger: 60 - result.creditsTaken,
    });
  });

  it("shows our own state with an unavailable flag when the provider cannot tell the payment's state", async () => {
    const m = await member();
    const unknown = await createPayment(db(), {
      siteId: siteA.id,
      userId: m.user.id,
      packageId: packagesA[1]!,
      provider_payment_id: 'tst_unknown_to_the_provider',
    });
    const other = await createPayment(db(), {
      siteId: siteA.id,
      userId: m.user.id,
      packageId: packagesA[1]!,
      provider: 'mollie',
      provider_payment_id: 'tr_elsewhere',
    });
    const failing = await admin.get(`/api/admin/payment.php?id=${unknown.id}`);
    expect(failing.status).toBe(200);
    expect(failing.json.payment.status).toBe('paid');
    expect(failing.json.provider).toMatchObject({ available: false, reason: 'error', status: null });
    const elsewhere = await admin.get(`/api/admin/payment.php?id=${other.id}`);
    expect(elsewhere.json.provider).toMatchObject({ available: false, reason: 'other_provider' });
    expect(elsewhere.json.refundable_cents).toBe(0);
    const refused = await admin.post('/api/admin/payment-refund.php', { id: other.id, reason: 'x' });
    expect(refused.status).toBe(400);
    expect(await auditOf('payment.refund', other.id)).toHaveLength(0);
  });

  it("answers a complaint: status answered, a mail in the member's language, the answer on /complaints", async () => {
    const m = await member({ language: 'en' });
    const id = await paidPayment(m.browser, packagesA[0]!);
    const filed = await m.browser.post('/api/complaints.php', {
      topic: 'payment',
      text: 'I paid but I want my money back, please.',
      payment_id: id,
    });
    expect(filed.status).toBe(200);
    const complaintId: number = filed.json.id;

    const queue = await admin.get(`/api/admin/complaints.php?site_id=${siteA.id}&status=new`);
    const line = queue.json.complaints.find((c: { id: number }) => c.id === complaintId);
    expect(line).toMatchObject({
      status: 'new',
      topic: 'payment',
      payment_id: id,
      excerpt: 'I paid but I want my money back, please.',
      member: { id: m.user.id, email: m.email, name: m.profile.name },
    });

    const support = await staffBrowser('support', [siteA.id]);
    const viewed = await support.get(`/api/admin/complaint.php?id=${complaintId}`);
    expect(viewed.json).toMatchObject({
      complaint: { id: complaintId, status: 'new', answer: null },
      member: { id: m.user.id, language: 'en' },
      payment: { id, status: 'paid', refunded_cents: 0 },
    });
    expect(await auditOf('complaint.view', complaintId)).toHaveLength(1);

    // A status without an answer is not an answer; an empty change is nothing.
    expect((await support.put('/api/admin/complaint.php', { id: complaintId, status: 'answered' })).status).toBe(400);
    expect((await support.put('/api/admin/complaint.php', { id: complaintId })).status).toBe(400);
    expect((await support.put('/api/admin/complaint.php', { id: complaintId, answer: ' ' })).status).toBe(400);

    const taken = await support.put('/api/admin/complaint.php', { id: complaintId, status: 'in_progress' });
    expect(taken.status).toBe(200);
    expect(taken.json).toMatchObject({ complaint: { status: 'in_progress' }, mailed: false });
    expect((await m.browser.get('/api/complaints.php')).json.complaints[0]).toMatchObject({
      id: complaintId,
      status: 'in_progress',
      answer: null,
    });

    const answer = 'We have refunded your payment. The credits were taken back.';
    const answered = await support.put('/api/admin/complaint.php', { id: complaintId, answer });
    expect(answered.status).toBe(200);
    expect(answered.json).toMatchObject({ mailed: true, complaint: { status: 'answered', answer } });
    expect(answered.json.complaint.answered_at).not.toBeNull();
    expect(answered.json.complaint.answered_by).toMatch(/^support-/);

    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, m.email), eq(outbox.kind, 'complaint_answered')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`An answer to your complaint on ${siteA.name}`);
    expect(mails[0]?.text).toContain(answer);
    expect(mails[0]?.text).toContain('Our team has answered your complaint "a payment"');
    expect(mails[0]?.text).toContain('/complaints');

    const own = await m.browser.get('/api/complaints.php');
    expect(own.json.complaints[0]).toMatchObject({ id: complaintId, status: 'answered', answer });
    expect(own.json.complaints[0].answered_at).not.toBeNull();

    // The same answer again changes, mails and audits nothing.
    const again = await support.put('/api/admin/complaint.php', { id: complaintId, answer });
    expect(again.json.mailed).toBe(false);
    const updates = await auditOf('complaint.update', complaintId);
    expect(
      updates.map((e) => [(e.before as { status: string }).status, (e.after as { status: string }).status]),
    ).toEqual([
      ['new', 'in_progress'],
      ['in_progress', 'answered'],
    ]);
    expect(updates[1]?.after).toMatchObject({ answer });
    expect(updates.every((e) => e.member_user_id === m.user.id)).toBe(true);
    expect(
      await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, m.email), eq(outbox.kind, 'complaint_answered'))),
    ).toHaveLength(1);
  });

  it('mails the answer in Dutch to a Dutch member', async () => {
    const m = await member({ language: 'nl' });
    const complaint = await complaintOf(siteA.id, m.user.id);
    const res = await admin.put('/api/admin/complaint.php', { id: complaint.id, answer: 'Het is opgelost.' });
    expect(res.json.mailed).toBe(true);
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, m.email), eq(outbox.kind, 'complaint_answered')));
    expect(mail?.subject).toBe(`Een antwoord op je klacht bij ${siteA.name}`);
    expect(mail?.text).toContain('Het is opgelost.');
  });

  it('keeps the queue in order: unanswered oldest first, then answered newest first', async () => {
    const site = await createSite(db());
    const m = await createMember(db(), site.id);
    const at = (days: number) => new Date(Date.now() - days * DAY);
    const insert = async (status: string, days: number) =>
      (
        await db()
          .insert(complaints)
          .values({
            site_id: site.id,
            user_id: m.user.id,
            topic: 'other',
            text: `Complaint ${days}`,
            status,
            created_at: at(days),
          })
          .returning()
      )[0]!.id;
    const answeredOld = await insert('answered', 9);
    const newNewest = await insert('new', 1);
    const progressOldest = await insert('in_progress', 8);
    const answeredNew = await insert('answered', 2);
    const newOld = await insert('new', 5);
    const queue = await admin.get(`/api/admin/complaints.php?site_id=${site.id}`);
    expect(queue.json.complaints.map((c: { id: number }) => c.id)).toEqual([
      progressOldest,
      newOld,
      newNewest,
      answeredNew,
      answeredOld,
    ]);
    const onlyNew = await admin.get(`/api/admin/complaints.php?site_id=${site.id}&status=new`);
    expect(onlyNew.json.complaints.map((c: { id: number }) => c.id)).toEqual([newOld, newNewest]);
    expect(onlyNew.json).toMatchObject({ page: 1, more: false });
  });

  it('filters payments by state, method, period and member (id or e-mail)', async () => {
    const site = await createSite(db());
    const [pkg] = await seedMoney(db(), site.id);
    const one = await createMember(db(), site.id);
    const two = await createMember(db(), site.id);
    const make = (userId: number, values: Partial<typeof payments.$inferInsert>) =>
      createPayment(db(), { siteId: site.id, userId, packageId: pkg!, ...values });
    const jan = await make(one.user.id, {
      status: 'paid',
      method: 'ideal',
      created_at: new Date('2026-01-15T10:00:00Z'),
    });
    const feb = await make(one.user.id, {
      status: 'failed',
      method: 'paypal',
      created_at: new Date('2026-02-10T23:30:00Z'),
    });
    const mar = await make(two.user.id, {
      status: 'paid',
      method: 'paypal',
      created_at: new Date('2026-03-01T08:00:00Z'),
    });
    const ids = async (query: string) => {
      const res = await admin.get(`/api/admin/payments.php?site_id=${site.id}${query}`);
      expect(res.status, `${query} ${JSON.stringify(res.json)}`).toBe(200);
      return res.json.payments.map((p: { id: number }) => p.id);
    };
    expect(await ids('')).toEqual([mar.id, feb.id, jan.id]);
    expect(await ids('&status=paid')).toEqual([mar.id, jan.id]);
    expect(await ids('&method=paypal')).toEqual([mar.id, feb.id]);
    expect(await ids('&status=paid&method=paypal')).toEqual([mar.id]);
    expect(await ids('&from=2026-02-01&to=2026-02-10')).toEqual([feb.id]);
    expect(await ids('&from=2026-02-11')).toEqual([mar.id]);
    expect(await ids('&to=2026-01-31')).toEqual([jan.id]);
    expect(await ids(`&member=${one.user.id}`)).toEqual([feb.id, jan.id]);
    expect(await ids(`&member=${encodeURIComponent(two.email.toUpperCase())}`)).toEqual([mar.id]);
    expect(await ids('&member=nobody%40example.com')).toEqual([]);
    const line = (await admin.get(`/api/admin/payments.php?site_id=${site.id}&status=failed`)).json.payments[0];
    expect(line).toMatchObject({
      id: feb.id,
      site_id: site.id,
      status: 'failed',
      method: 'paypal',
      amount_cents: 1995,
      currency: 'EUR',
      refunded_cents: 0,
      member: { id: one.user.id, email: one.email, name: one.profile.name },
    });
    expect((await admin.get('/api/admin/payments.php?status=unknown')).status).toBe(400);
    expect((await admin.get('/api/admin/payments.php?from=yesterday')).status).toBe(400);
  });
});
