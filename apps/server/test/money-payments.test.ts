import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { debitCredits, recordDebit } from '../src/db/repositories/credit-ledger.js';
import { settleTestProviderPayment } from '../src/db/repositories/test-provider.js';
import { creditLedger, paymentRefunds, payments, users } from '../src/db/schema.js';
import { buildAppDeps } from '../src/deps.js';
import { seedMoney } from '../src/seed/money.js';
import { refundPayment } from '../src/services/money/refund-payment.js';
import { startPayment } from '../src/services/money/start-payment.js';
import { balanceAndLedger, createChatMember } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

const DAY = 86_400_000;

describe.each(dbKinds())('money: payments and the exactly-once credit grant on %s', (kind) => {
  let server: TestServer;
  let site: Awaited<ReturnType<typeof createSite>>;
  let packages: number[]; // 60, 150, 400, 1000 credits (seed/money.ts)
  const db = () => server.database.db;
  const deps = () => buildAppDeps({ db: db(), clock: systemClock, config: loadConfig({}) });
  /** A member who signed up long ago (no welcome or time-bonus discount), logged in. */
  const member = (opts: { credits?: number; paid?: boolean } = {}) =>
    createChatMember(db(), site.id, server.url, {
      credits: opts.credits ?? 0,
      user: { paid_user: opts.paid ?? false, signup_date: new Date(Date.now() - 60 * DAY) },
    });
  const pay = (browser: Browser, body: Record<string, unknown>) => browser.post('/api/payment.php', body);
  const providerId = async (paymentId: number) =>
    (await db().select().from(payments).where(eq(payments.id, paymentId)))[0]?.provider_payment_id as string;
  const webhook = (id: string) =>
    fetch(`${server.url}/api/payment-webhook.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id }).toString(),
    });
  const purchases = (userId: number) =>
    db()
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.user_id, userId), eq(creditLedger.reason, 'purchase')));
  const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

  beforeAll(async () => {
    server = await startTestServer(kind);
    site = await createSite(db(), { is_default: true, refund_days: 14 });
    packages = await seedMoney(db(), site.id);
  });
  afterAll(() => server?.close());

  it('grants once when the webhook arrives 10 times and together with the return GET', async () => {
    const m = await member({ credits: 5 });
    const started = await pay(m.browser, { package: packages[1], method: 'ideal' });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const id = started.json.payment.payment_id;
    expect(started.json.payment).toMatchObject({ status: 'open', credits: 150, amount_cents: 1995, method: 'ideal' });
    const tst = await providerId(id);
    await settleTestProviderPayment(db(), tst, 'paid', ['open'], new Date());

    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => webhook(tst)),
      m.browser.get(`/api/payment.php?payment_id=${id}`),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(11).fill(200));
    for (let i = 0; i < 10; i++) expect((await webhook(tst)).status).toBe(200);

    expect(await purchases(m.user.id)).toHaveLength(1);
    expect((await purchases(m.user.id))[0]).toMatchObject({
      delta: 150,
      balance_after: 155,
      reference: `payment:${id}`,
    });
    expect(await balanceAndLedger(db(), m.user.id)).toEqual({ credits: 155, ledger: 155 });
    const shown = await m.browser.get(`/api/payment.php?payment_id=${id}`);
    expect(shown.json).toMatchObject({ payment_id: id, status: 'paid', credits: 150 });
    expect(shown.json.paid_at).not.toBeNull();
  });

  it.each(['failed', 'canceled', 'expired'])('never grants for a %s payment', async (status) => {
    const m = await member({ credits: 3 });
    const started = await pay(m.browser, { package: packages[0], method: 'creditcard' });
    const id = started.json.payment.payment_id;
    await settleTestProviderPayment(db(), await providerId(id), status, ['open'], new Date());
    expect((await webhook(await providerId(id))).status).toBe(200);
    const shown = await m.browser.get(`/api/payment.php?payment_id=${id}`);
    expect(shown.json.status).toBe(status);
    expect(await purchases(m.user.id)).toHaveLength(0);
    expect(await balanceAndLedger(db(), m.user.id)).toEqual({ credits: 3, ledger: 3 });
    expect((await userRow(m.user.id)).paid_user).toBe(false);
  });

  it('makes the first purchase switch paid_user on; a second purchase keeps it and grants once more', async () => {
    const m = await member();
    expect((await userRow(m.user.id)).paid_user).toBe(false);
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const started = await pay(m.browser, { package: packages[0], method: 'paypal' });
      const id = started.json.payment.payment_id;
      ids.push(id);
      await settleTestProviderPayment(db(), await providerId(id), 'paid', ['open'], new Date());
      await webhook(await providerId(id));
      expect((await userRow(m.user.id)).paid_user).toBe(true);
    }
    await webhook(await providerId(ids[0]!));
    expect((await purchases(m.user.id)).map((r) => r.reference).sort()).toEqual(
      ids.map((id) => `payment:${id}`).sort(),
    );
    expect(await balanceAndLedger(db(), m.user.id)).toEqual({ credits: 120, ledger: 120 });
  });

  it('runs the test provider checkout page end to end over HTTP', async () => {
    const m = await member({ credits: 1 });
    const started = await pay(m.browser, { package: packages[1], method: 'ideal' });
    const id = started.json.payment.payment_id;
    const checkoutUrl: string = started.json.checkout_url;
    expect(checkoutUrl).toMatch(new RegExp(`^${server.url}/test-provider/checkout/tst_`));

    const page = await fetch(checkoutUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Test payment provider</title>');
    expect(html).toContain('€19.95');
    expect(html).toContain(`150 credits (#${id})`);
    for (const label of ['Paid', 'Failed', 'Cancelled', 'Stays pending']) expect(html).toContain(`>${label}</button>`);

    const pending = await fetch(checkoutUrl, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'open' }),
      redirect: 'manual',
    });
    expect(pending.status).toBe(303);
    expect((await m.browser.get(`/api/payment.php?payment_id=${id}`)).json.status).toBe('open');

    const paid = await fetch(checkoutUrl, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'paid' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const location = paid.headers.get('location') as string;
    expect(location).toBe(`${server.url}/credits/${packages[1]}/ideal?payment_id=${id}`);
    // The return URL is a client route (the web client is not built in tests); the API call is what it makes.
    await (await fetch(location)).arrayBuffer();
    const shown = await m.browser.get(`/api/payment.php?payment_id=${id}`);
    expect(shown.json).toMatchObject({ status: 'paid', credits: 150 });
    expect((await m.browser.get('/api/user.php')).json.credits).toBe(151);

    const again = await fetch(checkoutUrl, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'failed' }),
      redirect: 'manual',
    });
    expect(again.status).toBe(303);
    expect((await m.browser.get(`/api/payment.php?payment_id=${id}`)).json.status).toBe('paid');
    expect(await (await fetch(checkoutUrl)).text()).toContain('<strong>paid</strong>');
    expect(await balanceAndLedger(db(), m.user.id)).toEqual({ credits: 151, ledger: 151 });
  });

  it('shows a payment only to its member', async () => {
    const a = await member();
    const b = await member();
    const started = await pay(a.browser, { package: packages[0], method: 'ideal' });
    expect((await b.browser.get(`/api/payment.php?payment_id=${started.json.payment.payment_id}`)).status).toBe(404);
    expect((await b.browser.get('/api/payment.php?payment_id=999999')).status).toBe(404);
    const huge = await b.browser.get('/api/payment.php?payment_id=99999999999');
    expect(huge.status).toBe(400);
    expect(huge.json.error).toBe('validation_failed');
  });

  it('repeats the last paid order for premium members only', async () => {
    const free = await member();
    const refused = await pay(free.browser, { package: packages[0], method: 'ideal', repeat: true });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe('premium_required');

    const premium = await member({ paid: true });
    const none = await pay(premium.browser, { package: packages[0], method: 'ideal', repeat: true });
    expect(none.status).toBe(404);
    expect(none.json.error).toBe('no_previous_order');

    const first = await pay(premium.browser, { package: packages[2], method: 'creditcard' });
    const tst = await providerId(first.json.payment.payment_id);
    await settleTestProviderPayment(db(), tst, 'paid', ['open'], new Date());
    await webhook(tst);
    const overview = await premium.browser.get('/api/credits.php');
    expect(overview.json.last_order).toEqual({ package: packages[2], method: 'creditcard' });
    const repeat = await pay(premium.browser, { package: packages[0], method: 'ideal', repeat: true });
    expect(repeat.status).toBe(200);
    expect(repeat.json.payment).toMatchObject({ package: packages[2], method: 'creditcard', credits: 400 });
  });

  it('refunds: takes the proportional credits back, never below zero, recorded in ledger and payment_refunds', async () => {
    const m = await member();
    const started = await pay(m.browser, { package: packages[1], method: 'ideal' });
    const id = started.json.payment.payment_id;
    const tst = await providerId(id);
    await settleTestProviderPayment(db(), tst, 'paid', ['open'], new Date());
    await webhook(tst);
    expect((await userRow(m.user.id)).credits).toBe(150);

    const half = await refundPayment(deps(), { paymentId: id, cents: 998, reason: 'half' });
    expect(half).toMatchObject({ creditsTaken: 75, balance: 75 });
    // The member spends 50 of the 75 left: the rest of the refund wants 75 but only 25 are there.
    await db().transaction(async (tx) => {
      const after = await debitCredits(tx, m.user.id, 50);
      await recordDebit(tx, {
        userId: m.user.id,
        cost: 50,
        balanceAfter: after!,
        reason: 'message',
        reference: 'message:test',
        now: new Date(),
      });
    });
    const rest = await refundPayment(deps(), { paymentId: id });
    expect(rest).toMatchObject({ creditsTaken: 25, balance: 0 });
    expect(rest.refund.amount_cents).toBe(997);
    expect(rest.payment.refunded_cents).toBe(1995);

    const refunds = await db().select().from(paymentRefunds).where(eq(paymentRefunds.payment_id, id));
    expect(refunds.map((r) => [r.amount_cents, r.credits_taken, r.reason])).toEqual([
      [998, 75, 'half'],
      [997, 25, null],
    ]);
    const ledger = await db()
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.user_id, m.user.id), eq(creditLedger.reason, 'refund')));
    expect(ledger.map((r) => [r.delta, r.balance_after, r.reference])).toEqual([
      [-75, 75, `payment:${id}`],
      [-25, 0, `payment:${id}`],
    ]);
    expect(await balanceAndLedger(db(), m.user.id)).toEqual({ credits: 0, ledger: 0 });
    await expect(refundPayment(deps(), { paymentId: id, cents: 1 })).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });

  it('refuses a package of another site (not_found) and a method the provider lacks', async () => {
    const other = await createSite(db());
    const [foreign] = await seedMoney(db(), other.id);
    const m = await member();
    const res = await pay(m.browser, { package: foreign, method: 'ideal' });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe('not_found');
    for (const method of ['sofort', 'sdd']) {
      const refused = await pay(m.browser, { package: packages[0], method });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ error: 'payment_method_unavailable' });
    }
    expect((await pay(m.browser, { package: packages[0], method: 'ideal' })).status).toBe(200);
    expect(
      (await m.browser.post('/api/payment.php', { package: packages[0], method: 'ideal' }, { clientHeader: false }))
        .status,
    ).toBe(403);
  });

  it("does not let a member's session pay on another site (its packages, prices and discounts)", async () => {
    const other = await createSite(db());
    const [foreign] = await seedMoney(db(), other.id);
    const m = await member();
    const elsewhere = new Browser(server.url, other.domain);
    const headers = { cookie: `sid=${m.browser.cookie('sid')}` };
    const res = await elsewhere.request('POST', '/api/payment.php', { package: foreign, method: 'ideal' }, { headers });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe('authentication_required');
    expect((await elsewhere.request('GET', '/api/transactions.php', undefined, { headers })).status).toBe(403);
    expect(await db().select().from(payments).where(eq(payments.user_id, m.user.id))).toHaveLength(0);
  });

  it('settles a direct debit (sdd, confirmed mandate) at once and grants once', async () => {
    const m = await member();
    const { payment } = await startPayment(deps(), {
      site,
      user: await userRow(m.user.id),
      packageId: packages[0]!,
      method: 'sdd',
      flow: 'direct_debit',
    });
    expect(payment.status).toBe('paid');
    await new Promise((r) => setTimeout(r, 200)); // the test provider's webhook follows
    await webhook(payment.provider_payment_id as string);
    expect(await purchases(m.user.id)).toHaveLength(1);
    expect(await balanceAndLedger(db(), m.user.id)).toEqual({ credits: 60, ledger: 60 });
  });

  it('does not offer a paid direct debit as the order to repeat (it needs a new SMS-confirmed mandate)', async () => {
    const m = await member({ paid: true });
    await startPayment(deps(), {
      site,
      user: await userRow(m.user.id),
      packageId: packages[0]!,
      method: 'sdd',
      flow: 'direct_debit',
    });
    const overview = await m.browser.get('/api/credits.php');
    expect(overview.json.last_order).toBeNull();
  });

  it('keeps a direct debit started when the provider cannot be read right after creating it', async () => {
    const m = await member();
    const d = deps();
    const getPayment = vi.spyOn(d.payments.forSite(site.id), 'getPayment').mockRejectedValueOnce(new Error('timeout'));
    const { payment } = await startPayment(d, {
      site,
      user: await userRow(m.user.id),
      packageId: packages[0]!,
      method: 'sdd',
      flow: 'direct_debit',
    });
    expect(getPayment).toHaveBeenCalledOnce();
    expect(payment).toMatchObject({ status: 'open', flow: 'direct_debit' });
    expect(payment.provider_payment_id).toMatch(/^tst_/);
    // The provider's webhook follows and settles it. The test provider's own call may come before the
    // provider id was stored (then it finds nothing, as the webhook of an unknown id); providers retry,
    // which is this call.
    await webhook(payment.provider_payment_id as string);
    expect(await purchases(m.user.id)).toHaveLength(1);
    expect(await balanceAndLedger(db(), m.user.id)).toEqual({ credits: 60, ledger: 60 });
  });

  it('answers the webhook 200 for unknown ids, JSON bodies and without the client header', async () => {
    expect((await webhook('tst_unknown')).status).toBe(200);
    const json = await fetch(`${server.url}/api/payment-webhook.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'tr_unknown' }),
    });
    expect(json.status).toBe(200);
    expect((await fetch(`${server.url}/api/payment-webhook.php`, { method: 'POST' })).status).toBe(200);
    const text = await fetch(`${server.url}/api/payment-webhook.php`, { method: 'POST', body: 'id=tst_x' });
    expect(text.status).toBe(200);
  });

  it('shows packages, methods (with sdd), costs and refund_days; discount and last_order null for visitors', async () => {
    const visitor = await new Browser(server.url).get('/api/credits.php');
    const body = visitor.json;
    expect(visitor.status).toBe(200);
    expect(body.packages.map((p: { credits: number }) => p.credits)).toEqual([60, 150, 400, 1000]);
    expect(body.packages[1]).toMatchObject({
      price_cents: 1995,
      currency: 'EUR',
      per_credit_cents: 13.3,
      highlighted: true,
    });
    expect(body.methods).toContain('ideal');
    expect(body.methods.at(-1)).toBe('sdd');
    expect(body.methods).not.toContain('sofort');
    expect(body).toMatchObject({ discount: null, last_order: null, refund_days: 14 });
    expect(body.costs).toEqual({ message: site.message_credits, photo: site.photo_credits, gift: site.gift_credits });
  });
});
