import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payloadEmail, STORED_XSS_PAYLOADS, XSS_PAYLOADS } from '../../../e2e/xss-payloads.js';
import { outbox } from '../src/db/schema.js';
import { type MailKind, renderMail } from '../src/mail/templates.js';
import { STRONG_PASSWORD, tokenFromMail } from './access-helpers.js';
import { dbKinds } from './helpers/database.js';
import { createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';

/**
 * Stored XSS in mails: member-provided text (the profile name, a new email address, complaint and
 * deletion texts) must come out escaped in the HTML part of every mail the outbox records. The HTML
 * of a mail may only hold the template's own tags and attributes; the plain-text part keeps the
 * literal text.
 */

const ALL_KINDS: MailKind[] = [
  'activation',
  'password_reset',
  'mail_change',
  'mail_change_notice',
  'deletion_confirmed',
  'reactivation',
  'complaint_received',
];

/** Tags and attributes the mail template itself writes (apps/server/src/mail/templates.ts). */
const TEMPLATE_TAGS = new Set(['!doctype', 'html', 'body', 'div', 'p', 'a', 'br']);
const TEMPLATE_ATTRIBUTES = new Set(['lang', 'style', 'href']);

/** Decodes the character references escapeHtml (or any HTML escaper) writes. */
function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return String.fromCodePoint(code);
    }
    return named[ref.toLowerCase()] ?? whole;
  });
}

/** The text of an HTML part as a reader sees it: tags dropped (<br> as a newline), references decoded. */
function visibleText(html: string): string {
  return decodeEntities(html.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, ''));
}

/**
 * Problems of one HTML part: a tag or attribute the template does not write, an event handler, a
 * link that is not http(s), or raw markup of the payloads. Empty when the HTML is safe.
 */
function htmlProblems(html: string): string[] {
  const problems: string[] = [];
  for (const raw of ['<script', '<svg', '<img', '<iframe', '<details', '<noscript', '<textarea']) {
    if (html.toLowerCase().includes(raw)) problems.push(`raw ${raw}`);
  }
  for (const tag of html.matchAll(/<\/?([!a-z][\w-]*)([^>]*)>/gi)) {
    const name = (tag[1] ?? '').toLowerCase();
    if (!TEMPLATE_TAGS.has(name)) problems.push(`tag <${name}>`);
    if (name === '!doctype') continue;
    for (const attr of (tag[2] ?? '').matchAll(/([^\s=/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
      const attrName = (attr[1] ?? '').toLowerCase();
      const value = decodeEntities((attr[2] ?? '').replace(/^["']|["']$/g, ''));
      if (!TEMPLATE_ATTRIBUTES.has(attrName)) problems.push(`attribute ${attrName} on <${name}>`);
      if (attrName.startsWith('on')) problems.push(`event handler ${attrName}`);
      if (attrName === 'href' && !/^https?:\/\//i.test(value)) problems.push(`href ${value}`);
    }
  }
  return problems;
}

describe('mail templates with script payloads', () => {
  it.each(XSS_PAYLOADS.map((p) => [p.id, p] as const))('escapes %s in every kind and language', (_, payload) => {
    for (const kind of ALL_KINDS) {
      for (const locale of ['nl', 'en', 'de']) {
        const mail = renderMail({
          kind,
          locale,
          siteName: 'Flirt',
          memberName: payload.text,
          link: 'https://site.test/x?token=abc',
          values: { new_email: payload.text, topic: payload.text, number: 1, days: 14, hours: 24, refund_days: 14 },
        });
        expect(htmlProblems(mail.html), `${kind} ${locale}`).toEqual([]);
        expect(visibleText(mail.html), `${kind} ${locale}`).toContain(payload.text);
        expect(mail.text).toContain(payload.text);
      }
    }
  });
});

describe.each(dbKinds())('member text in the mails of the outbox on %s', (kind) => {
  let server: TestServer;
  let checkedMails = 0;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { DEV_OUTBOX: '1' } });
    await createSite(server.database.db, { is_default: true, signup_credits: 20 });
  });
  afterAll(async () => {
    console.log(`security-xss-mail (${kind}): ${checkedMails} outbox mails checked for escaped member text`);
    await server.close();
  });

  it('refuses a name with a NUL byte without a server error', async () => {
    const nul = XSS_PAYLOADS.find((p) => !p.stored);
    if (!nul) return;
    const res = await new Browser(server.url).post('/api/signup.php', {
      email: `nul-${Date.now()}@example.com`,
      name: nul.short,
      password: STRONG_PASSWORD,
      date_of_birth: '1985-03-04',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it.each(STORED_XSS_PAYLOADS.map((p, i) => [p.id, p, i] as const))(
    'escapes a name %s in activation, reset, mail change, complaint, deletion and reactivation mails',
    async (_, payload, i) => {
      const name = payload.short;
      const email = `xss-mail-${i}-${Date.now()}@example.com`;
      const newEmail = payloadEmail(`new${i}-${Date.now()}`);
      const member = new Browser(server.url);
      const visitor = new Browser(server.url);

      const signup = await member.post('/api/signup.php', {
        email,
        name,
        password: STRONG_PASSWORD,
        date_of_birth: '1985-03-04',
        signup_message: payload.text,
      });
      expect(signup.status, JSON.stringify(signup.json)).toBe(200);
      expect(signup.json.profile.name).toBe(name);
      expect((await visitor.post('/api/password-reset.php', { email })).status).toBe(200);
      const complaint = await member.post('/api/complaints.php', { topic: 'other', text: payload.text });
      expect(complaint.status, JSON.stringify(complaint.json)).toBe(200);
      const change = await member.post('/api/mail-change.php', { email: newEmail, password: STRONG_PASSWORD });
      expect(change.status, JSON.stringify(change.json)).toBe(200);
      const deletion = await member.post('/api/account-delete.php', {
        password: STRONG_PASSWORD,
        reason: payload.text,
      });
      expect(deletion.status, JSON.stringify(deletion.json)).toBe(200);
      const token = await tokenFromMail(server, email, 'deletion_confirmed');
      expect((await visitor.post('/api/reactivate.php', { token })).status).toBe(200);

      const mails = await server.database.db
        .select()
        .from(outbox)
        .where(inArray(outbox.recipient, [email, newEmail]));
      expect(new Set(mails.map((m) => m.kind))).toEqual(new Set(ALL_KINDS));
      for (const mail of mails) {
        const where = `${mail.kind} to ${mail.recipient}`;
        expect(mail.html, where).toBeTruthy();
        const html = mail.html ?? '';
        expect(htmlProblems(html), where).toEqual([]);
        // The name reaches the mail: literal in the text part, escaped (and so shown as text) in the HTML.
        expect(mail.text, where).toContain(name);
        expect(visibleText(html), where).toContain(name);
        if (mail.kind === 'mail_change_notice') {
          expect(mail.text, where).toContain(newEmail);
          expect(visibleText(html), where).toContain(newEmail);
        }
        checkedMails += 1;
      }
    },
  );
});
