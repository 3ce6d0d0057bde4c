import net from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import type { Db } from '../src/db/client.js';
import { listJobs } from '../src/db/repositories/jobs.js';
import { listMailFeedback } from '../src/db/repositories/mail-feedback.js';
import { findBatch, scheduleBatchWithJob } from '../src/db/repositories/notification-batches.js';
import { conversationMembers, messages, notification_settings, outbox, profiles, users } from '../src/db/schema.js';
import type { AppDeps } from '../src/deps.js';
import { appJobHandlers } from '../src/jobs/app-jobs.js';
import type { JobPayloads } from '../src/jobs/kinds.js';
import { type JobHandlers, JobWorker } from '../src/jobs/worker.js';
import { renderNotificationMail } from '../src/mail/notification-templates.js';
import { handleMailFeedback } from '../src/services/notifications/mail-feedback.js';
import { mailPreview } from '../src/services/notifications/mail-notification-rules.js';
import { scheduleMailNotification } from '../src/services/notifications/mail-notification-schedule.js';
import { sendDigests } from '../src/services/notifications/send-digests.js';
import { writeMailNotification } from '../src/services/notifications/send-mail-notification.js';
import { createChatMember, sendText } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createBlock, createConversation, loginAs } from './helpers/discovery-factories.js';
import { createMember, createPhoto, createProfile, createSite } from './helpers/factories.js';
import { Browser, startTestServer, type TestServer } from './helpers/server.js';
import { createStaff } from './helpers/staff.js';

/**
 * Notification mails (issue: notifications; docs/decisions/013-notifications.md): message, like and
 * match mails through the job queue, batched per kind and member, the weekly digest, the one-click
 * unsubscribe (RFC 8058) without login, and the mail provider's bounce and complaint webhook. A real
 * server, the real job handlers with the clock moved, and SMTP delivery to a fake server on loopback.
 */

/** Just enough of an SMTP server on 127.0.0.1 for nodemailer: keeps every message it accepts. */
async function startFakeSmtp() {
  const received: { to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let data: string | null = null;
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    socket.on('error', () => undefined);
    reply('220 fake-smtp ESMTP');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            received.push({ to, data });
            data = null;
            to = [];
            reply('250 queued');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'RCPT') to.push(line.slice(8).trim().replace(/^<|>$/g, ''));
        if (verb === 'DATA') {
          data = '';
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

/** The unfolded value of header `name` in a raw SMTP message. */
function rawHeader(data: string, name: string): string | undefined {
  const head = data.split('\n\n')[0]?.replace(/\n[ \t]+/g, ' ') ?? '';
  const line = head.split('\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

const WEBHOOK_SECRET = 'whsec-test-3f9c1b7e5a2d';
const INTERVAL = 3600;

describe.each(dbKinds())('notification mails on %s', (kind) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let worker: JobWorker<JobPayloads>;
  let deps: AppDeps;
  let siteId: number;
  // An hour ahead of the real clock: activity the database stamps with now() is then never "online".
  const clock = new ManualClock(new Date(Date.now() + 3600_000));
  const db = (): Db => server.database.db;

  /** Runs due jobs until none is left (bounded). */
  const settle = async () => {
    for (let round = 0; round < 20; round++) if ((await worker.runDue()) === 0) return;
    throw new Error('jobs kept coming');
  };
  const advance = async (seconds: number) => {
    clock.advance(seconds);
    await settle();
  };
  const mailsTo = (email: string) => db().select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.id);
  const smtpTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
  const mailJobsOf = async (userId: number) =>
    (await listJobs(db(), 'notify_mail')).filter((j) => (j.payload as { user_id: number }).user_id === userId);
  const member = (opts: Parameters<typeof createMember>[2] = {}) => createMember(db(), siteId, opts);
  const chatMember = (opts: Parameters<typeof createChatMember>[3] = {}) =>
    createChatMember(db(), siteId, server.url, opts);
  /** Marks the member as active now (the clock's), as a request would. */
  const setActiveNow = async (userId: number) => {
    await db().update(users).set({ last_active_at: clock.now() }).where(eq(users.id, userId));
    await db().update(profiles).set({ last_active_at: clock.now() }).where(eq(profiles.user_id, userId));
  };

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    server = await startTestServer(kind, {
      clock,
      env: { SMTP_URL: smtp.url, MAIL_WEBHOOK_SECRET: WEBHOOK_SECRET, NOTIFY_MAIL_INTERVAL_SECONDS: String(INTERVAL) },
    });
    siteId = (await createSite(db(), { is_default: true, name: 'Liefde' })).id;
    deps = server.app.deps;
    const all = appJobHandlers(deps);
    const handlers = { notify_mail: all.notify_mail, send_mail: all.send_mail } as unknown as JobHandlers<JobPayloads>;
    worker = new JobWorker<JobPayloads>({ db: db(), clock, handlers });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('mails a new message in the member language, with the unsubscribe headers, through SMTP', async () => {
    const anna = await chatMember({ profile: { name: 'Anna' } });
    const bert = await member({ user: { language: 'de' } });
    const text = 'Hallo Bert! Ich habe dein Profil gesehen und finde, wir sollten uns unbedingt einmal treffen.';
    expect((await sendText(anna.browser, bert.profile.id, text)).status).toBe(200);

    const [job] = await mailJobsOf(bert.user.id);
    expect(job).toMatchObject({ status: 'queued', payload: { user_id: bert.user.id, kind: 'message' } });
    expect(job!.run_at.getTime() - clock.now().getTime()).toBe(120_000);
    await settle();
    expect(await mailsTo(bert.email)).toEqual([]);

    await advance(121);
    const [mail] = await mailsTo(bert.email);
    expect(mail).toMatchObject({ kind: 'notify_message', subject: 'Anna hat dir eine Nachricht geschickt' });
    expect(mail!.text).toContain('Du hast eine neue Nachricht von Anna bei Liefde.');
    const preview = mailPreview(text);
    expect([...preview].length).toBeLessThanOrEqual(60);
    expect(mail!.text).toContain(`Anna: „${preview}“`);
    expect(mail!.text).not.toContain(text);
    expect(mail!.html).not.toContain('unbedingt einmal treffen');
    const conversation = (
      await db().select().from(messages).where(eq(messages.sender_profile_id, anna.profile.id))
    )[0]!;
    expect(mail!.text).toContain(`${server.url}/chats/${conversation.conversation_id}`);

    // RFC 2369 / 8058 headers on the outbox row, built from the site's configured origin.
    const oneClick = new RegExp(`^<${server.url}/api/unsubscribe\\.php\\?u=${bert.user.id}&k=message&t=[\\w-]{43}>$`);
    expect(mail!.headers?.['List-Unsubscribe']).toMatch(oneClick);
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toMatch(new RegExp(`${server.url}/unsubscribe\\?u=${bert.user.id}&k=message&t=[\\w-]{43}&a=`));

    // ... and on the wire: the send_mail job handed them to nodemailer.
    const [wire] = smtpTo(bert.email);
    expect(wire).toBeDefined();
    expect(rawHeader(wire!.data, 'List-Unsubscribe')).toMatch(oneClick);
    expect(rawHeader(wire!.data, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect((await mailsTo(bert.email))[0]!.sent_at).not.toBeNull();
  });

  it('batches a burst into one mail per interval; the next mail sums up only what came after', async () => {
    const anna = await chatMember({ profile: { name: 'Anna' } });
    const cleo = await chatMember({ profile: { name: 'Cleo' } });
    const bert = await member({ user: { language: 'en' } });
    for (const n of [1, 2, 3, 4]) expect((await sendText(anna.browser, bert.profile.id, `Hi ${n}`)).status).toBe(200);
    expect((await sendText(cleo.browser, bert.profile.id, 'Hello from Cleo')).status).toBe(200);
    expect(await mailJobsOf(bert.user.id)).toHaveLength(1);

    await advance(121);
    const first = await mailsTo(bert.email);
    expect(first.map((m) => m.subject)).toEqual(['5 new messages from Cleo and Anna']);
    expect(first[0]!.text).toContain('Cleo: “Hello from Cleo”');
    expect(first[0]!.text).toContain(`${server.url}/chats\n`);

    // The next message waits for the interval, counted from the last mail.
    const sentAt = (await findBatch(db(), bert.user.id, 'message'))!.last_sent_at!;
    clock.advance(1);
    expect((await sendText(anna.browser, bert.profile.id, 'Are you there?')).status).toBe(200);
    const [, next] = await mailJobsOf(bert.user.id);
    expect(next!.run_at.getTime()).toBe(sentAt.getTime() + INTERVAL * 1000);
    expect((await sendText(anna.browser, bert.profile.id, 'Hello?')).status).toBe(200);
    expect(await mailJobsOf(bert.user.id)).toHaveLength(2);
    await advance(121);
    expect(await mailsTo(bert.email)).toHaveLength(1);
    await advance(INTERVAL);
    const second = await mailsTo(bert.email);
    expect(second.map((m) => m.subject)).toEqual(['5 new messages from Cleo and Anna', '2 new messages from Anna']);
    expect(second[1]!.text).toContain('Anna: “Hello?”');
  });

  it('sends nothing while the member is online, nor for a message read before the job', async () => {
    const anna = await chatMember({ profile: { name: 'Anna' } });
    const online = await member({ user: { language: 'en' } });
    await sendText(anna.browser, online.profile.id, 'You are online');
    await setActiveNow(online.user.id);
    await advance(121);
    expect(await mailsTo(online.email)).toEqual([]);
    expect((await findBatch(db(), online.user.id, 'message'))?.scheduled_at).toBeNull();
    // Offline again, the next message's mail tells both: nothing was mailed before.
    clock.advance(600);
    await sendText(anna.browser, online.profile.id, 'And now?');
    await advance(121);
    expect((await mailsTo(online.email)).map((m) => m.subject)).toEqual(['2 new messages from Anna']);

    const reader = await member();
    await sendText(anna.browser, reader.profile.id, 'Read me at once');
    const browser = await loginAs(server, reader);
    const [row] = await db()
      .select()
      .from(messages)
      .where(eq(messages.sender_profile_id, anna.profile.id))
      .orderBy(sql`${messages.id} desc`)
      .limit(1);
    expect((await browser.post('/api/chat-read.php', { conversation: row!.conversation_id })).status).toBe(200);
    await advance(121);
    expect(await mailsTo(reader.email)).toEqual([]);
    expect(smtpTo(reader.email)).toEqual([]);
  });

  it('mails a like to the liked member, and of a returned like only the match', async () => {
    const anna = await member({ profile: { name: 'Anna' } });
    const bert = await member({ user: { language: 'de' }, profile: { name: 'Bert' } });
    await db().insert(notification_settings).values({ user_id: bert.user.id, mail_language: 'fr' });
    await createPhoto(db(), anna.profile.id).then((photo) =>
      db().update(profiles).set({ main_photo_id: photo.id }).where(eq(profiles.id, anna.profile.id)),
    );
    const annaBrowser = await loginAs(server, anna);
    expect((await annaBrowser.post('/api/like.php', { profile: bert.profile.id })).json).toMatchObject({
      match: false,
    });
    await advance(121);
    const [like] = await mailsTo(bert.email);
    expect(like).toMatchObject({ kind: 'notify_like', subject: 'Anna a aimé ton profil' });
    expect(like!.text).toContain(`${server.url}/likes/received`);
    expect(like!.html).toMatch(/<img src="http:\/\/127\.0\.0\.1:\d+\/photos\/m\d+\.jpg" alt="Anna"/);

    const bertBrowser = await loginAs(server, bert);
    expect((await bertBrowser.post('/api/like.php', { profile: anna.profile.id })).json).toMatchObject({ match: true });
    await advance(121);
    expect((await mailsTo(anna.email)).map((m) => [m.kind, m.subject])).toEqual([
      ['notify_match', 'Het is een match: jij en Bert vinden elkaar leuk'],
    ]);
    expect((await mailsTo(anna.email))[0]!.text).toContain(`${server.url}/members/${bert.profile.id}`);
    expect(await mailsTo(bert.email)).toHaveLength(1);
    expect(await mailJobsOf(bert.user.id)).toHaveLength(1);
  });

  it('labels a fictional profile and shows no more of its conversation than the short preview', async () => {
    const operator = await createStaff(db(), 'operator', [siteId]);
    const fictional = await createProfile(db(), siteId, { name: 'Fenna', is_fictional: true, user_id: null });
    const dana = await member({ user: { language: 'en' } });
    const conversation = await createConversation(db(), siteId, fictional.id, dana.profile.id);
    const body = 'This is a very long message from a fictional profile that must never appear whole in a mail.';
    const [message] = await db()
      .insert(messages)
      .values({
        conversation_id: conversation.id,
        sender_profile_id: fictional.id,
        body,
        staff_id: operator.id,
        created_at: clock.now(),
      })
      .returning();
    await db()
      .update(conversationMembers)
      .set({ num_unread_messages: 1, last_read_message_id: null })
      .where(
        and(
          eq(conversationMembers.conversation_id, conversation.id),
          eq(conversationMembers.profile_id, dana.profile.id),
        ),
      );
    expect(await scheduleMailNotification(deps, { profileId: dana.profile.id, kind: 'message' })).not.toBeNull();
    // A message to a fictional profile mails nobody: it has no member.
    expect(await scheduleMailNotification(deps, { profileId: fictional.id, kind: 'message' })).toBeNull();
    await advance(121);
    const [mail] = await mailsTo(dana.email);
    expect(mail!.subject).toBe('Fenna sent you a message');
    expect(mail!.text).toContain(`Fenna (🎭 fictief profiel): “${mailPreview(message!.body)}”`);
    expect(mail!.text).toContain('🎭 fictief profiel: Dit profiel is fictief; fysiek contact is niet mogelijk.');
    expect(mail!.text).not.toContain(body);
    expect(mail!.html).not.toContain('appear whole in a mail');
  });

  it('sends the weekly digest of new members who suit the member, at most once a week', async () => {
    const other = (await createSite(db(), { name: 'Digest' })).id;
    const viewer = await createMember(db(), other, {
      user: { language: 'en' },
      profile: { gender: 'male', sexuality: 'hetero', age: 30, country: 'NL' },
    });
    const withPhoto = async (opts: Parameters<typeof createProfile>[2]) => {
      const profile = await createProfile(db(), other, { gender: 'female', sexuality: 'hetero', age: 29, ...opts });
      const photo = await createPhoto(db(), profile.id);
      await db().update(profiles).set({ main_photo_id: photo.id }).where(eq(profiles.id, profile.id));
      return profile;
    };
    const fresh: { id: number }[] = [];
    for (let i = 0; i < 6; i++) fresh.push(await withPhoto({ name: `New${i}` }));
    const fictional = await withPhoto({ name: 'Fictie', is_fictional: true, user_id: null });
    const old = await withPhoto({ name: 'Old', created_at: new Date(clock.now().getTime() - 10 * 86_400_000) });
    const man = await withPhoto({ name: 'Man', gender: 'male' });
    const tooOld = await withPhoto({ name: 'Senior', age: 60 });
    const blocked = await withPhoto({ name: 'Blocked' });
    await createBlock(db(), blocked.id, viewer.profile.id);
    const hidden = await createMember(db(), other, {
      user: { invisible: true },
      profile: { gender: 'female', age: 29 },
    });
    const noPhoto = await createProfile(db(), other, { name: 'NoPhoto', gender: 'female', age: 29 });
    const offDigest = await createMember(db(), other, { profile: { gender: 'male', age: 30 } });
    await db().insert(notification_settings).values({ user_id: offDigest.user.id, mail_digest: false });

    expect(await sendDigests(deps)).toBeGreaterThan(0);
    await settle();
    const [digest, ...more] = await mailsTo(viewer.email);
    expect(more).toEqual([]);
    expect(digest).toMatchObject({ kind: 'digest', subject: '6 new members for you at Digest' });
    expect(digest!.headers?.['List-Unsubscribe']).toMatch(/k=digest/);
    const shown = [...digest!.text.matchAll(/\/members\/(\d+)/g)].map((m) => Number(m[1]));
    expect(shown).toHaveLength(6);
    for (const id of [old.id, man.id, tooOld.id, blocked.id, hidden.profile.id, noPhoto.id])
      expect(shown).not.toContain(id);
    expect(shown.every((id) => [...fresh.map((p) => p.id), fictional.id].includes(id))).toBe(true);
    expect(shown).toContain(fictional.id);
    expect(digest!.text).toContain('Fictie, 29 · Amsterdam · 🎭 fictief profiel');
    expect(await mailsTo(offDigest.email)).toEqual([]);

    // Run again the same week (a retry, a second instance): nobody gets a second digest.
    clock.advance(3600);
    await sendDigests(deps);
    expect(await mailsTo(viewer.email)).toHaveLength(1);
  });

  it('unsubscribes with one click and no login, refuses a forged token, offers all and undoes', async () => {
    const anna = await member({ profile: { name: 'Anna' } });
    const uma = await member({ user: { language: 'en' } });
    await (await loginAs(server, anna)).post('/api/like.php', { profile: uma.profile.id });
    await advance(121);
    const [mail] = await mailsTo(uma.email);
    const oneClick = mail!.headers!['List-Unsubscribe']!.slice(1, -1);
    const path = oneClick.slice(server.url.length);
    const visitor = new Browser(server.url);
    const form = (target: string, body: string, type = 'application/x-www-form-urlencoded') =>
      fetch(`${server.url}${target}`, { method: 'POST', headers: { 'content-type': type }, body });

    // The mail client's POST: no cookie, no client header, the RFC 8058 form body.
    const done = await form(path, 'List-Unsubscribe=One-Click');
    expect(done.status).toBe(200);
    expect((await done.json()) as unknown).toEqual({ kind: 'like', site_name: 'Liefde', unsubscribed: true });
    const [settings] = await db()
      .select()
      .from(notification_settings)
      .where(eq(notification_settings.user_id, uma.user.id));
    expect(settings).toMatchObject({ mail_like: false, mail_message: true, mail_match: true, mail_digest: true });
    expect((await visitor.get(path)).json).toEqual({ kind: 'like', site_name: 'Liefde', unsubscribed: true });
    // multipart/form-data, which RFC 8058 asks mail clients to prefer, works the same.
    const multipart = new FormData();
    multipart.set('List-Unsubscribe', 'One-Click');
    expect((await fetch(`${server.url}${path}`, { method: 'POST', body: multipart })).status).toBe(200);

    // The kind is off: a new like schedules nothing.
    const cleo = await member({ profile: { name: 'Cleo' } });
    await (await loginAs(server, cleo)).post('/api/like.php', { profile: uma.profile.id });
    expect(await mailJobsOf(uma.user.id)).toHaveLength(1);

    // Forged: another token, another member, another kind.
    const token = new URL(oneClick).searchParams.get('t')!;
    const forged = [
      path.replace(token, `${token.slice(0, -2)}AA`),
      path.replace(`u=${uma.user.id}`, `u=${anna.user.id}`),
      path.replace('k=like', 'k=message'),
      path.replace('k=like', 'k=all'),
    ];
    for (const target of forged) {
      const res = await form(target, 'List-Unsubscribe=One-Click');
      expect(res.status, target).toBe(404);
      expect(((await res.json()) as { error: string }).error).toBe('not_found');
      expect((await visitor.get(target)).status).toBe(404);
    }
    expect((await form(path, 'something=else')).status).toBe(400);

    // Undo from the page (JSON), then "all notification mails" with the page link's `a` token.
    const undo = await visitor.post(path, { resubscribe: true }, { clientHeader: false });
    expect(undo.json).toEqual({ kind: 'like', site_name: 'Liefde', unsubscribed: false });
    const page = new URL(/https?:\/\/\S+\/unsubscribe\?\S+/.exec(mail!.text)![0]);
    const all = `/api/unsubscribe.php?u=${uma.user.id}&k=all&t=${page.searchParams.get('a')}`;
    expect((await visitor.post(all, {})).json).toEqual({ kind: 'all', site_name: 'Liefde', unsubscribed: true });
    const umaBrowser = await loginAs(server, uma);
    expect((await umaBrowser.get('/api/user.php')).json.notifications_disabled).toEqual(['unsubscribe']);
    await sendText((await chatMember()).browser, uma.profile.id, 'Hello?');
    expect(await mailJobsOf(uma.user.id)).toHaveLength(1);
    expect((await visitor.post(all, { resubscribe: true })).json.unsubscribed).toBe(false);
    expect((await umaBrowser.get('/api/user.php')).json.notifications_disabled).toEqual([]);
  });

  it('disables mail for bounces and complaints in both webhook shapes; 401 without the secret', async () => {
    const bounced = await member();
    const complained = await member();
    const sgBounce = await member();
    const sgSoft = await member();
    const sgSpam = await member();
    const sgDropped = await member();
    const hook = (body: unknown, opts: { auth?: string; query?: string } = {}) =>
      fetch(`${server.url}/api/mail-webhook.php${opts.query ?? ''}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(opts.auth ? { authorization: opts.auth } : {}) },
        body: JSON.stringify(body),
      });
    const disabledOf = async (userId: number) =>
      (await db().select().from(users).where(eq(users.id, userId)))[0]!.notifications_disabled;

    for (const opts of [{}, { auth: 'Bearer wrong' }, { query: '?token=wrong' }, { auth: `Basic ${WEBHOOK_SECRET}` }]) {
      const res = await hook({ type: 'bounce', email: bounced.email }, opts);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: string }).error).toBe('authentication_required');
    }
    expect(await disabledOf(bounced.user.id)).toEqual([]);
    // Without a configured secret every call is refused.
    await expect(
      handleMailFeedback(
        {
          ...deps,
          config: { ...deps.config, notifications: { ...deps.config.notifications, mailWebhookSecret: undefined } },
        },
        { authorization: 'Bearer ', token: '', body: { type: 'bounce', email: bounced.email } },
      ),
    ).rejects.toMatchObject({ code: 'authentication_required', statusCode: 401 });

    const auth = `Bearer ${WEBHOOK_SECRET}`;
    const generic = await hook({ type: 'bounce', email: bounced.email.toUpperCase() }, { auth });
    expect(await generic.json()).toEqual({ ok: true, disabled: 1 });
    const list = await hook([{ type: 'complaint', email: complained.email }], { query: `?token=${WEBHOOK_SECRET}` });
    expect(await list.json()).toEqual({ ok: true, disabled: 1 });
    const sendgrid = await hook(
      [
        { event: 'processed', email: sgBounce.email, timestamp: 1_700_000_000 },
        { event: 'bounce', type: 'blocked', email: sgSoft.email, reason: '421 try later' },
        { event: 'bounce', type: 'bounce', email: sgBounce.email, reason: '550 no such user', sg_event_id: 'e1' },
        { event: 'spamreport', email: sgSpam.email },
        { event: 'dropped', email: sgDropped.email, reason: 'Bounced Address' },
      ],
      { auth },
    );
    expect(await sendgrid.json()).toEqual({ ok: true, disabled: 3 });
    expect(await disabledOf(bounced.user.id)).toEqual(['bounce']);
    expect(await disabledOf(complained.user.id)).toEqual(['complaint']);
    expect(await disabledOf(sgBounce.user.id)).toEqual(['bounce']);
    expect(await disabledOf(sgSoft.user.id)).toEqual([]);
    expect(await disabledOf(sgSpam.user.id)).toEqual(['complaint']);
    expect(await disabledOf(sgDropped.user.id)).toEqual(['bounce']);
    expect(await listMailFeedback(db(), sgBounce.email)).toMatchObject([
      { kind: 'bounce', provider: 'sendgrid', detail: { event: 'bounce', type: 'bounce', sg_event_id: 'e1' } },
    ]);
    // The same bounce again records it, disables nobody twice.
    expect(await (await hook({ type: 'bounce', email: bounced.email }, { auth })).json()).toEqual({
      ok: true,
      disabled: 0,
    });
    expect(await disabledOf(bounced.user.id)).toEqual(['bounce']);
    // Neither shape: 400, nothing written.
    for (const body of [
      { foo: 1 },
      [{ type: 'bounce' }],
      [{ type: 'complaint', email: sgSoft.email }, 'x'],
      'bounce',
    ]) {
      const res = await hook(body, { auth });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await disabledOf(sgSoft.user.id)).toEqual([]);

    // The member sees it, and notification mail stops; account mail still goes.
    const browser = await loginAs(server, bounced);
    expect((await browser.get('/api/user.php')).json.notifications_disabled).toEqual(['bounce']);
    const anna = await chatMember();
    await sendText(anna.browser, bounced.profile.id, 'Hello?');
    expect(await mailJobsOf(bounced.user.id)).toEqual([]);
    expect((await new Browser(server.url).post('/api/password-reset.php', { email: bounced.email })).status).toBe(200);
    expect((await mailsTo(bounced.email)).map((m) => m.kind)).toEqual(['password_reset']);
  });

  it('leaves a waiting mail alone, with one read far from its time and with the upsert close to it', async () => {
    const waiting = await member();
    const first = await scheduleMailNotification(deps, { profileId: waiting.profile.id, kind: 'like' });
    expect(first).not.toBeNull();
    // Far from its time: the read alone sees the mail waiting.
    expect(await scheduleMailNotification(deps, { profileId: waiting.profile.id, kind: 'like' })).toBeNull();
    // Close to its time (its job may be about to gather): the batch upsert decides, and adds nothing.
    clock.advance((first!.getTime() - clock.now().getTime()) / 1000 - 5);
    expect(await scheduleMailNotification(deps, { profileId: waiting.profile.id, kind: 'like' })).toBeNull();
    expect(await mailJobsOf(waiting.user.id)).toHaveLength(1);
    expect((await findBatch(db(), waiting.user.id, 'like'))?.scheduled_at?.getTime()).toBe(first!.getTime());
  });

  it('never sends a mail enqueued in a transaction that rolled back', async () => {
    const gone = await member();
    const rollback = new Error('rollback');
    await expect(
      db().transaction(async (tx) => {
        const runAt = await scheduleBatchWithJob(
          tx,
          gone.user.id,
          'message',
          { now: clock.now(), delaySeconds: 0, intervalSeconds: INTERVAL, staleAfterSeconds: 86_400 },
          { kind: 'notify_mail', payload: { user_id: gone.user.id, kind: 'message' }, maxAttempts: 10 },
        );
        expect(runAt).not.toBeNull();
        const mail = {
          siteId,
          kind: 'notify_message',
          from: 'a@b.test',
          to: gone.email,
          subject: 'S',
          text: 'T',
          html: '',
        };
        await deps.mailer.send(mail, { tx });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await findBatch(db(), gone.user.id, 'message')).toBeNull();
    expect(await mailJobsOf(gone.user.id)).toEqual([]);
    await advance(3600);
    expect(await mailsTo(gone.email)).toEqual([]);
    expect(smtpTo(gone.email)).toEqual([]);

    // A notify_mail job that fails after writing the mail rolls it back too; its retry sends it once.
    const anna = await chatMember({ profile: { name: 'Anna' } });
    const kept = await member();
    await sendText(anna.browser, kept.profile.id, 'Once');
    clock.advance(121);
    const crashing = {
      ...deps,
      mailer: {
        ...deps.mailer,
        send: async (...args: Parameters<AppDeps['mailer']['send']>) => {
          await deps.mailer.send(...args);
          throw new Error('crash after the outbox row');
        },
      },
    };
    await expect(writeMailNotification(crashing, { user_id: kept.user.id, kind: 'message' })).rejects.toThrow('crash');
    expect(await mailsTo(kept.email)).toEqual([]);
    expect((await findBatch(db(), kept.user.id, 'message'))?.scheduled_at).not.toBeNull();
    await settle();
    expect(await mailsTo(kept.email)).toHaveLength(1);
    expect(smtpTo(kept.email)).toHaveLength(1);
  });
});

describe('notification mail rendering', () => {
  it('escapes member text in the HTML part and cuts previews to 60 characters', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const mail = renderNotificationMail({
      kind: 'message',
      locale: 'en',
      siteName: 'Love <3',
      memberName: evil,
      count: 1,
      profiles: [
        { name: evil, age: 30, city: null, photoUrl: null, link: 'https://s.test/members/1', fictional: false },
      ],
      others: 0,
      preview: {
        from: { name: evil, age: 30, city: null, photoUrl: null, link: 'https://s.test/members/1', fictional: false },
        kind: 'text',
        text: mailPreview(`${evil} ${'x'.repeat(100)}`),
      },
      fictionalLabel: '🎭 fictional',
      fictionalWarning: '',
      actionLink: 'https://s.test/chats/1?a=1&b=2',
      settingsLink: 'https://s.test/notifications',
      unsubscribeLink: 'https://s.test/unsubscribe?u=1&k=message&t=x',
    });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(mail.html).toContain('href="https://s.test/chats/1?a=1&#38;b=2"');
    expect(mail.text).toContain(evil);
    expect(mailPreview('a '.repeat(100)).length).toBeLessThanOrEqual(60);
    expect(mailPreview('word '.repeat(30)).endsWith('…')).toBe(true);
    expect([...mailPreview('😀'.repeat(80))]).toHaveLength(60);
    expect(mailPreview('  short\n\ntext ')).toBe('short text');
  });

  it('picks the plural forms of the language (Polish few and many)', () => {
    const base = {
      kind: 'like' as const,
      siteName: 'S',
      memberName: 'M',
      profiles: [{ name: 'Ala', age: null, city: null, photoUrl: null, link: 'https://s.test/m/1', fictional: false }],
      fictionalLabel: '',
      fictionalWarning: '',
      actionLink: 'https://s.test',
      settingsLink: 'https://s.test',
      unsubscribeLink: 'https://s.test',
    };
    expect(renderNotificationMail({ ...base, locale: 'pl', count: 3, others: 2 }).subject).toBe(
      '3 nowe polubienia od: Ala i 2 inne osoby',
    );
    expect(renderNotificationMail({ ...base, locale: 'pl', count: 6, others: 5 }).subject).toBe(
      '6 nowych polubień od: Ala i 5 innych osób',
    );
    expect(renderNotificationMail({ ...base, locale: 'en', count: 1, others: 0 }).subject).toBe('Ala likes you');
  });
});
