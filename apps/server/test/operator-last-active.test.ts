/**
 * The operator's member panel shows when the member was really last active (issue 32, operators): a
 * member who logs in after a day away and sends a message at once is active now, not yesterday.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fictionalPersonas, users } from '../src/db/schema.js';
import { createChatMember, sendText } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createProfile, createSite } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createStaff, loginStaff } from './helpers/staff.js';

describe.each(dbKinds())("the operator's member panel: last active on %s", (kind) => {
  let server: TestServer;
  let db: TestServer['database']['db'];

  beforeAll(async () => {
    server = await startTestServer(kind);
    db = server.database.db;
  });
  afterAll(() => server?.close());

  it('is the login and the message the member just sent, not their previous visit', async () => {
    const site = await createSite(db, { is_default: true });
    const fictional = await createProfile(db, site.id, {
      is_fictional: true,
      user_id: null,
      name: `Fictie${randomUUID().slice(0, 6)}`,
    });
    await db.insert(fictionalPersonas).values({ profile_id: fictional.id, persona_note: 'Loves sailing.' });
    const yesterday = new Date(Date.now() - 26 * 3600 * 1000);
    const started = Date.now();
    const member = await createChatMember(db, site.id, server.url, {
      user: { last_active_at: yesterday },
      profile: { last_active_at: yesterday },
    });
    const [account] = await db.select().from(users).where(eq(users.id, member.user.id));
    expect(account?.last_active_at?.getTime()).toBeGreaterThanOrEqual(started - 1000);

    const sent = await sendText(member.browser, fictional.id, 'Hoi, ben je er?');
    expect(sent.status).toBe(200);
    const operator = await loginStaff(server.url, await createStaff(db, 'operator', [site.id]));
    const opened = await operator.post('/api/admin/inbox-open.php', { id: sent.json.conversation });
    expect(opened.status).toBe(200);
    const message = opened.json.messages.at(-1) as { created_at: string };
    const lastActive = Date.parse(opened.json.member.last_active_at);
    expect(lastActive).toBeGreaterThanOrEqual(Date.parse(message.created_at));
    expect(lastActive).toBeGreaterThan(yesterday.getTime() + 25 * 3600 * 1000);
  });
});
