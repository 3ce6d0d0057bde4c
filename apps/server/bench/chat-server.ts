/**
 * The server process of `npm run bench:chat`: the real app on loopback over the database of
 * DATABASE_URL, in its own process so the load generator does not share its event loop.
 * Tells the parent its port over IPC.
 */
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';

const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent' }), logLevel: 'silent' };
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp(config, database.db);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', async (msg) => {
  if (msg !== 'stop') return;
  await app.close();
  await database.close();
  process.exit(0);
});
