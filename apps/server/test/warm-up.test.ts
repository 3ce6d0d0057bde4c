/**
 * The warm-up of a start (lifecycle/warm-up.ts; issue 31, the chat's first seconds): every pool
 * connection is opened and has parsed the hot reads, the hot calls run once in process, and none of
 * it writes anything or keeps the server from listening afterwards.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { trackRequests } from '../src/lifecycle/in-flight.js';
import { warmDatabase, warmRoutes } from '../src/lifecycle/warm-up.js';
import { dbKinds, openTestDatabase } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';

/** Row counts of the tables a member request or a send could write to. */
async function writtenRows(database: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['messages', 'conversations', 'credit_ledger', 'sessions', 'jobs', 'page_events']) {
    const rows = (await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as
      | { rows: { n: number }[] }
      | { n: number }[];
    counts[table] = (Array.isArray(rows) ? rows : rows.rows)[0]?.n ?? -1;
  }
  return counts;
}

describe.each(dbKinds())('warm-up at start (%s)', (kind) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('opens every pool connection, runs the hot calls once, writes nothing, and the server listens after', async () => {
    const database = await openTestDatabase(kind);
    const site = await createSite(database.db, { is_default: true, domain: 'localhost' });
    await createMember(database.db, site.id);
    const config = { ...loadConfig({ WEB_DIST: '/nonexistent', DATA_DIR: '/tmp/test-data' }), logLevel: 'silent' };
    const app = await buildApp(config, database.db);
    close = async () => {
      await app.close();
      await database.close();
    };
    const before = await writtenRows(database);

    expect(await warmDatabase(database)).toBeGreaterThan(0);
    if (kind === 'postgres') {
      const pool = (database.db as unknown as { $client: { totalCount: number; options: { max: number } } }).$client;
      expect(pool.totalCount).toBe(pool.options.max);
    }
    trackRequests(app);
    const warmed = await warmRoutes(app);
    // A visitor's answers: read-only calls answer, the send is refused; never a server error.
    expect(warmed.statuses).toHaveLength(14);
    expect(warmed.statuses.filter((status) => status >= 500)).toEqual([]);
    expect(warmed.statuses.at(-1)).toBe(403);

    expect(await writtenRows(database)).toEqual(before);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const answer = await fetch(`http://127.0.0.1:${port}/api/settings.php`);
    expect(answer.status).toBe(200);
  });
});
