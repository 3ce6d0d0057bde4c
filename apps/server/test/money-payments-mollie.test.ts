/**
 * Mollie through @mollie/api-client against a fake Mollie API on 127.0.0.1. The client only speaks
 * HTTPS (its agent is an https.Agent pinned to its own CA bundle), so the fake serves a self-signed
 * certificate made with openssl and this test file's worker accepts it (NODE_TLS_REJECT_UNAUTHORIZED).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, directDebitMandates } from '../src/db/schema.js';
import { MolliePaymentProvider, methodFromMollie, statusFromMollie } from '../src/payments/mollie-provider.js';
import { seedMoney } from '../src/seed/money.js';
import { balanceAndLedger, createChatMember } from './helpers/chat-factories.js';
import { createSite } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const API_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';

interface FakePayment {
  id: string;
  status: string;
  amount: { value: string; currency: string };
  method: string | null;
  description: string;
  redirectUrl: string;
  webhookUrl: string;
  metadata: unknown;
  sequenceType?: string;
  customerId?: string;
  mandateId?: string;
}

interface FakeMandate {
  id: string;
  customerId: string;
  method: string;
  status: string;
  details: { consumerName: string; consumerAccount: string; consumerBic: string };
}

/** A fake of the parts of Mollie's v2 API the provider uses; records every request. */
function fakeMollie(cert: { key: Buffer; cert: Buffer }) {
  const payments = new Map<string, FakePayment>();
  const customers = new Map<string, { id: string; name: string; metadata: unknown }>();
  const mandates = new Map<string, FakeMandate>();
  const mandateJson = (m: FakeMandate) => ({
    resource: 'mandate',
    mode: 'test',
    signatureDate: null,
    mandateReference: null,
    createdAt: '2026-01-01T00:00:00+00:00',
    ...m,
    _links: { self: { href: `https://api.mollie.com/v2/customers/${m.customerId}/mandates/${m.id}` } },
  });
  const requests: { method: string; url: string; body: unknown; auth: string | undefined }[] = [];
  const json = (p: FakePayment) => ({
    resource: 'payment',
    mode: 'test',
    createdAt: '2026-01-01T00:00:00+00:00',
    ...p,
    _links: {
      self: { href: `https://api.mollie.com/v2/payments/${p.id}`, type: 'application/hal+json' },
      ...(p.status === 'open'
        ? { checkout: { href: `https://www.mollie.com/checkout/${p.id}`, type: 'text/html' } }
        : {}),
    },
  });
  const server = https.createServer(cert, (req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : undefined;
      const url = req.url ?? '';
      requests.push({ method: req.method ?? '', url, body, auth: req.headers.authorization });
      const send = (status: number, data: unknown) => {
        res.writeHead(status, { 'content-type': 'application/hal+json' });
        res.end(JSON.stringify(data));
      };
      const refund = url.match(/^\/v2\/payments\/(tr_\w+)\/refunds$/);
      const one = url.match(/^\/v2\/payments\/(tr_\w+)$/);
      const customerMandates = url.match(/^\/v2\/customers\/(cst_\w+)\/mandates(\?.*)?$/);
      if (req.method === 'POST' && url === '/v2/payments') {
        if (body.sequenceType === 'recurring') {
          // Mollie collects a recurring payment only with a valid mandate of that customer.
          const mandate = mandates.get(body.mandateId);
          if (
            !customers.has(body.customerId) ||
            mandate?.customerId !== body.customerId ||
            mandate?.status !== 'valid'
          ) {
            return send(422, { status: 422, title: 'Unprocessable Entity', detail: 'No valid mandate' });
          }
        }
        // A recurring direct debit has no checkout: it is pending until the bank settles it.
        const status = body.sequenceType === 'recurring' ? 'pending' : 'open';
        const p: FakePayment = { id: `tr_${payments.size + 1}`, status, ...body };
        payments.set(p.id, p);
        return send(201, json(p));
      }
      if (req.method === 'POST' && url === '/v2/customers') {
        const c = { id: `cst_${customers.size + 1}`, name: body.name, metadata: body.metadata };
        customers.set(c.id, c);
        return send(201, { resource: 'customer', mode: 'test', ...c, _links: {} });
      }
      if (customerMandates?.[1] && customers.has(customerMandates[1])) {
        const customerId = customerMandates[1];
        if (req.method === 'POST') {
          const m: FakeMandate = {
            id: `mdt_${mandates.size + 1}`,
            customerId,
            method: body.method,
            status: 'valid',
            details: {
              consumerName: body.consumerName,
              consumerAccount: body.consumerAccount,
              consumerBic: 'ABNANL2A',
            },
          };
          mandates.set(m.id, m);
          return send(201, mandateJson(m));
        }
        const own = [...mandates.values()].filter((m) => m.customerId === customerId).map(mandateJson);
        return send(200, { count: own.length, _embedded: { mandates: own }, _links: {} });
      }
      if (req.method === 'GET' && one?.[1] && payments.has(one[1])) return send(200, json(payments.get(one[1])!));
      if (req.method === 'POST' && refund?.[1]) {
        return send(201, {
          resource: 'refund',
          id: 're_1',
          amount: body.amount,
          status: 'pending',
          paymentId: refund[1],
        });
      }
      if (req.method === 'GET' && url.startsWith('/v2/methods')) {
        const ids = ['ideal', 'creditcard', 'directdebit', 'banktransfer', 'klarna', 'applepay'];
        const methods = ids.map((id) => ({ resource: 'method', id, description: id, _links: {} }));
        return send(200, { count: methods.length, _embedded: { methods }, _links: {} });
      }
      return send(404, { status: 404, title: 'Not Found', detail: 'No such resource' });
    });
  });
  return { server, payments, customers, mandates, requests };
}

describe('money: Mollie provider against a fake Mollie API', () => {
  let fake: ReturnType<typeof fakeMollie>;
  let endpoint: string;
  let server: TestServer;
  const previousTls = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  let shop: Promise<{ site: Awaited<ReturnType<typeof createSite>>; pkg: number }> | undefined;
  /** The server's default site and its cheapest package (60 credits), made once. */
  const defaultShop = () =>
    (shop ??= (async () => {
      const site = await createSite(server.database.db, { is_default: true });
      const [pkg] = await seedMoney(server.database.db, site.id);
      return { site, pkg: pkg as number };
    })());

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fake-mollie-'));
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
      ],
      {
        stdio: 'ignore',
      },
    );
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    fake = fakeMollie({ key: readFileSync(key), cert: readFileSync(cert) });
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const address = fake.server.address();
    endpoint = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v2/`;
    server = await startTestServer('pglite', { env: { MOLLIE_API_KEY: API_KEY, MOLLIE_API_ENDPOINT: endpoint } });
  });
  afterAll(async () => {
    await server?.close();
    fake?.server.close();
    if (previousTls === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previousTls;
  });

  it('maps Mollie method names and states to those of SPEC.md 9 and 6', () => {
    expect(['directdebit', 'banktransfer', 'ideal', 'applepay', 'klarna', null].map(methodFromMollie)).toEqual([
      'sdd',
      'sct',
      'ideal',
      'applepay',
      null,
      null,
    ]);
    expect(['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'].map(statusFromMollie)).toEqual([
      'open',
      'pending',
      'pending',
      'paid',
      'failed',
      'canceled',
      'expired',
    ]);
  });

  it('creates, reads and refunds payments and lists methods through the client', async () => {
    const mollie = new MolliePaymentProvider(API_KEY, endpoint);
    const created = await mollie.createPayment({
      amountCents: 1995,
      currency: 'EUR',
      description: 'Site: 150 credits (#1)',
      method: 'sct',
      redirectUrl: 'https://site.example/credits/2/sct?payment_id=1',
      webhookUrl: 'https://site.example/api/payment-webhook.php',
      metadata: { payment_id: 1 },
    });
    expect(created).toEqual({ id: 'tr_1', checkoutUrl: 'https://www.mollie.com/checkout/tr_1' });
    const sent = fake.requests.find((r) => r.method === 'POST' && r.url === '/v2/payments');
    expect(sent?.auth).toBe(`Bearer ${API_KEY}`);
    expect(sent?.body).toMatchObject({
      amount: { value: '19.95', currency: 'EUR' },
      method: 'banktransfer',
      metadata: { payment_id: 1 },
    });

    fake.payments.get('tr_1')!.status = 'authorized';
    fake.payments.get('tr_1')!.method = 'directdebit';
    expect(await mollie.getPayment('tr_1')).toEqual({
      id: 'tr_1',
      status: 'pending',
      method: 'sdd',
      amountCents: 1995,
    });
    expect(await mollie.createRefund('tr_1', 500)).toEqual({ id: 're_1' });
    expect(fake.requests.at(-1)?.body).toMatchObject({ amount: { value: '5.00', currency: 'EUR' } });

    expect(await mollie.listMethods(995, 'EUR')).toEqual(['ideal', 'creditcard', 'sdd', 'sct', 'applepay']);
    const listed = fake.requests.find((r) => r.url.startsWith('/v2/methods'));
    expect(decodeURIComponent(listed?.url ?? '')).toContain('amount[value]=9.95');
    expect(listed?.url).toContain('includeWallets=applepay');
  });

  it('runs a payment of the server through Mollie: checkout URL, webhook, one grant', async () => {
    const db = server.database.db;
    const { site, pkg } = await defaultShop();
    const m = await createChatMember(db, site.id, server.url, {
      credits: 0,
      user: { signup_date: new Date(Date.now() - 60 * 86_400_000) },
    });
    const overview = await m.browser.get('/api/credits.php');
    expect(overview.json.methods).toEqual(['ideal', 'creditcard', 'sct', 'applepay', 'sdd']);
    expect((await m.browser.post('/api/payment.php', { package: pkg, method: 'paypal' })).json.error).toBe(
      'payment_method_unavailable',
    );

    const started = await m.browser.post('/api/payment.php', { package: pkg, method: 'ideal' });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const id = started.json.payment.payment_id;
    const mollieId = started.json.checkout_url.split('/').at(-1);
    expect(started.json.checkout_url).toBe(`https://www.mollie.com/checkout/${mollieId}`);
    expect(fake.payments.get(mollieId)).toMatchObject({
      redirectUrl: `${server.url}/credits/${pkg}/ideal?payment_id=${id}`,
      webhookUrl: `${server.url}/api/payment-webhook.php`,
      metadata: { payment_id: id },
    });
    expect((await fetch(`${server.url}/test-provider/checkout/${mollieId}`)).status).toBe(404);

    fake.payments.get(mollieId)!.status = 'paid';
    const hook = () =>
      fetch(`${server.url}/api/payment-webhook.php`, { method: 'POST', body: new URLSearchParams({ id: mollieId }) });
    expect((await Promise.all([hook(), hook(), hook()])).map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await m.browser.get(`/api/payment.php?payment_id=${id}`)).json.status).toBe('paid');
    const rows = await db.select().from(creditLedger).where(eq(creditLedger.user_id, m.user.id));
    expect(rows.map((r) => [r.reason, r.delta, r.reference])).toEqual([['purchase', 60, `payment:${id}`]]);
    expect(await balanceAndLedger(db, m.user.id)).toEqual({ credits: 60, ledger: 60 });
  });

  it('runs a direct debit through Mollie: form, SMS code, confirm, customer and mandate, recurring payment, webhook, one grant', async () => {
    const db = server.database.db;
    const { site, pkg } = await defaultShop();
    const m = await createChatMember(db, site.id, server.url, {
      credits: 0,
      user: { signup_date: new Date(Date.now() - 60 * 86_400_000) },
    });
    /** Form → SMS code from the outbox → confirm, as the member does it on /directdebit. */
    const directDebit = async (phone: string, iban: string) => {
      const form = { package: pkg, account_holder: 'J. de Vries', iban, street: 'Dorpsstraat', house_number: '12' };
      const started = await m.browser.post('/api/directdebit.php', { ...form, zip: '1234 AB', city: 'Utrecht', phone });
      expect(started.status, JSON.stringify(started.json)).toBe(200);
      const sms = await m.browser.get(`/dev/outbox.json?to=${phone}`);
      const code = /\b(\d{6})\b/.exec(sms.json[0]?.text ?? '')?.[1];
      const confirmed = await m.browser.post('/api/directdebit-confirm.php', {
        mandate: started.json.mandate,
        otp: code,
      });
      expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
      return { mandate: started.json.mandate as number, payment: confirmed.json.payment };
    };

    const first = await directDebit('+31611112222', 'nl91 abna 0417 1643 00');
    expect(first.payment).toMatchObject({ status: 'pending', method: 'sdd', credits: 60 });
    const [customer] = [...fake.customers.values()];
    expect(customer).toMatchObject({ name: 'J. de Vries', metadata: { payment_id: first.payment.payment_id } });
    const [mandate] = [...fake.mandates.values()];
    expect(mandate).toMatchObject({
      customerId: customer?.id,
      method: 'directdebit',
      details: { consumerName: 'J. de Vries', consumerAccount: 'NL91ABNA0417164300' },
    });
    const mollieId = [...fake.payments.values()].find((p) => p.mandateId === mandate?.id)?.id as string;
    expect(fake.payments.get(mollieId)).toMatchObject({
      sequenceType: 'recurring',
      customerId: customer?.id,
      mandateId: mandate?.id,
      method: 'directdebit',
      amount: { value: '9.95', currency: 'EUR' },
      redirectUrl: `${server.url}/credits/${pkg}/sdd?payment_id=${first.payment.payment_id}`,
      webhookUrl: `${server.url}/api/payment-webhook.php`,
    });
    const [stored] = await db.select().from(directDebitMandates).where(eq(directDebitMandates.id, first.mandate));
    expect(stored?.payment_id).toBe(first.payment.payment_id);

    // The bank settles it; Mollie calls the webhook (twice, as it may), the balance grows once.
    fake.payments.get(mollieId)!.status = 'paid';
    const hook = () =>
      fetch(`${server.url}/api/payment-webhook.php`, { method: 'POST', body: new URLSearchParams({ id: mollieId }) });
    expect((await Promise.all([hook(), hook()])).map((r) => r.status)).toEqual([200, 200]);
    expect((await m.browser.get(`/api/payment.php?payment_id=${first.payment.payment_id}`)).json.status).toBe('paid');
    const rows = await db.select().from(creditLedger).where(eq(creditLedger.user_id, m.user.id));
    expect(rows.map((r) => [r.reason, r.delta, r.reference])).toEqual([
      ['purchase', 60, `payment:${first.payment.payment_id}`],
    ]);
    expect(await balanceAndLedger(db, m.user.id)).toEqual({ credits: 60, ledger: 60 });

    // The next direct debit of the member reuses the customer and, for the same account, the mandate;
    // another account gets a new mandate of the same customer.
    const second = await directDebit('+31611113333', 'NL91ABNA0417164300');
    expect([fake.customers.size, fake.mandates.size]).toEqual([1, 1]);
    expect([...fake.payments.values()].at(-1)).toMatchObject({ customerId: customer?.id, mandateId: mandate?.id });
    const third = await directDebit('+31611114444', 'BE68539007547034');
    expect([fake.customers.size, fake.mandates.size]).toEqual([1, 2]);
    expect([...fake.mandates.values()].at(-1)).toMatchObject({ customerId: customer?.id });
    expect([second.payment.status, third.payment.status]).toEqual(['pending', 'pending']);
  });
});
