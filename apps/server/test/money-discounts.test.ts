import { discountedCents, TIME_BONUS_SECONDS, WELCOME_DISCOUNT_DAYS } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { findCodeOnSite } from '../src/db/repositories/discount-codes.js';
import type { SiteRow } from '../src/db/repositories/sites.js';
import { seedMoney } from '../src/seed/money.js';
import { resolveDiscountForPayment } from '../src/services/money/discounts.js';
import { createChatMember } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createDiscountCode, createPayment } from './helpers/discount-factories.js';
import { createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

const DAY = 86_400;

describe.each(dbKinds())('money: discount codes and the time bonus on %s', (kind) => {
  const clock = new ManualClock(new Date('2026-03-02T10:00:00Z'));
  let server: TestServer;
  let site: SiteRow;
  let packages: number[];
  const db = () => server.database.db;
  const ago = (seconds: number) => new Date(clock.now().getTime() - seconds * 1000);
  /** A logged-in member who signed up `signedUp` seconds ago (default: 5 hours, past the time bonus). */
  const member = (opts: { signedUp?: number; paid?: boolean; country?: string; language?: string } = {}) =>
    createChatMember(db(), site.id, server.url, {
      credits: 0,
      user: {
        signup_date: ago(opts.signedUp ?? 5 * 3600),
        paid_user: opts.paid ?? false,
        language: opts.language ?? 'nl',
      },
      profile: { country: opts.country ?? 'NL' },
    });
  const check = (browser: Browser, query: string) => browser.get(`/api/discountcode.php?${query}`);
  const pay = (userId: number, codeId: number, status = 'paid') =>
    createPayment(db(), { siteId: site.id, userId, packageId: packages[1]!, discount_code_id: codeId, status });

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    site = await createSite(db(), { is_default: true });
    packages = await seedMoney(db(), site.id);
  });
  afterAll(() => server?.close());

  it('refuses unknown and inactive codes and codes of another member with "Code niet gevonden"', async () => {
    const a = await member();
    const b = await member();
    await createDiscountCode(db(), site.id, { code: 'SLEEPY', status: 'inactive' });
    await createDiscountCode(db(), site.id, { code: 'FORB', user_id: b.user.id });
    for (const code of ['NOPE', 'SLEEPY', 'FORB']) {
      const res = await check(a.browser, `code=${code}`);
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ error: 'discount_not_found', message: 'Code niet gevonden' });
    }
    const own = await check(b.browser, 'code=forb');
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ code: 'FORB', user_id: b.user.id, kind: 'code', percentage: 10 });
    expect((await new Browser(server.url).get('/api/discountcode.php?code=FLIRT10')).status).toBe(403);
  });

  it('finds a code case-insensitively and checks it against the package and method', async () => {
    const a = await member();
    const res = await check(a.browser, `code=flirt10&package=${packages[1]}&method=ideal`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      code: 'FLIRT10',
      value_percentage: 10,
      minimum_order_value: 1995,
      currency: 'EUR',
      status: 'active',
      validity: 'once_per_user',
      expired: false,
      paymentmethods: [],
    });
    expect((await check(a.browser, 'code=FLIRT10&package=999999')).json.error).toBe('not_found');
  });

  it('expires a code after its expires moment (injected clock)', async () => {
    const a = await member();
    await createDiscountCode(db(), site.id, { code: 'EDGE', expires: new Date(clock.now().getTime() + 60_000) });
    expect((await check(a.browser, 'code=EDGE')).status).toBe(200);
    clock.advance(60);
    expect((await check(a.browser, 'code=EDGE')).status).toBe(200);
    clock.advance(1);
    const late = await check(a.browser, 'code=EDGE');
    expect(late.status).toBe(410);
    expect(late.json).toMatchObject({ error: 'discount_expired', message: 'Deze code is verlopen.' });
  });

  it('counts a once_per_user code as used after a paid payment of this member only', async () => {
    const a = await member();
    const b = await member();
    const code = await createDiscountCode(db(), site.id, { code: 'ONCEEACH' });
    await pay(a.user.id, code.id, 'failed');
    expect((await check(a.browser, 'code=ONCEEACH')).status).toBe(200);
    await pay(a.user.id, code.id);
    const used = await check(a.browser, 'code=ONCEEACH');
    expect(used.status).toBe(409);
    expect(used.json).toMatchObject({ error: 'discount_used', message: 'Code reeds gebruikt' });
    expect((await check(b.browser, 'code=ONCEEACH')).status).toBe(200);
  });

  it('counts a validity once code as used after anyone paid with it; unlimited never', async () => {
    const a = await member();
    const b = await member();
    const once = await createDiscountCode(db(), site.id, { code: 'ONLYONCE', validity: 'once' });
    const always = await createDiscountCode(db(), site.id, { code: 'ALWAYS', validity: 'unlimited' });
    await pay(a.user.id, once.id);
    await pay(a.user.id, always.id);
    expect((await check(b.browser, 'code=ONLYONCE')).json.error).toBe('discount_used');
    expect((await check(a.browser, 'code=ALWAYS')).status).toBe(200);
  });

  it('asks for the minimum order value, formatted in the member language', async () => {
    const nl = await member();
    const en = await member({ language: 'en' });
    const res = await check(nl.browser, `code=FLIRT10&package=${packages[0]}`);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      error: 'discount_minimum_order',
      message: 'Deze code geldt vanaf een bestelling van €\u00a019,95.',
      data: { amount: '€\u00a019,95' },
    });
    const english = await check(en.browser, `code=FLIRT10&package=${packages[0]}`);
    expect(english.json.message).toBe('This code applies to orders of €19.95 or more.');
  });

  it('limits a code to a country, payment methods and a currency', async () => {
    const dutch = await member();
    const german = await member({ country: 'DE' });
    await createDiscountCode(db(), site.id, { code: 'BERLIN', country: 'DE' });
    await createDiscountCode(db(), site.id, { code: 'IDEALONLY', paymentmethods: ['ideal', 'bancontact'] });
    await createDiscountCode(db(), site.id, { code: 'DOLLARS', currency: 'USD' });
    expect((await check(dutch.browser, 'code=BERLIN')).json).toMatchObject({ error: 'discount_country' });
    expect((await check(german.browser, 'code=BERLIN')).status).toBe(200);
    expect((await check(dutch.browser, 'code=IDEALONLY&method=paypal')).json).toMatchObject({
      error: 'discount_method',
      message: 'Deze code geldt niet voor deze betaalmethode.',
    });
    expect((await check(dutch.browser, 'code=IDEALONLY&method=ideal')).json.paymentmethods).toEqual([
      'ideal',
      'bancontact',
    ]);
    expect((await check(dutch.browser, `code=DOLLARS&package=${packages[1]}`)).json.error).toBe('discount_not_found');
    expect((await check(dutch.browser, 'code=DOLLARS')).status).toBe(200);
  });

  it('shows the time bonus until signup + 14400 s, counting down to 1 second', async () => {
    const a = await member({ signedUp: TIME_BONUS_SECONDS - 1 });
    const res = await a.browser.get('/api/time-bonus.php');
    expect(res.status).toBe(200);
    const expires = new Date(a.user.signup_date.getTime() + TIME_BONUS_SECONDS * 1000).toISOString();
    expect(res.json).toEqual({ time_bonus: { code: 'TIMEBONUS25', value_percentage: 25, expires, seconds_left: 1 } });
    const active = await check(a.browser, '');
    expect(active.json).toMatchObject({ code: 'TIMEBONUS25', kind: 'time_bonus', expires, validity: 'once_per_user' });
    clock.advance(1);
    expect((await a.browser.get('/api/time-bonus.php')).json).toEqual({ time_bonus: null });
    const typed = await check(a.browser, 'code=timebonus25');
    expect(typed.json).toMatchObject({ error: 'discount_expired' });
    expect((await check(a.browser, '')).json).toMatchObject({ code: 'WELCOME25', kind: 'welcome' });
  });

  it('hides the time bonus from visitors, paid members and after it was used', async () => {
    expect((await new Browser(server.url).get('/api/time-bonus.php')).json).toEqual({ time_bonus: null });
    const paid = await member({ signedUp: 60, paid: true });
    expect((await paid.browser.get('/api/time-bonus.php')).json).toEqual({ time_bonus: null });
    const used = await member({ signedUp: 60 });
    const bonus = await findCodeOnSite(db(), site.id, 'TIMEBONUS25');
    expect((await used.browser.get('/api/time-bonus.php')).json.time_bonus.seconds_left).toBe(TIME_BONUS_SECONDS - 60);
    await pay(used.user.id, bonus!.id);
    expect((await used.browser.get('/api/time-bonus.php')).json).toEqual({ time_bonus: null });
    expect((await check(used.browser, 'code=TIMEBONUS25')).json).toMatchObject({ error: 'discount_used' });
  });

  it('offers the welcome code for WELCOME_DISCOUNT_DAYS after signup, never to paid members', async () => {
    const fresh = await member({ signedUp: WELCOME_DISCOUNT_DAYS * DAY - 1 });
    const res = await check(fresh.browser, 'welcome=true');
    expect(res.status).toBe(200);
    const expires = new Date(fresh.user.signup_date.getTime() + WELCOME_DISCOUNT_DAYS * DAY * 1000).toISOString();
    expect(res.json).toMatchObject({ code: 'WELCOME25', kind: 'welcome', value_percentage: 25, expires });
    clock.advance(1);
    const gone = await check(fresh.browser, 'welcome=true');
    expect(gone.status).toBe(404);
    expect(gone.json.error).toBe('discount_not_found');
    expect((await check(fresh.browser, '')).status).toBe(404);
    expect((await check(fresh.browser, 'code=WELCOME25')).json.error).toBe('discount_expired');
    const paid = await member({ signedUp: 60, paid: true });
    expect((await check(paid.browser, 'welcome=true')).status).toBe(404);
    expect((await check(paid.browser, '')).status).toBe(404);
    // A paid member typing a first-purchase code is told what it is for, not that it expired.
    for (const code of ['WELCOME25', 'TIMEBONUS25']) {
      const typed = await check(paid.browser, `code=${code}`);
      expect(typed.status, code).toBe(409);
      expect(typed.json, code).toMatchObject({
        error: 'discount_first_purchase',
        message: 'Deze korting geldt alleen voor een eerste aankoop, en je hebt al eerder gekocht.',
      });
    }
    expect((await new Browser(server.url).get('/api/discountcode.php?welcome=true')).status).toBe(404);
  });

  it('resolves the discount of a new payment: typed code, else time bonus, else welcome, else none', async () => {
    const fresh = await member({ signedUp: 60 });
    const week = await member({ signedUp: 2 * DAY });
    const paid = await member({ signedUp: 60, paid: true });
    const input = { code: undefined, package: { price_cents: 1995, currency: 'EUR' }, method: 'ideal' as const };
    const now = clock.now();
    const resolve = (user: typeof fresh.user, code?: string) =>
      resolveDiscountForPayment(db(), site, user, { ...input, code, now });
    expect(await resolve(fresh.user)).toMatchObject({ code: 'TIMEBONUS25', kind: 'time_bonus', value_percentage: 25 });
    expect(await resolve(week.user)).toMatchObject({ code: 'WELCOME25', kind: 'welcome' });
    expect(await resolve(paid.user)).toBeNull();
    expect(await resolve(paid.user, 'flirt10')).toMatchObject({ code: 'FLIRT10', value_percentage: 10 });
    await expect(resolve(fresh.user, 'NOPE')).rejects.toMatchObject({ code: 'discount_not_found', statusCode: 404 });
    expect(discountedCents(1995, 25)).toBe(1496);
    expect(discountedCents(1995, null)).toBe(1995);
  });
});
