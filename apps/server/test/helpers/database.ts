import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client.js';

export type DbKind = 'pglite' | 'postgres';

/**
 * Database kinds the integration tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
 * TEST_DB_KINDS (`pglite`, `postgres`, or both comma-separated) keeps only those kinds: `npm run check`
 * runs and times the two databases as separate phases (scripts/test-phases.mjs).
 */
export function dbKinds(): DbKind[] {
  const kinds: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const only = process.env.TEST_DB_KINDS?.split(',').map((kind) => kind.trim());
  return only?.length ? kinds.filter((kind) => only.includes(kind)) : kinds;
}

/**
 * A fresh, migrated database of `kind`: an in-memory PGlite, or a new database on the PostgreSQL
 * server of TEST_DATABASE_URL that is dropped again on close.
 */
export async function openTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://' });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '' });
  return {
    ...database,
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}
