/**
 * The demo seed and a production start (issue: production): the demo is seeded only into the
 * embedded database or when SEED_DEMO=1 asks, and a production deployment refuses to start while
 * demo accounts still log in with the published password. Child starts need TEST_DATABASE_URL.
 */
import { hash } from '@node-rs/argon2';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { hasSites } from '../src/db/repositories/sites.js';
import { staff } from '../src/db/schema.js';
import { DEMO_ADMIN_EMAIL } from '../src/seed/demo.js';
import {
  assertNoDemoPasswords,
  DemoPasswordError,
  findDemoPasswordAccounts,
  shouldSeedDemo,
} from '../src/seed/demo-guard.js';
import { DEMO_PASSWORD } from '../src/seed/demo-logins.js';
import { type ChildServer, createChildServer } from './helpers/child-server.js';
import { dbKinds, openTestDatabase } from './helpers/database.js';
import { createMember, createSite } from './helpers/factories.js';

/** What a production deployment's start looks like to the guard. */
const PRODUCTION = { isProduction: true, databaseUrl: 'postgres://db/dating', seedDemo: false };

/** Gives `db` what the demo seed leaves: demo@ and admin@ with DEMO_PASSWORD, and members sharing its hash. */
async function plantDemoAccounts(db: Database['db']): Promise<void> {
  const site = await createSite(db);
  const demoHash = await hash(DEMO_PASSWORD);
  await createMember(db, site.id, { user: { email: 'demo@example.com', password_hash: demoHash } });
  for (let i = 0; i < 3; i++) await createMember(db, site.id, { user: { password_hash: demoHash } });
  await db
    .insert(staff)
    .values({ email: DEMO_ADMIN_EMAIL, name: 'Demo admin', role: 'admin', password_hash: demoHash });
}

/** Waits (bounded) until the child printed `text`: the lines after "Site ready" may come in a later chunk. */
async function printed(child: ChildServer, text: string): Promise<boolean> {
  for (let i = 0; i < 200 && !child.output().includes(text); i++) await new Promise((r) => setTimeout(r, 25));
  return child.output().includes(text);
}

/** The URL of the PostgreSQL database behind `database` (its pool's connection string). */
function urlOf(database: Database): string {
  return (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
    .connectionString;
}

describe('when a start seeds the demo', () => {
  it('seeds the embedded database, PostgreSQL only with SEED_DEMO=1, and nothing with NO_SEED=1', () => {
    const url = 'postgres://db/dating';
    expect(shouldSeedDemo({ noSeed: false, databaseUrl: undefined, seedDemo: false })).toBe(true);
    expect(shouldSeedDemo({ noSeed: false, databaseUrl: url, seedDemo: false })).toBe(false);
    expect(shouldSeedDemo({ noSeed: false, databaseUrl: url, seedDemo: true })).toBe(true);
    expect(shouldSeedDemo({ noSeed: true, databaseUrl: undefined, seedDemo: true })).toBe(false);
  });
});

describe.each(dbKinds())('demo passwords on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it('finds the demo logins that take the published password, and the members sharing their hash', async () => {
    expect(await findDemoPasswordAccounts(database.db)).toEqual({ accounts: [], membersSharingHash: 0 });
    // A real member who happens to use the address, with a password of their own, is no demo account.
    const site = await createSite(database.db);
    await createMember(database.db, site.id, { user: { email: 'premium@example.com' } });
    expect((await findDemoPasswordAccounts(database.db)).accounts).toEqual([]);

    await plantDemoAccounts(database.db);
    expect(await findDemoPasswordAccounts(database.db)).toEqual({
      accounts: ['member demo@example.com', `staff ${DEMO_ADMIN_EMAIL}`],
      membersSharingHash: 4,
    });
  });

  it('refuses only a production deployment without SEED_DEMO=1', async () => {
    await expect(assertNoDemoPasswords(database.db, PRODUCTION)).rejects.toThrow(DemoPasswordError);
    await expect(assertNoDemoPasswords(database.db, PRODUCTION)).rejects.toThrow(
      /published demo password "demo1234" \(member demo@example\.com, staff admin@example\.com; 4 members/,
    );
    await expect(assertNoDemoPasswords(database.db, { ...PRODUCTION, seedDemo: true })).resolves.toBeUndefined();
    await expect(assertNoDemoPasswords(database.db, { ...PRODUCTION, isProduction: false })).resolves.toBeUndefined();
    await expect(
      assertNoDemoPasswords(database.db, { ...PRODUCTION, databaseUrl: undefined }),
    ).resolves.toBeUndefined();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a production start on PostgreSQL', () => {
  let database: Database | undefined;
  let child: ChildServer | undefined;
  afterEach(async () => {
    await child?.stop();
    child = undefined;
    await database?.close();
    database = undefined;
  });

  it('leaves an empty database empty (no SEED_DEMO) and says how to make the first account', async () => {
    database = await openTestDatabase('postgres');
    child = await createChildServer({ databaseUrl: urlOf(database), env: { NO_SEED: '' } });
    await child.start();
    expect(await hasSites(database.db)).toBe(false);
    expect(await printed(child, 'No demo data here')).toBe(true);
    expect(await printed(child, 'No site yet: npm run site -- create')).toBe(true);
    expect(child.output()).not.toContain('demo1234');
  });

  it('on an empty database with NO_SEED=1 names no demo login but the first site to create', async () => {
    database = await openTestDatabase('postgres');
    child = await createChildServer({ databaseUrl: urlOf(database), env: { SEED_DEMO: '1', NO_SEED: '1' } });
    await child.start();
    expect(await hasSites(database.db)).toBe(false);
    expect(await printed(child, 'No site yet: npm run site -- create')).toBe(true);
    expect(child.output()).not.toContain('demo1234');
  });

  it('stops with a clear message on a database with demo passwords, and starts with SEED_DEMO=1', async () => {
    database = await openTestDatabase('postgres');
    await plantDemoAccounts(database.db);
    child = await createChildServer({ databaseUrl: urlOf(database) });
    await expect(child.start()).rejects.toThrow(/exited while starting \(1\)/);
    expect(child.output()).toContain('The server cannot start: this production database has accounts that log in');
    expect(child.output()).toContain('set SEED_DEMO=1 if this deployment is a demo on purpose');
    await child.stop();

    child = await createChildServer({ databaseUrl: urlOf(database), env: { SEED_DEMO: '1' } });
    await child.start();
    expect(await printed(child, 'Demo login: demo@example.com / demo1234')).toBe(true);
  });
});
