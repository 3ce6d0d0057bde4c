import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { outbox } from '../src/db/schema.js';
import { createMailer, type OutgoingMail } from '../src/mail/mailer.js';
import { renderMail } from '../src/mail/templates.js';
import { dbKinds, openTestDatabase } from './helpers/database.js';
import { createSite } from './helpers/factories.js';
import { Browser, startTestServer } from './helpers/server.js';

describe('mail templates', () => {
  it('renders the member language with escaped HTML and a plain-text part', () => {
    const mail = renderMail({
      kind: 'activation',
      locale: 'de',
      siteName: 'Love <3',
      memberName: '<b>Eve</b>',
      link: 'https://site.test/activate/done?token=abc&x=1',
      values: { days: 7 },
    });
    expect(mail.subject).toBe('Aktiviere dein Konto bei Love <3');
    expect(mail.text).toContain('Hallo <b>Eve</b>,');
    expect(mail.text).toContain('https://site.test/activate/done?token=abc&x=1');
    expect(mail.html).toContain('&#60;b&#62;Eve&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('href="https://site.test/activate/done?token=abc&#38;x=1"');
  });

  it('falls back to Dutch for a language without mail texts', () => {
    expect(renderMail({ kind: 'reactivation', locale: 'pt', siteName: 'S', memberName: 'A' }).subject).toBe(
      'Welkom terug bij S',
    );
  });
});

describe.each(dbKinds())('mailer and dev outbox on %s', (kind) => {
  let database: Database;
  const now = new Date('2030-06-01T12:00:00Z');
  const mail = (to: string): OutgoingMail => ({
    siteId: 1,
    kind: 'activation',
    from: 'x@y.z',
    to,
    subject: 's',
    text: 't',
    html: '<p>t</p>',
  });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('logs every mail in the outbox and records what SMTP did with it', async () => {
    const delivered: string[] = [];
    const ok = createMailer({ smtpUrl: undefined, smtpFrom: undefined }, database.db, () => now, {
      deliver: async (m) => void delivered.push(m.to),
    });
    const failing = createMailer({ smtpUrl: undefined, smtpFrom: undefined }, database.db, () => now, {
      deliver: async () => {
        throw new Error('550 mailbox unavailable');
      },
    });
    const local = createMailer({ smtpUrl: undefined, smtpFrom: undefined }, database.db, () => now);
    await ok.send(mail('a@example.com'));
    await failing.send(mail('b@example.com'));
    await local.send(mail('c@example.com'));
    expect(delivered).toEqual(['a@example.com']);
    const row = async (to: string) => (await database.db.select().from(outbox).where(eq(outbox.recipient, to)))[0]!;
    expect(await row('a@example.com')).toMatchObject({ sent_at: now, error: null, channel: 'mail' });
    expect(await row('b@example.com')).toMatchObject({ sent_at: null, error: '550 mailbox unavailable' });
    expect(await row('c@example.com')).toMatchObject({ sent_at: null, error: null });
  });

  it('sends from the site unless SMTP_FROM says otherwise', () => {
    const site = { mail_name: 'Liefde', domain: 'liefde.nl' };
    expect(createMailer({ smtpUrl: undefined, smtpFrom: undefined }, database.db, () => now).fromFor(site)).toBe(
      '"Liefde" <noreply@liefde.nl>',
    );
    expect(createMailer({ smtpUrl: undefined, smtpFrom: 'a@b.c' }, database.db, () => now).fromFor(site)).toBe('a@b.c');
  });

  it('serves the outbox pages only outside production or with DEV_OUTBOX=1', async () => {
    const production = await startTestServer(kind, { env: { NODE_ENV: 'production' } });
    const e2e = await startTestServer(kind, { env: { NODE_ENV: 'production', DEV_OUTBOX: '1' } });
    try {
      // Pages need a site (a server without one answers 503 "no site configured").
      await createSite(production.database.db, { is_default: true });
      await createSite(e2e.database.db, { is_default: true });
      expect((await new Browser(production.url).get('/dev/outbox')).status).toBe(404);
      expect((await new Browser(production.url).get('/dev/outbox.json')).status).toBe(404);
      const page = await new Browser(e2e.url).get('/dev/outbox');
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect((await new Browser(e2e.url).get('/dev/outbox.json')).json).toEqual([]);
    } finally {
      await Promise.all([production.close(), e2e.close()]);
    }
  });
});
