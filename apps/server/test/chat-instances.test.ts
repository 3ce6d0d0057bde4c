import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { connectRealtime, createChatMember, sendText } from './helpers/chat-factories.js';
import { createSite } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// Two app instances on one PostgreSQL database: the LISTEN/NOTIFY bus carries events between them.
describe.skipIf(!process.env.TEST_DATABASE_URL)('chat: realtime across two server instances on PostgreSQL', () => {
  let first: TestServer;
  let second: { url: string; close(): Promise<void> };
  let siteId: number;

  beforeAll(async () => {
    first = await startTestServer('postgres');
    // The same database as `first`, through its own pool, as another instance would have.
    const pool = (first.database.db as unknown as { $client: { options: { connectionString: string } } }).$client;
    const database = await openDatabase({ url: pool.options.connectionString, dataDir: '' });
    const config = { ...loadConfig({ WEB_DIST: '/nonexistent', DATA_DIR: '/tmp/test-data' }), logLevel: 'silent' };
    const app = await buildApp(config, database.db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    second = {
      url: `http://127.0.0.1:${port}`,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
    siteId = (await createSite(first.database.db, { is_default: true })).id;
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('delivers a message sent through instance 2 to a socket on instance 1', async () => {
    const db = first.database.db;
    const reader = await createChatMember(db, siteId, first.url);
    const writer = await createChatMember(db, siteId, second.url, { credits: 50 });
    const onFirst = await connectRealtime(first.url, reader.browser);
    try {
      const sent = await sendText(writer.browser, reader.profile.id, 'Via de andere server');
      expect(sent.status).toBe(200);
      const event = await onFirst.waitFor((e) => e.type === 'message');
      expect(event.message).toMatchObject({ id: sent.json.message.id, body: 'Via de andere server' });
    } finally {
      onFirst.close();
    }
  });
});
