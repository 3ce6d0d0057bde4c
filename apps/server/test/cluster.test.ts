/**
 * WEB_CONCURRENCY (cluster.ts, issue: throughput): the server as several worker processes on one
 * port, each a whole instance over the same PostgreSQL database. Needs TEST_DATABASE_URL.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { type ChildServer, createChildServer } from './helpers/child-server.js';
import { openTestDatabase } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';
import { Browser } from './helpers/server.js';

function urlOf(database: Database): string {
  return (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
    .connectionString;
}

/** Process ids of the children of `pid` (the cluster's workers), from /proc. */
function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text ? text.split(' ').map(Number) : [];
}

/**
 * Polls `check` up to `tries` times, 100 ms apart; false if it never held. A check that throws (a
 * refused connection while no worker listens on the port yet) counts as not holding yet.
 */
async function eventually(check: () => boolean | Promise<boolean>, tries = 300): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    const held = await Promise.resolve()
      .then(check)
      .catch(() => false);
    if (held) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the server as several worker processes (PostgreSQL)', () => {
  let database: Database;
  let member: Awaited<ReturnType<typeof createMember>>;
  let server: ChildServer;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    const site = await createSite(database.db, { is_default: true });
    member = await createMember(database.db, site.id);
    server = await createChildServer({ databaseUrl: urlOf(database), env: { WEB_CONCURRENCY: '2' } });
    await server.start();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  it('serves from two workers on one port; a session made through one works through the other', async () => {
    const primary = server.pid as number;
    expect(await eventually(() => childrenOf(primary).length === 2), 'two workers').toBe(true);
    const browser = new Browser(server.url);
    expect((await browser.post('/api/user.php', { email: member.email, password: member.password })).status).toBe(200);
    // Each request on a new connection, which the primary hands to the workers in turn; the session
    // is in the database, so every worker knows it.
    for (let i = 0; i < 10; i++) {
      const res = await browser.get('/api/user.php', { headers: { connection: 'close' } });
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.json)).toContain(member.email);
    }
  });

  it('starts another worker when one dies, and stops every worker on SIGTERM with exit 0', async () => {
    const primary = server.pid as number;
    const [first] = childrenOf(primary);
    process.kill(first as number, 'SIGKILL');
    expect(
      await eventually(() => {
        const now = childrenOf(primary);
        return now.length === 2 && !now.includes(first as number);
      }),
      'a new worker replaced the dead one',
    ).toBe(true);
    expect(await eventually(async () => (await new Browser(server.url).get('/healthz')).status === 200)).toBe(true);
    const exit = await server.kill('SIGTERM');
    expect(exit.code).toBe(0);
  });
});
