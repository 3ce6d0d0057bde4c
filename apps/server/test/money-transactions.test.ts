import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import type { SiteRow } from '../src/db/repositories/sites.js';
import { complaints, outbox } from '../src/db/schema.js';
import { seedMoney } from '../src/seed/money.js';
import { createChatMember } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createLedgerRow, createPayment } from './helpers/discount-factories.js';
import { createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

describe.each(dbKinds())('money: transactions, invoices and complaints on %s', (kind) => {
  const clock = new ManualClock(new Date('2026-03-02T10:00:00Z'));
  let server: TestServer;
  let site: SiteRow;
  let packages: number[];
  const db = () => server.database.db;
  const at = (minutes: number) => new Date(Date.parse('2026-03-01T12:00:00Z') + minutes * 60_000);
  const member = () => createChatMember(db(), site.id, server.url, { credits: 0, user: { paid_user: true } });
  type PaymentOpts = Omit<Parameters<typeof createPayment>[1], 'siteId' | 'userId' | 'packageId'>;
  const payment = (userId: number, opts: PaymentOpts) =>
    createPayment(db(), { siteId: site.id, userId, packageId: packages[1]!, ...opts });

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    site = await createSite(db(), { is_default: true, name: 'Flirt Test', refund_days: 14 });
    packages = await seedMoney(db(), site.id);
  });
  afterAll(() => server?.close());

  it('lists every ledger row newest first, purchases linked to their payment, and every payment', async () => {
    const a = await member();
    const other = await member();
    const failed = await payment(a.user.id, { status: 'failed', created_at: at(5), amount_cents: 995, credits: 60 });
    const paid = await payment(a.user.id, { created_at: at(10), amount_cents: 1496, discount_percentage: 25 });
    const foreign = await payment(other.user.id, { created_at: at(11) });
    await createLedgerRow(db(), {
      userId: a.user.id,
      delta: 20,
      balanceAfter: 20,
      reason: 'signup_credits',
      at: at(0),
    });
    const purchase = { delta: 150, balanceAfter: 170, reason: 'purchase', reference: `payment:${paid.id}` };
    await createLedgerRow(db(), { userId: a.user.id, ...purchase, at: at(11) });
    await createLedgerRow(db(), {
      ...{ userId: a.user.id, delta: -10, balanceAfter: 160, reason: 'message', reference: 'message:7' },
      at: at(20),
    });
    await createLedgerRow(db(), {
      ...{ userId: a.user.id, delta: 5, balanceAfter: 165, reason: 'refund', reference: `payment:${foreign.id}` },
      at: at(30),
    });

    const res = await a.browser.get('/api/transactions.php');
    expect(res.status).toBe(200);
    expect(res.json.entries.map((e: { reason: string }) => e.reason)).toEqual([
      'refund',
      'message',
      'purchase',
      'signup_credits',
    ]);
    expect(res.json.entries[0]).toMatchObject({ payment_id: null, amount_cents: null, currency: null });
    expect(res.json.entries[1]).toMatchObject({ credits: -10, balance_after: 160, payment_id: null });
    expect(res.json.entries[2]).toMatchObject({
      credits: 150,
      balance_after: 170,
      payment_id: paid.id,
      amount_cents: 1496,
      currency: 'EUR',
      date: at(11).toISOString(),
    });
    expect(res.json.payments).toEqual([
      expect.objectContaining({ payment_id: paid.id, status: 'paid', amount_cents: 1496, discount_percentage: 25 }),
      expect.objectContaining({ payment_id: failed.id, status: 'failed', credits: 60, paid_at: null }),
    ]);
    expect((await new Browser(server.url).get('/api/transactions.php')).status).toBe(403);
  });

  it('issues an invoice for an own paid payment with the VAT split, and 404 for anything else', async () => {
    const a = await member();
    const other = await member();
    const paid = await payment(a.user.id, { amount_cents: 1496, created_at: new Date('2025-12-31T23:30:00Z') });
    const open = await payment(a.user.id, { status: 'open' });
    const foreign = await payment(other.user.id, {});

    const res = await a.browser.get(`/api/invoice.php?payment_id=${paid.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      // Paid at 00:30 on 1 January in Amsterdam: an invoice of 2026.
      number: `${site.id}-2026-${String(paid.id).padStart(6, '0')}`,
      date: '2025-12-31T23:30:00.000Z',
      vat_percentage: 21,
      net_cents: 1236,
      vat_cents: 260,
      refunded_cents: 0,
      site: 'Flirt Test',
      company: { name: 'Test B.V.', address: 'Teststraat 1', city: 'Utrecht', country: 'NL', kvk: '12345678' },
      customer: { email: a.email, name: a.profile.name },
    });
    expect(res.json.payment).toMatchObject({ payment_id: paid.id, amount_cents: 1496, status: 'paid' });
    for (const id of [open.id, foreign.id, 999_999]) {
      const refused = await a.browser.get(`/api/invoice.php?payment_id=${id}`);
      expect(refused.status).toBe(404);
      expect(refused.json.error).toBe('not_found');
    }
  });

  it('stores a complaint about an own payment and mails the confirmation to the outbox', async () => {
    const a = await member();
    const paid = await payment(a.user.id, {});
    const res = await a.browser.post('/api/complaints.php', {
      topic: 'payment',
      text: 'Mijn credits zijn niet bijgeschreven.',
      payment_id: paid.id,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: expect.any(Number), refund_days: 14 });
    const [stored] = await db().select().from(complaints).where(eq(complaints.id, res.json.id));
    expect(stored).toMatchObject({ user_id: a.user.id, site_id: site.id, topic: 'payment', payment_id: paid.id });
    expect(stored?.status).toBe('new');
    const mails = await db().select().from(outbox).where(eq(outbox.recipient, a.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'complaint_received', sent_at: null });
    expect(mails[0]?.subject).toBe(`Je klacht bij Flirt Test is ontvangen (nummer ${res.json.id})`);
    expect(mails[0]?.text).toContain(
      `We hebben je klacht over een betaling ontvangen. Je klachtnummer is ${res.json.id}.`,
    );
    expect(mails[0]?.text).toContain('annuleringstermijn voor terugbetaling van 14 dagen');

    await a.browser.post('/api/complaints.php', { topic: 'technical', text: 'De chat laadt niet op mijn telefoon.' });
    const list = await a.browser.get('/api/complaints.php');
    expect(list.json.complaints.map((c: { topic: string }) => c.topic)).toEqual(['technical', 'payment']);
    expect(list.json.complaints[1]).toMatchObject({ id: res.json.id, status: 'new', payment_id: paid.id });
  });

  it("refuses a complaint about another member's payment and a visitor's complaint", async () => {
    const a = await member();
    const other = await member();
    const foreign = await payment(other.user.id, {});
    const body = { topic: 'payment', text: 'Dit is niet mijn betaling.', payment_id: foreign.id };
    const res = await a.browser.post('/api/complaints.php', body);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('validation_failed');
    expect(await db().select().from(complaints).where(eq(complaints.user_id, a.user.id))).toHaveLength(0);
    expect(await db().select().from(outbox).where(eq(outbox.recipient, a.email))).toHaveLength(0);
    expect((await new Browser(server.url).post('/api/complaints.php', { ...body, payment_id: undefined })).status).toBe(
      403,
    );
  });
});
