import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
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

/** The migrated templates of this run (apps/server/test/global-setup.ts): a PGlite dump file, a PostgreSQL database. */
export interface DbTemplates {
  pglite?: string;
  postgres?: string;
}

/** The PGlite template as a file-backed Blob, opened once per worker. */
let pgliteDump: Promise<Blob> | undefined;

/** PostgreSQL's answer when the template of a CREATE DATABASE still has a connection. */
const OBJECT_IN_USE = '55006';

/**
 * A fresh, migrated database of `kind`: an in-memory PGlite, or a new database on the PostgreSQL
 * server of TEST_DATABASE_URL that is dropped again on close. Both start as a copy of the run's
 * migrated template (global-setup.ts) and then run the migrator, which finds nothing to do;
 * `fromScratch` (or a run without templates, TEST_DB_TEMPLATE=0) runs every migration on an empty one.
 */
export async function openTestDatabase(kind: DbKind, opts: { fromScratch?: boolean } = {}): Promise<Database> {
  const templates = opts.fromScratch ? undefined : inject('dbTemplates');
  if (kind === 'pglite') {
    if (templates?.pglite) pgliteDump ??= openAsBlob(templates.pglite);
    const loadDataDir = templates?.pglite ? await pgliteDump : undefined;
    return openDatabase({ dataDir: 'memory://', loadDataDir });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(
          templates?.postgres ? `CREATE DATABASE ${name} TEMPLATE ${templates.postgres}` : `CREATE DATABASE ${name}`,
        );
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== OBJECT_IN_USE || attempt >= 50) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.end();
  }
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
