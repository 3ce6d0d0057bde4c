/**
 * The server's logs (issue: production, "Seeing what it does"; docs/operations.md): one JSON line
 * per request with its request id (taken from x-request-id when sane, echoed back), route, status,
 * time and member id; and never a password, a session token, a message text, a mail's body or a
 * link's token, also when a failed query carries them in its error. Real server, both databases.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { outbox } from '../src/db/schema.js';
import { createChatMember, sendText } from './helpers/chat-factories.js';
import { dbKinds, openTestDatabase } from './helpers/database.js';
import { createSite } from './helpers/factories.js';
import { refuseExplodingMessages } from './helpers/refuse-messages.js';
import { Browser } from './helpers/server.js';

/** A logged line as JSON. */
type LogLine = Record<string, unknown>;

describe.each(dbKinds())('logging on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let url: string;
  let siteId: number;
  const written: string[] = [];
  const lines = (): LogLine[] => written.map((line) => JSON.parse(line) as LogLine);
  const logStream = { write: (line: string) => void written.push(line) };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const config = loadConfig({ LOG_LEVEL: 'info', WEB_DIST: '/nonexistent', DATA_DIR: '/tmp/test-data' });
    app = await buildApp(config, database.db, undefined, {}, { logStream });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    config.publicUrl = url;
    siteId = (await createSite(database.db, { is_default: true, message_credits: 10 })).id;
    await refuseExplodingMessages(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('writes one JSON line per request with the request id, route, status, time and member id, never the e-mail', async () => {
    const member = await createChatMember(database.db, siteId, url);
    const requestId = `trace-${randomUUID().slice(0, 8)}.1_x`;
    const res = await member.browser.get('/api/user.php', { headers: { 'x-request-id': requestId } });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe(requestId);

    const own = lines().filter((line) => line.reqId === requestId);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      route: '/api/user.php',
      status: 200,
      member: member.user.id,
    });
    expect(typeof own[0]?.ms).toBe('number');
    expect(JSON.stringify(own)).not.toContain(member.email);
  });

  it('gives a request with an odd x-request-id a new id, in the response and the log', async () => {
    const res = await new Browser(url).get('/api/settings.php?route=/', { headers: { 'x-request-id': 'a b' } });
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines().filter((line) => line.reqId === id)).toMatchObject([{ route: '/api/settings.php', status: 200 }]);
  });

  it('logs no password, session token, message text, mail body or link token, also when a query with them fails', async () => {
    const from = written.length;
    const member = await createChatMember(database.db, siteId, url);
    const other = await createChatMember(database.db, siteId, url);
    const sid = member.browser.cookie('sid') ?? '';
    expect(sid.length).toBeGreaterThan(10);

    const text = `Geheime tekst ${randomUUID()}`;
    expect((await sendText(member.browser, other.profile.id, text)).status).toBe(200);
    const exploding = `explode: heel geheim ${randomUUID()}`;
    const failed = await sendText(member.browser, other.profile.id, exploding);
    expect(failed.status).toBe(500);

    const visitor = new Browser(url);
    expect((await visitor.post('/api/password-reset.php', { email: member.email })).status).toBe(200);
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, member.email))
      .orderBy(desc(outbox.id))
      .limit(1);
    const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token.length).toBeGreaterThan(10);
    const newPassword = `Nieuw-Wachtwoord-${randomUUID().slice(0, 6)}!`;
    const reset = await visitor.post('/api/password-reset-do.php', {
      token,
      password: newPassword,
      password_repeat: newPassword,
    });
    expect(reset.status, JSON.stringify(reset.json)).toBe(200);
    // A caller's credentials in headers and a token in the query string.
    await visitor.get(`/api/settings.php?route=/&token=${token}`, {
      headers: { authorization: `Bearer ${sid}`, cookie: `sid=${sid}` },
    });

    const logged = written.slice(from).join('');
    // The failed send was logged with its error (PostgreSQL's raise_exception), without the text.
    const errorLine = lines()
      .slice(from)
      .find((line) => line.msg === 'unhandled error');
    expect(errorLine, logged.slice(0, 2000)).toMatchObject({ level: 50, err: { code: 'P0001' } });
    for (const secret of [member.password, newPassword, sid, token, text, exploding, member.email]) {
      expect(logged, `the log holds ${secret}`).not.toContain(secret);
    }
    for (const part of (mail?.text ?? '').split('\n').filter((l) => l.trim().length > 20)) {
      expect(logged, 'the log holds a line of the mail').not.toContain(part.trim());
    }
    expect(logged).not.toContain('heel geheim');
  });

  it('logs that a member gave a reason for deleting the account, never the reason itself', async () => {
    const from = written.length;
    const member = await createChatMember(database.db, siteId, url);
    const reason = `Ik heb iemand ontmoet ${randomUUID()}`;
    const res = await member.browser.post('/api/account-delete.php', { password: member.password, reason });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const logged = written.slice(from).join('');
    expect(logged).not.toContain(reason);
    expect(logged).not.toContain('Ik heb iemand ontmoet');
    expect(
      lines()
        .slice(from)
        .find((line) => line.msg === 'account deletion reason given'),
    ).toMatchObject({
      reason_chars: reason.length,
    });
  });

  it("logs a failed query's error without the values of its parameters", async () => {
    const secret = `geheim-${randomUUID()}`;
    const err = await database.db.execute(sql`select ${secret}::text as t, 1 / 0 as boom`).catch((e: unknown) => e);
    expect(String((err as Error).message)).toContain(secret);
    const from = written.length;
    app.log.error({ err }, 'probe of a failed query');
    const logged = written.slice(from).join('');
    expect(logged).toContain('Failed query');
    expect(logged).toContain('params: [redacted]');
    expect(logged).not.toContain(secret);
  });
});
