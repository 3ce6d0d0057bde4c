import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { listJobs } from '../src/db/repositories/jobs.js';
import { outbox } from '../src/db/schema.js';
import type { JobPayloads } from '../src/jobs/kinds.js';
import { createJobQueue } from '../src/jobs/queue.js';
import { JobWorker } from '../src/jobs/worker.js';
import { createMailer, type OutgoingMail } from '../src/mail/mailer.js';
import { type ChildServer, createChildServer } from './helpers/child-server.js';
import { dbKinds, openTestDatabase } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';
import { Browser } from './helpers/server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, polling every 100 ms; fails after `ms`. */
async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * Just enough of an SMTP server on 127.0.0.1 for nodemailer: it refuses MAIL FROM with a
 * temporary 451 as long as `refuse` is above 0 (counting down), and keeps every accepted message.
 */
async function startFakeSmtp() {
  const state = { refuse: 0, sessions: 0, refused: 0, received: [] as { to: string[]; data: string }[] };
  const server = net.createServer((socket) => {
    state.sessions++;
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
            state.received.push({ to, data });
            data = null;
            reply('250 queued');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake-smtp');
        else if (verb === 'MAIL') {
          if (state.refuse > 0) {
            state.refuse--;
            state.refused++;
            reply('451 4.3.0 try again later');
          } else reply('250 ok');
        } else if (verb === 'RCPT') {
          to.push(line.slice(8).trim());
          reply('250 ok');
        } else if (verb === 'DATA') {
          data = '';
          reply('354 go ahead');
        } else if (verb === 'RSET') {
          to = [];
          reply('250 ok');
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
  return { state, url: `smtp://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

describe.each(dbKinds())('mail through the job queue on %s', (kind) => {
  let database: Database;
  const clock = new ManualClock(new Date('2031-05-01T09:00:00Z'));
  const queue = createJobQueue(clock);
  const mail = (to: string): OutgoingMail => ({
    siteId: 1,
    kind: 'activation',
    from: '"Site" <noreply@site.test>',
    to,
    subject: 'Welcome',
    text: 'Hello',
    html: '<p>Hello</p>',
  });
  const outboxTo = async (to: string) => database.db.select().from(outbox).where(eq(outbox.recipient, to));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('sends no mail for a change that rolled back, and delivers a committed one through the worker', async () => {
    const delivered: string[] = [];
    let failures = 1;
    const mailer = createMailer(
      { smtpUrl: undefined, smtpFrom: undefined },
      database.db,
      () => clock.now(),
      {
        deliver: async (m) => {
          if (failures-- > 0) throw new Error('421 busy');
          delivered.push(m.to);
        },
      },
      queue,
    );
    const worker = new JobWorker<JobPayloads>({
      db: database.db,
      clock,
      handlers: {
        send_mail: (p) => mailer.deliverQueued(p),
        send_sms: async () => undefined,
        purge_sessions: async () => undefined,
        erase_accounts: async () => undefined,
        expire_payments: async () => undefined,
        purge_jobs: async () => undefined,
        purge_records: async () => undefined,
        dashboard_rollup: async () => undefined,
        notify_push: async () => undefined,
        notify_mail: async () => undefined,
        verify_selfie: async () => undefined,
        mail_digest: async () => undefined,
        scan_behaviour: async () => undefined,
        score_photo: async () => undefined,
      },
    });
    const rollback = new Error('rollback');
    await expect(
      database.db.transaction(async (tx) => {
        await mailer.send(mail('gone@example.com'), { tx });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    await database.db.transaction((tx) => mailer.send(mail('kept@example.com'), { tx }));
    await mailer.send(mail('alone@example.com'));
    // The outbox has the mail as soon as send returns; SMTP has not been tried yet.
    expect(await outboxTo('gone@example.com')).toEqual([]);
    expect(await outboxTo('kept@example.com')).toMatchObject([{ sent_at: null, error: null }]);
    expect(delivered).toEqual([]);

    expect(await worker.runDue()).toBe(2);
    expect(delivered).toHaveLength(1);
    const failedFirst = ['kept@example.com', 'alone@example.com'].find((to) => !delivered.includes(to))!;
    expect(await outboxTo(failedFirst)).toMatchObject([{ sent_at: null, error: '421 busy' }]);
    clock.advance(2);
    expect(await worker.runDue()).toBe(1);
    clock.advance(3600);
    expect(await worker.runDue()).toBe(0);
    expect(delivered.sort()).toEqual(['alone@example.com', 'kept@example.com']);
    expect(await outboxTo(failedFirst)).toMatchObject([{ sent_at: expect.any(Date), error: null }]);
    const jobs = await listJobs(database.db, 'send_mail');
    expect(jobs.map((j) => j.status)).toEqual(['done', 'done']);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a mail survives a server kill between commit and send', () => {
  // The suite's body is collected (then skipped) without TEST_DATABASE_URL too: a URL that parses.
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://unset/';
  const dbName = `t_jobs_mail_${randomBytes(5).toString('hex')}`;
  const url = (() => {
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    return u.toString();
  })();
  let database: Database | undefined;
  let child: ChildServer | undefined;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>> | undefined;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${dbName}`);
    database = await openDatabase({ url, dataDir: '' });
    smtp = await startFakeSmtp();
    child = await createChildServer({ databaseUrl: url, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await child?.stop();
    await smtp?.close();
    await database?.close();
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  it('delivers the mail once after the server was killed before it got it out', { timeout: 120_000 }, async () => {
    onTestFailed(() => console.error(`child server output:\n${child?.output().slice(-6000)}`));
    const db = database!.db;
    const site = await createSite(db, { is_default: true });
    const member = await createMember(db, site.id);
    smtp!.state.refuse = 1;
    await child!.start();

    const asked = await new Browser(child!.url).post('/api/password-reset.php', { email: member.email });
    expect(asked.status, JSON.stringify(asked.json)).toBe(200);
    // Committed: the outbox row and its job exist once the call has returned.
    const [row] = await db.select().from(outbox).where(eq(outbox.recipient, member.email));
    expect(row).toMatchObject({ kind: 'password_reset', sent_at: null });
    // The first delivery is refused; the server dies before the retry.
    await waitFor('the refused first attempt', async () => {
      const [job] = await listJobs(db, 'send_mail');
      return smtp!.state.refused === 1 && job?.attempts === 1 && job.lock_token === null;
    });
    await child!.kill('SIGKILL');
    expect(smtp!.state.received).toEqual([]);
    const [waiting] = await listJobs(db, 'send_mail');
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, last_error: expect.stringContaining('451') });

    await child!.start();
    await waitFor('the mail at the SMTP server', () => smtp!.state.received.length > 0);
    await sleep(1500);
    expect(smtp!.state.received).toHaveLength(1);
    expect(smtp!.state.received[0]!.to).toEqual([`<${member.email}>`]);
    expect(smtp!.state.received[0]!.data).toContain('Subject:');
    await waitFor('the outbox row marked sent', async () => {
      const [sent] = await db.select().from(outbox).where(eq(outbox.id, row!.id));
      return sent?.sent_at !== null;
    });
    const [after] = await db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(after!.error).toBeNull();
    const [job] = await listJobs(db, 'send_mail');
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
  });
});
