/**
 * Texts from the database in the viewer's language (docs/decisions/019-catalogue-texts.md): a gift's
 * name per site language, edited in the back office (audited), read by members in their language, else
 * the site's, else the stored name; the gift message in each reader's language, realtime included; the
 * data migration of existing gifts; a {token} page's site-language fallback.
 */

import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALL_LOCALES } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../src/config.js';
import { auditLog, gifts, sitePages } from '../src/db/schema.js';
import { loadPageText } from '../src/services/public/site-pages.js';
import { newSiteShop } from '../src/services/site-admin/new-site-defaults.js';
import { connectRealtime, createChatMember } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { toBase64, transparentPng } from './helpers/shop-factories.js';
import { createStaff, loginStaff } from './helpers/staff.js';

const GIFTS = '/api/admin/gifts.php';

describe('demo gift names', () => {
  it('a new site without a default site to copy gets the demo gifts in all eleven languages, named in its own', () => {
    const shop = newSiteShop(null, 'de');
    const rose = shop.gifts.find((g) => g.image === 'gifts/roos.png');
    expect(rose?.name).toBe('Rote Rose');
    expect(Object.keys(rose?.names ?? {}).sort()).toEqual([...ALL_LOCALES]);
    expect(rose?.names).toMatchObject({ nl: 'Rode roos', fr: 'Rose rouge', pl: 'Czerwona róża' });
    for (const gift of shop.gifts) expect(new Set(Object.values(gift.names)).size).toBeGreaterThan(3);
  });

  it('a copied gift is named in the new site language, else keeps its name', () => {
    const copied = {
      packages: [],
      codes: [],
      gifts: [
        { name: 'Rode roos', names: { nl: 'Rode roos', de: 'Rote Rose' }, image: 'a.png', credits: 5, position: 0 },
        { name: 'Hartje', names: { nl: 'Hartje' }, image: 'b.png', credits: 5, position: 1 },
      ],
    };
    expect(newSiteShop(copied, 'de').gifts.map((g) => [g.name, g.names])).toEqual([
      ['Rote Rose', { de: 'Rote Rose', nl: 'Rode roos' }],
      ['Hartje', { de: 'Hartje', nl: 'Hartje' }],
    ]);
  });
});

describe.each(dbKinds())('catalogue texts in the viewer language on %s', (kind) => {
  let server: TestServer;
  let siteId: number;
  let admin: Browser;
  const db = () => server.database.db;
  const member = (language: string, credits = 200) =>
    createChatMember(db(), siteId, server.url, { credits, user: { language, paid_user: true } });
  const nameIn = async (browser: Browser, giftId: number) =>
    ((await browser.get('/api/gifts.php')).json as { id: number; name: string }[]).find((g) => g.id === giftId)?.name;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { PHOTO_DIR: mkdtempSync(path.join(os.tmpdir(), 'catalogue-')) } });
    siteId = (
      await createSite(db(), { is_default: true, domain_language: 'nl-NL', languages: ['nl', 'de', 'en', 'fr', 'pl'] })
    ).id;
    admin = await loginStaff(server.url, await createStaff(db(), 'admin', null));
  });
  afterAll(() => server?.close());

  it('staff write a gift name per language (audited); members read theirs, else the site language', async () => {
    const list = await admin.get(`${GIFTS}?site_id=${siteId}`);
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({ language: 'nl', languages: ['nl', 'de', 'en', 'fr', 'pl'] });

    const created = await admin.post(GIFTS, {
      site_id: siteId,
      name: 'Rode roos',
      names: { de: ' Rote Rose ', en: '', nl: 'ignored: name is the site language' },
      credits: 20,
      image: toBase64(await transparentPng()),
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const gift = created.json.gift;
    expect(gift).toMatchObject({ name: 'Rode roos', names: { nl: 'Rode roos', de: 'Rote Rose' } });
    expect(Object.keys(gift.names).sort()).toEqual(['de', 'nl']);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'gift.create'), eq(auditLog.object_id, String(gift.id))));
    expect(audit?.after).toMatchObject({ name: 'Rode roos', names: { nl: 'Rode roos', de: 'Rote Rose' } });

    const german = await member('de');
    const french = await member('fr');
    expect(await nameIn(german.browser, gift.id)).toBe('Rote Rose');
    expect(await nameIn(french.browser, gift.id)).toBe('Rode roos');

    // The gift message: the sender's answer, the reader's conversation, and realtime as ids only.
    const socket = await connectRealtime(server.url, french.browser);
    try {
      const sent = await german.browser.post('/api/message.php', {
        profile: french.profile.id,
        kind: 'gift',
        gift: gift.id,
        client_id: randomUUID(),
      });
      expect(sent.status, JSON.stringify(sent.json)).toBe(200);
      expect(sent.json.message.gift).toMatchObject({ id: gift.id, name: 'Rote Rose' });
      const event = await socket.waitFor((e) => e.type === 'message' && e.message_id === sent.json.message.id);
      expect(event.message).toBeUndefined();
      const readerView = await french.browser.get(`/api/chat.php?profile=${german.profile.id}`);
      expect(readerView.json.messages.at(-1).gift).toMatchObject({ id: gift.id, name: 'Rode roos' });
      const senderView = await german.browser.get(`/api/chat.php?profile=${french.profile.id}`);
      expect(senderView.json.messages.at(-1).gift.name).toBe('Rote Rose');

      // Staff read the conversation in their own language (English: none, so the site's).
      const staffView = await admin.get(
        `/api/admin/member-conversation.php?id=${german.user.id}&conversation_id=${sent.json.conversation}`,
      );
      expect(staffView.status, JSON.stringify(staffView.json)).toBe(200);
      expect(staffView.json.messages.at(-1).gift.name).toBe('Rode roos');
    } finally {
      socket.close();
    }

    // An edit replaces the other languages: German goes, Polish and English come; audited before/after.
    const edited = await admin.put(GIFTS, { id: gift.id, names: { pl: 'Czerwona róża', en: 'Red rose' } });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect(edited.json.gift.names).toEqual({ nl: 'Rode roos', pl: 'Czerwona róża', en: 'Red rose' });
    const [update] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'gift.update'), eq(auditLog.object_id, String(gift.id))));
    expect(update?.before).toMatchObject({ names: { nl: 'Rode roos', de: 'Rote Rose' } });
    expect(update?.after).toMatchObject({ names: { nl: 'Rode roos', pl: 'Czerwona róża', en: 'Red rose' } });
    expect(await nameIn(german.browser, gift.id)).toBe('Rode roos');
    expect(await nameIn((await member('pl')).browser, gift.id)).toBe('Czerwona róża');
    const staffEnglish = await admin.get(
      `/api/admin/member-conversation.php?id=${german.user.id}&conversation_id=${
        (await german.browser.get(`/api/chat.php?profile=${french.profile.id}`)).json.conversation
      }`,
    );
    expect(staffEnglish.json.messages.at(-1).gift.name).toBe('Red rose');

    // A new site-language name changes that language only.
    const renamed = await admin.put(GIFTS, { id: gift.id, name: 'Roos' });
    expect(renamed.json.gift).toMatchObject({ name: 'Roos', names: { nl: 'Roos', pl: 'Czerwona róża' } });
    expect(await nameIn(french.browser, gift.id)).toBe('Roos');

    // The site language's name is required, the others are bounded.
    const refusals = [
      { site_id: siteId, name: '  ', credits: 5, image: toBase64(await transparentPng()) },
      {
        site_id: siteId,
        name: 'Ster',
        names: { de: 'x'.repeat(61) },
        credits: 5,
        image: toBase64(await transparentPng()),
      },
      { site_id: siteId, name: 'Ster', names: { xx: 'Stern' }, credits: 5, image: toBase64(await transparentPng()) },
    ];
    for (const body of refusals) {
      const res = await admin.post(GIFTS, body);
      expect(res.status, JSON.stringify(body.names)).toBe(400);
      expect(res.json.error).toBe('validation_failed');
    }
  });

  it('falls back to the site language when the site is not Dutch, then to the stored name', async () => {
    const site = await createSite(db(), { domain_language: 'de-DE', languages: ['de', 'en', 'nl'] });
    const created = await admin.post(GIFTS, {
      site_id: site.id,
      name: 'Herzchen',
      names: { en: 'Heart' },
      credits: 5,
      image: toBase64(await transparentPng()),
    });
    expect(created.json.gift.names).toEqual({ de: 'Herzchen', en: 'Heart' });
    // A row an older release wrote: no names at all.
    const [old] = await db()
      .insert(gifts)
      .values({ site_id: site.id, name: 'Stern', image: 'gifts/ster.png', credits: 5 })
      .returning();
    const dutch = await createMember(db(), site.id, { user: { language: 'nl' } });
    const browser = new Browser(server.url, site.domain);
    const login = await browser.post('/api/user.php', { email: dutch.email, password: dutch.password });
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    const list = (await browser.get('/api/gifts.php')).json as { id: number; name: string }[];
    expect(list.find((g) => g.id === created.json.gift.id)?.name).toBe('Herzchen');
    expect(list.find((g) => g.id === old!.id)?.name).toBe('Stern');
    const staffList = await admin.get(`${GIFTS}?site_id=${site.id}`);
    expect(staffList.json).toMatchObject({ language: 'de', languages: ['de', 'en', 'nl'] });
    expect(staffList.json.gifts.find((g: { id: number }) => g.id === old!.id).names).toEqual({ de: 'Stern' });
  });

  it('migration 0020 makes each stored name its site language text and translates the demo gifts', async () => {
    const german = await createSite(db(), { domain_language: 'de-DE', languages: ['de', 'nl'] });
    const dutch = await createSite(db(), { domain_language: 'nl-NL', languages: ['nl', 'en'] });
    const rows = await db()
      .insert(gifts)
      .values([
        { site_id: german.id, name: 'Eigenes Geschenk', image: 'gifts/own.png', credits: 5 },
        { site_id: dutch.id, name: 'Rode roos', image: 'gifts/roos.png', credits: 5 },
        { site_id: dutch.id, name: 'Mijn roos', image: 'gifts/roos.png', credits: 5 },
      ])
      .returning();
    const ids = rows.map((r) => r.id);
    const migration = readFileSync(path.join(ROOT_DIR, 'apps/server/drizzle/0020_catalogue_texts.sql'), 'utf8');
    const [, ...updates] = migration.split('--> statement-breakpoint');
    // Only these rows: the statements run on the whole table, as on a deployment.
    for (const statement of updates) await db().execute(sql.raw(statement));
    const after = await db()
      .select({ id: gifts.id, names: gifts.names })
      .from(gifts)
      .where(sql`${gifts.id} = any(${`{${ids.join(',')}}`}::int[])`)
      .orderBy(gifts.id);
    expect(after[0]?.names).toEqual({ de: 'Eigenes Geschenk' });
    expect(Object.keys(after[1]?.names ?? {}).sort()).toEqual([...ALL_LOCALES]);
    expect(after[1]?.names).toMatchObject({ nl: 'Rode roos', de: 'Rote Rose', en: 'Red rose' });
    expect(after[2]?.names).toEqual({ nl: 'Mijn roos' });
  });

  it('a {token} page written in the site language only is that language in any other', async () => {
    const site = await createSite(db(), { domain_language: 'de-DE', languages: ['de', 'en'] });
    await db()
      .insert(sitePages)
      .values({ site_id: site.id, slug: 'ueber-uns', language: 'de', title: 'Über uns', body: 'Hallo' });
    const page = await loadPageText(
      { db: db() },
      { siteId: site.id, slug: 'ueber-uns', language: 'en', siteLanguage: 'de' },
    );
    expect(page).toMatchObject({ language: 'de', title: 'Über uns', source: 'site' });
  });
});
