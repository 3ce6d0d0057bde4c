/**
 * Back office II, the shop of a site: credit packages, gifts with pictures through the image rules of
 * the photo pipeline, discount codes with their use, the welcome discount and the time bonus. Each
 * change is audited; what staff change is what members get at once.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, creditLedger, creditPackages, gifts } from '../src/db/schema.js';
import { seedMoney } from '../src/seed/money.js';
import { createChatMember } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createDiscountCode, createPayment } from './helpers/discount-factories.js';
import { createMember, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { createPackage, openPayment, payAtProvider, toBase64, transparentPng } from './helpers/shop-factories.js';
import { createStaff, loginStaff } from './helpers/staff.js';
import { jpegWithGps } from './helpers/uploads.js';

const DAY = 86_400_000;
const PACKAGES = '/api/admin/credit-packages.php';
const GIFTS = '/api/admin/gifts.php';
const CODES = '/api/admin/discount-codes.php';
const AUTOMATIC = '/api/admin/automatic-discounts.php';

describe.each(dbKinds())('back office: the shop of a site on %s', (kind) => {
  let server: TestServer;
  let photoDir: string;
  let siteA: Awaited<ReturnType<typeof createSite>>;
  let siteB: Awaited<ReturnType<typeof createSite>>;
  let admin: Browser;
  let adminId: number;
  const db = () => server.database.db;
  /** A logged-in member of site A who signed up long ago (no welcome discount, no time bonus). */
  const member = () =>
    createChatMember(db(), siteA.id, server.url, {
      credits: 0,
      user: { signup_date: new Date(Date.now() - 60 * DAY), language: 'nl' },
    });
  /** A member of `site` who signed up yesterday, logged in on that site's domain (Host header). */
  const newMemberOf = async (site: { id: number; domain: string }) => {
    const m = await createMember(db(), site.id, { user: { signup_date: new Date(Date.now() - DAY), language: 'nl' } });
    const browser = new Browser(server.url, site.domain);
    const login = await browser.post('/api/user.php', { email: m.email, password: m.password });
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    return { ...m, browser };
  };
  const auditOf = (action: string, objectId: number) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.object_id, String(objectId))));

  beforeAll(async () => {
    photoDir = mkdtempSync(path.join(os.tmpdir(), 'admin-shop-'));
    server = await startTestServer(kind, { env: { PHOTO_DIR: photoDir } });
    siteA = await createSite(db(), { is_default: true });
    siteB = await createSite(db());
    await seedMoney(db(), siteA.id);
    await seedMoney(db(), siteB.id);
    const ref = await createStaff(db(), 'admin', null);
    adminId = ref.id;
    admin = await loginStaff(server.url, ref);
  });
  afterAll(() => server?.close());

  describe('credit packages', () => {
    it('creates, lists and edits packages; one highlighted at most; each change audited', async () => {
      const site = await createSite(db());
      const first = await admin.post(PACKAGES, {
        site_id: site.id,
        credits: 50,
        price_cents: 799,
        highlighted: true,
        position: 1,
      });
      expect(first.status, JSON.stringify(first.json)).toBe(200);
      expect(first.json.package).toMatchObject({
        site_id: site.id,
        credits: 50,
        price_cents: 799,
        currency: 'EUR',
        highlighted: true,
        position: 1,
        active: true,
        payments: 0,
      });
      const second = await admin.post(PACKAGES, {
        site_id: site.id,
        credits: 200,
        price_cents: 2495,
        currency: 'eur',
        highlighted: true,
        position: 0,
      });
      expect(second.status).toBe(200);
      const list = await admin.get(`${PACKAGES}?site_id=${site.id}`);
      expect(
        list.json.packages.map((p: { credits: number; highlighted: boolean }) => [p.credits, p.highlighted]),
      ).toEqual([
        [200, true],
        [50, false],
      ]);

      const id = first.json.package.id;
      const edited = await admin.put(PACKAGES, { id, price_cents: 899, highlighted: true, active: false });
      expect(edited.status).toBe(200);
      expect(edited.json.package).toMatchObject({ price_cents: 899, highlighted: true, active: false });
      const after = await db().select().from(creditPackages).where(eq(creditPackages.site_id, site.id));
      expect(after.filter((p) => p.highlighted).map((p) => p.id)).toEqual([id]);

      const [created] = await auditOf('package.create', id);
      expect(created).toMatchObject({ staff_id: adminId, site_id: site.id, object_type: 'credit_package' });
      expect(created?.after).toMatchObject({ credits: 50, price_cents: 799 });
      const [updated] = await auditOf('package.update', id);
      expect(updated?.before).toMatchObject({ price_cents: 799, active: true });
      expect(updated?.after).toMatchObject({ price_cents: 899, active: false });
    });

    it('refuses bad input with validation_failed and changes nothing', async () => {
      for (const body of [
        { site_id: siteA.id, credits: 0, price_cents: 100 },
        { site_id: siteA.id, credits: 10, price_cents: -5 },
        { site_id: siteA.id, credits: 10, price_cents: 12.5 },
        { site_id: siteA.id, credits: 10, price_cents: 100, currency: 'EURO' },
      ]) {
        const res = await admin.post(PACKAGES, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.json.error).toBe('validation_failed');
      }
      expect((await admin.put(PACKAGES, { id: 999_999, price_cents: 100 })).status).toBe(404);
      const unknownSite = await admin.post(PACKAGES, { site_id: 999_999, credits: 10, price_cents: 100 });
      expect(unknownSite.status).toBe(404);
    });

    it('applies a price change to the next payment only', async () => {
      const pkg = await createPackage(db(), siteA.id, { credits: 60, price_cents: 995 });
      const m = await member();
      const before = await openPayment(db(), m.browser, pkg.id);
      expect(before).toMatchObject({ status: 'open', amount_cents: 995, original_cents: 995, credits: 60 });

      const changed = await admin.put(PACKAGES, { id: pkg.id, credits: 70, price_cents: 1295 });
      expect(changed.status).toBe(200);

      // The payment opened before the change is paid at the old price and credits.
      expect(await payAtProvider(db(), m.browser, before)).toBe('paid');
      const ledger = await db()
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.reference, `payment:${before.id}`));
      expect(ledger.map((r) => r.delta)).toEqual([60]);
      const provider = await m.browser.get(`/api/payment.php?payment_id=${before.id}`);
      expect(provider.json).toMatchObject({ status: 'paid', credits: 60 });

      const next = await openPayment(db(), m.browser, pkg.id);
      expect(next).toMatchObject({ amount_cents: 1295, original_cents: 1295, credits: 70 });
      expect(await payAtProvider(db(), m.browser, next)).toBe('paid');
      const nextLedger = await db()
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.reference, `payment:${next.id}`));
      expect(nextLedger.map((r) => r.delta)).toEqual([70]);
      const overview = await m.browser.get('/api/credits.php');
      expect(overview.json.packages.find((p: { id: number }) => p.id === pkg.id)).toMatchObject({
        credits: 70,
        price_cents: 1295,
      });
    });

    it('deletes an unused package but only deactivates one that payments name', async () => {
      const unused = await createPackage(db(), siteA.id);
      const gone = await admin.request('DELETE', PACKAGES, { id: unused.id });
      expect(gone.json.outcome).toBe('deleted');
      expect(await db().select().from(creditPackages).where(eq(creditPackages.id, unused.id))).toEqual([]);
      expect(await auditOf('package.delete', unused.id)).toHaveLength(1);

      const used = await createPackage(db(), siteA.id, { highlighted: true });
      const m = await member();
      await createPayment(db(), { siteId: siteA.id, userId: m.user.id, packageId: used.id });
      const kept = await admin.request('DELETE', PACKAGES, { id: used.id });
      expect(kept.status).toBe(200);
      expect(kept.json).toMatchObject({
        outcome: 'deactivated',
        package: { active: false, highlighted: false, payments: 1 },
      });
      expect(await auditOf('package.deactivate', used.id)).toHaveLength(1);
      // Members no longer see or buy it.
      const overview = await m.browser.get('/api/credits.php');
      expect(overview.json.packages.map((p: { id: number }) => p.id)).not.toContain(used.id);
      const refused = await m.browser.post('/api/payment.php', { package: used.id, method: 'ideal' });
      expect(refused.status).toBe(404);
    });
  });

  describe('gifts', () => {
    it('stores a gift picture re-encoded without metadata and members see the gift at once', async () => {
      const jpeg = await jpegWithGps(640, 480);
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();
      const res = await admin.post(GIFTS, {
        site_id: siteA.id,
        name: 'Zonnebloem',
        credits: 45,
        position: 3,
        image: toBase64(jpeg, true),
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const gift = res.json.gift;
      expect(gift).toMatchObject({ site_id: siteA.id, name: 'Zonnebloem', credits: 45, position: 3, active: true });
      expect(gift.image).toMatch(/^gifts\/[0-9a-f-]{36}\.png$/);
      expect(gift.image_url).toBe(`/photos/${gift.image}`);

      const stored = readFileSync(path.join(photoDir, gift.image));
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 });
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(stored.includes(Buffer.from('TestCam'))).toBe(false);
      const served = await fetch(`${server.url}${gift.image_url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');

      const m = await member();
      const catalogue = await m.browser.get('/api/gifts.php');
      expect(catalogue.json).toContainEqual(expect.objectContaining({ id: gift.id, credits: 45, image: gift.image }));
      const [audit] = await auditOf('gift.create', gift.id);
      expect(audit?.after).toMatchObject({ name: 'Zonnebloem', credits: 45, image: gift.image });
    });

    it('edits a gift, replaces its picture and keeps drawn pictures working', async () => {
      const [drawn] = await db()
        .insert(gifts)
        .values({ site_id: siteA.id, name: 'Hartje', image: 'gifts/hart.png', credits: 25 })
        .returning();
      const renamed = await admin.put(GIFTS, { id: drawn!.id, name: 'Groot hart', credits: 40 });
      expect(renamed.status).toBe(200);
      expect(renamed.json.gift).toMatchObject({ name: 'Groot hart', credits: 40, image: 'gifts/hart.png' });

      const created = await admin.post(GIFTS, {
        site_id: siteA.id,
        name: 'Ballon',
        credits: 20,
        image: toBase64(await transparentPng()),
      });
      const oldImage: string = created.json.gift.image;
      const replaced = await admin.put(GIFTS, {
        id: created.json.gift.id,
        image: toBase64(await transparentPng(300)),
        active: false,
      });
      expect(replaced.status).toBe(200);
      expect(replaced.json.gift.image).not.toBe(oldImage);
      expect(replaced.json.gift.active).toBe(false);
      const meta = await sharp(readFileSync(path.join(photoDir, replaced.json.gift.image))).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 256, height: 256, hasAlpha: true });
      expect((await fetch(`${server.url}/photos/${oldImage}`)).status).toBe(404);

      const m = await member();
      const ids = (await m.browser.get('/api/gifts.php')).json.map((g: { id: number }) => g.id);
      expect(ids).toContain(drawn!.id);
      expect(ids).not.toContain(created.json.gift.id);
      const [audit] = await auditOf('gift.update', drawn!.id);
      expect(audit?.before).toMatchObject({ name: 'Hartje', credits: 25 });
      expect(audit?.after).toMatchObject({ name: 'Groot hart', credits: 40 });
    });

    it('refuses a file that is not an image, and one too large, storing nothing', async () => {
      const before = (await db().select().from(gifts).where(eq(gifts.site_id, siteA.id))).length;
      const notImage = await admin.post(GIFTS, {
        site_id: siteA.id,
        name: 'Kapot',
        credits: 10,
        image: Buffer.from('this is not a picture at all').toString('base64'),
      });
      expect(notImage.status).toBe(400);
      expect(notImage.json).toMatchObject({ error: 'photo_invalid', data: { reason: 'not_an_image' } });
      const huge = await admin.post(GIFTS, {
        site_id: siteA.id,
        name: 'Groot',
        credits: 10,
        image: Buffer.alloc(600 * 1024, 1).toString('base64'),
      });
      expect(huge.status).toBe(400);
      expect(huge.json.error).toBe('validation_failed');
      const noName = await admin.post(GIFTS, { site_id: siteA.id, name: ' ', credits: 10, image: 'AAAA' });
      expect(noName.status).toBe(400);
      expect((await db().select().from(gifts).where(eq(gifts.site_id, siteA.id))).length).toBe(before);
    });
  });

  describe('discount codes', () => {
    it('creates a code with every field of SPEC.md 3, refuses the same code in another case', async () => {
      const target = await createMember(db(), siteA.id);
      const expires = new Date(Date.now() + 30 * DAY).toISOString();
      const res = await admin.post(CODES, {
        site_id: siteA.id,
        code: 'summer-25',
        country: 'nl',
        user_id: target.user.id,
        expires,
        value_percentage: 25,
        currency: 'EUR',
        minimum_order_value: 1995,
        status: 'active',
        validity: 'once',
        paymentmethods: ['ideal', 'creditcard', 'ideal'],
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.code).toMatchObject({
        site_id: siteA.id,
        code: 'SUMMER-25',
        kind: 'code',
        country: 'NL',
        user_id: target.user.id,
        expires,
        value_percentage: 25,
        currency: 'EUR',
        minimum_order_value: 1995,
        status: 'active',
        validity: 'once',
        expired: false,
        paymentmethods: ['ideal', 'creditcard'],
        paid_uses: 0,
        open_claims: 0,
      });
      const [audit] = await auditOf('discount.create', res.json.code.id);
      expect(audit).toMatchObject({ site_id: siteA.id, member_user_id: target.user.id });

      const again = await admin.post(CODES, { site_id: siteA.id, code: 'Summer-25', value_percentage: 10 });
      expect(again.status).toBe(409);
      expect(again.json).toMatchObject({ error: 'conflict', data: { field: 'code' } });
      // Another site may have the same code.
      expect((await admin.post(CODES, { site_id: siteB.id, code: 'SUMMER-25', value_percentage: 10 })).status).toBe(
        200,
      );

      const otherSiteMember = await createMember(db(), siteB.id);
      for (const [body, field] of [
        [{ user_id: otherSiteMember.user.id }, 'user_id'],
        [{ expires: new Date(Date.now() - DAY).toISOString() }, 'expires'],
      ] as const) {
        const bad = await admin.post(CODES, {
          site_id: siteA.id,
          code: `BAD${field.length}X`,
          value_percentage: 5,
          ...body,
        });
        expect(bad.status, field).toBe(400);
        expect(bad.json).toMatchObject({ error: 'validation_failed', data: { field } });
      }
      for (const body of [
        { code: 'AB', value_percentage: 10 },
        { code: 'met spatie', value_percentage: 10 },
        { code: 'OKCODE', value_percentage: 0 },
        { code: 'OKCODE', value_percentage: 101 },
        { code: 'OKCODE', value_percentage: 10, validity: 'twice' },
        { code: 'OKCODE', value_percentage: 10, paymentmethods: ['cash'] },
        { code: 'OKCODE', value_percentage: 10, country: 'NLD' },
      ]) {
        const bad = await admin.post(CODES, { site_id: siteA.id, ...body });
        expect(bad.status, JSON.stringify(body)).toBe(400);
        expect(bad.json.error).toBe('validation_failed');
      }
    });

    it('lists codes with usage counts equal to the payments using them, filtered by status and kind', async () => {
      const site = await createSite(db());
      const [pkg] = await seedMoney(db(), site.id);
      const code = await createDiscountCode(db(), site.id, { code: 'COUNTME', validity: 'unlimited' });
      for (const status of ['paid', 'paid', 'open', 'pending', 'failed', 'canceled']) {
        const m = await createMember(db(), site.id);
        await createPayment(db(), {
          siteId: site.id,
          userId: m.user.id,
          packageId: pkg!,
          status,
          discount_code_id: code.id,
        });
      }
      const list = await admin.get(`${CODES}?site_id=${site.id}`);
      expect(list.status).toBe(200);
      const row = list.json.codes.find((c: { id: number }) => c.id === code.id);
      expect(row).toMatchObject({ code: 'COUNTME', paid_uses: 2, open_claims: 2 });
      expect(list.json.codes.map((c: { kind: string }) => c.kind).sort()).toEqual([
        'code',
        'code',
        'time_bonus',
        'welcome',
      ]);

      const welcome = await admin.get(`${CODES}?site_id=${site.id}&kind=welcome`);
      expect(welcome.json.codes.map((c: { code: string }) => c.code)).toEqual(['WELCOME25']);
      await admin.post('/api/admin/discount-code-end.php', { id: code.id });
      const ended = await admin.get(`${CODES}?site_id=${site.id}&status=ended`);
      expect(ended.json.codes.map((c: { id: number }) => c.id)).toEqual([code.id]);
      expect(ended.json.codes[0]).toMatchObject({ status: 'ended', paid_uses: 2 });
      expect((await admin.get(`${CODES}?site_id=${site.id}&status=gone`)).status).toBe(400);
    });

    it('ends a code: a member is refused it with "Code niet gevonden", its uses stay', async () => {
      const created = await admin.post(CODES, {
        site_id: siteA.id,
        code: 'ENDME',
        value_percentage: 20,
        validity: 'unlimited',
      });
      const id = created.json.code.id;
      const m = await member();
      const ok = await m.browser.get('/api/discountcode.php?code=endme');
      expect(ok.status).toBe(200);
      const pkg = await createPackage(db(), siteA.id);
      const used = await openPayment(db(), m.browser, pkg.id, 'ENDME');
      expect(used).toMatchObject({ amount_cents: 1036, discount_code_id: id });

      const ended = await admin.post('/api/admin/discount-code-end.php', { id });
      expect(ended.status).toBe(200);
      expect(ended.json.code).toMatchObject({ status: 'ended', open_claims: 1 });
      const [audit] = await auditOf('discount.end', id);
      expect(audit).toMatchObject({ before: { status: 'active' }, after: { status: 'ended' } });

      const refused = await m.browser.get('/api/discountcode.php?code=ENDME');
      expect(refused.status).toBe(404);
      expect(refused.json).toMatchObject({ error: 'discount_not_found', message: 'Code niet gevonden' });
      const pay = await m.browser.post('/api/payment.php', {
        package: pkg.id,
        method: 'ideal',
        discount_code: 'ENDME',
      });
      expect(pay.json).toMatchObject({ error: 'discount_not_found', message: 'Code niet gevonden' });
      // The payment opened before keeps its discount and is paid as opened.
      expect(await payAtProvider(db(), m.browser, used)).toBe('paid');

      // Ending twice changes nothing; the welcome discount is switched off in its settings instead.
      expect((await admin.post('/api/admin/discount-code-end.php', { id })).json.code.paid_uses).toBe(1);
      expect(await auditOf('discount.end', id)).toHaveLength(1);
      const welcome = (await admin.get(`${CODES}?site_id=${siteA.id}&kind=welcome`)).json.codes[0];
      const refusedEnd = await admin.post('/api/admin/discount-code-end.php', { id: welcome.id });
      expect(refusedEnd.json).toMatchObject({ error: 'validation_failed', data: { reason: 'automatic_discount' } });
    });
  });

  describe('welcome discount and time bonus', () => {
    it('shows both with their fixed windows and edits percentage, state and the welcome end date', async () => {
      const site = await createSite(db());
      await seedMoney(db(), site.id);
      const view = await admin.get(`${AUTOMATIC}?site_id=${site.id}`);
      expect(view.status).toBe(200);
      expect(view.json).toMatchObject({
        welcome: { code: 'WELCOME25', kind: 'welcome', value_percentage: 25, status: 'active' },
        time_bonus: { code: 'TIMEBONUS25', kind: 'time_bonus', value_percentage: 25 },
        welcome_days: 7,
        time_bonus_seconds: 14_400,
      });

      const fresh = await newMemberOf(site);
      const changed = await admin.put(AUTOMATIC, { site_id: site.id, kind: 'welcome', value_percentage: 30 });
      expect(changed.status).toBe(200);
      expect(changed.json.code).toMatchObject({ kind: 'welcome', value_percentage: 30 });
      expect((await fresh.browser.get('/api/discountcode.php?welcome=true')).json).toMatchObject({
        value_percentage: 30,
      });
      const [audit] = await auditOf('discount.update', changed.json.code.id);
      expect(audit).toMatchObject({ before: { value_percentage: 25 }, after: { value_percentage: 30 } });

      const end = new Date(Date.now() + 2 * DAY).toISOString();
      const dated = await admin.put(AUTOMATIC, { site_id: site.id, kind: 'welcome', expires: end });
      expect(dated.json.code.expires).toBe(end);
      const off = await admin.put(AUTOMATIC, { site_id: site.id, kind: 'welcome', status: 'inactive' });
      expect(off.json.code.status).toBe('inactive');
      expect((await fresh.browser.get('/api/discountcode.php?welcome=true')).status).toBe(404);
      const bonus = await admin.put(AUTOMATIC, { site_id: site.id, kind: 'time_bonus', expires: end });
      expect(bonus.status).toBe(400);
    });

    it('makes the welcome discount with its standard code for a site that has none', async () => {
      const site = await createSite(db());
      expect((await admin.get(`${AUTOMATIC}?site_id=${site.id}`)).json).toMatchObject({
        welcome: null,
        time_bonus: null,
      });
      const made = await admin.put(AUTOMATIC, { site_id: site.id, kind: 'time_bonus', value_percentage: 20 });
      expect(made.status).toBe(200);
      expect(made.json.code).toMatchObject({
        code: 'TIMEBONUS25',
        kind: 'time_bonus',
        value_percentage: 20,
        status: 'active',
      });
      expect(await auditOf('discount.create', made.json.code.id)).toHaveLength(1);
    });
  });
});
