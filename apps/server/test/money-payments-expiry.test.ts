import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { creditLedger, payments, testProviderPayments, users } from '../src/db/schema.js';
import { buildAppDeps } from '../src/deps.js';
import { seedMoney } from '../src/seed/money.js';
import { CHECKOUT_OPEN_HOURS, expireStalePayments } from '../src/services/money/expire-payments.js';
import { createChatMember } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createSite } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const DAY = 86_400_000;

describe.each(dbKinds())('money: payments that stay open expire on %s', (kind) => {
  let server: TestServer;
  let siteId: number;
  let packageId: number;
  const clock = new ManualClock(new Date());
  const db = () => server.database.db;
  const deps = () => buildAppDeps({ db: db(), clock, config: loadConfig({}) });
  const member = () =>
    createChatMember(db(), siteId, server.url, { credits: 0, user: { signup_date: new Date(Date.now() - 60 * DAY) } });
  const paymentRow = async (id: number) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
  const providerRow = async (id: string) =>
    (await db().select().from(testProviderPayments).where(eq(testProviderPayments.id, id)))[0]!;
  const purchases = (userId: number) =>
    db()
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.user_id, userId), eq(creditLedger.reason, 'purchase')));
  const checkout = (url: string, outcome: string) =>
    fetch(url, { method: 'POST', body: new URLSearchParams({ outcome }), redirect: 'manual' });

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    siteId = (await createSite(db(), { is_default: true })).id;
    [packageId] = (await seedMoney(db(), siteId)) as [number];
  });
  afterAll(() => server?.close());

  it('expires open test-provider payments older than the limit, grants nothing, leaves paid and young ones', async () => {
    const [stale, paid, young] = [await member(), await member(), await member()];
    const staleStart = await stale.browser.post('/api/payment.php', { package: packageId, method: 'ideal' });
    expect(staleStart.status, JSON.stringify(staleStart.json)).toBe(200);
    const paidStart = await paid.browser.post('/api/payment.php', { package: packageId, method: 'ideal' });
    expect((await checkout(paidStart.json.checkout_url, 'paid')).status).toBe(303);
    // A payment whose provider id was never stored (the process stopped while creating it).
    const [orphan] = await db()
      .insert(payments)
      .values({
        site_id: siteId,
        user_id: stale.user.id,
        package_id: packageId,
        credits: 60,
        amount_cents: 995,
        original_cents: 995,
        currency: 'EUR',
        method: 'ideal',
        provider: 'test',
        created_at: clock.now(),
        updated_at: clock.now(),
      })
      .returning();

    clock.advance(CHECKOUT_OPEN_HOURS * 3600 + 60);
    const youngStart = await young.browser.post('/api/payment.php', { package: packageId, method: 'ideal' });
    expect(youngStart.status).toBe(200);

    expect(await expireStalePayments(deps())).toBe(2);
    const staleId = staleStart.json.payment.payment_id as number;
    const staleRow = await paymentRow(staleId);
    expect(staleRow.status).toBe('expired');
    expect((await providerRow(staleRow.provider_payment_id!)).status).toBe('expired');
    expect((await paymentRow(orphan!.id)).status).toBe('expired');
    expect((await paymentRow(paidStart.json.payment.payment_id)).status).toBe('paid');
    expect((await paymentRow(youngStart.json.payment.payment_id)).status).toBe('open');
    expect(await purchases(stale.user.id)).toHaveLength(0);
    expect(await purchases(paid.user.id)).toHaveLength(1);

    // A payer who comes back to the checkout page after the expiry cannot pay any more.
    expect((await checkout(staleStart.json.checkout_url, 'paid')).status).toBe(303);
    expect((await paymentRow(staleId)).status).toBe('expired');
    const [staleUser] = await db().select().from(users).where(eq(users.id, stale.user.id));
    expect(staleUser).toMatchObject({ credits: 0, paid_user: false });
    expect(await purchases(stale.user.id)).toHaveLength(0);

    // A second run finds nothing; the young payment expires once older than the limit (exactly the limit is not).
    expect(await expireStalePayments(deps())).toBe(0);
    clock.advance(CHECKOUT_OPEN_HOURS * 3600);
    expect(await expireStalePayments(deps())).toBe(0);
    clock.advance(1);
    expect(await expireStalePayments(deps())).toBe(1);
    expect((await paymentRow(youngStart.json.payment.payment_id)).status).toBe('expired');
    expect(await purchases(young.user.id)).toHaveLength(0);
  });
});
