import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ROOT_DIR } from '../config.js';
import { withMigrationLock } from './migration-lock.js';
import * as schema from './schema.js';
import { nameStatements } from './statement-names.js';

/** The Drizzle database, the same type over PGlite and over a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Runs `fn` once on every connection of the pool at the same time, each with a Db of that one
   * connection, opening the connections the pool does not hold yet (PGlite: once, on its one
   * connection). For the warm-up at start (lifecycle/warm-up.ts): a statement run here is parsed on
   * each connection before the first request needs it.
   */
  onEachConnection(fn: (db: Db) => Promise<unknown>): Promise<void>;
}

const MIGRATIONS_FOLDER = path.join(ROOT_DIR, 'apps/server/drizzle');

/**
 * Opens the database and runs pending migrations.
 * @param opts.url PostgreSQL URL; without it PGlite opens `opts.dataDir` (`memory://` for a throwaway one).
 * @param opts.loadDataDir a throwaway PGlite starts from this dump of a data folder (`dumpDataDir()`)
 *   instead of an empty one; the tests start each file from one migrated dump (apps/server/test/global-setup.ts).
 */
export async function openDatabase(opts: { url?: string; dataDir: string; loadDataDir?: Blob }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
    // An idle connection the server closes (restart, failover) must not crash the process; the pool
    // replaces it on the next query.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    // A connection checked out by a request has no pool listener: without its own, a terminated
    // backend (57P01) is an unhandled 'error' event that ends the process. With it, that request's
    // next query fails (503 service_unavailable) and the pool replaces the connection.
    pool.on('connect', (client) => {
      client.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
      nameStatements(client);
    });
    const db = drizzlePg(pool, { schema });
    await withMigrationLock(opts.url, () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }));
    const onEachConnection = async (fn: (db: Db) => Promise<unknown>) => {
      const clients = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
      try {
        await Promise.all(clients.map((client) => fn(drizzlePg(client, { schema }) as unknown as Db)));
      } finally {
        for (const client of clients) client.release();
      }
    };
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end(), onEachConnection };
  }
  if (opts.dataDir !== 'memory://') mkdirSync(opts.dataDir, { recursive: true });
  const client =
    opts.dataDir === 'memory://'
      ? new PGlite({ loadDataDir: opts.loadDataDir })
      : new PGlite(path.join(opts.dataDir, 'pglite'));
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    onEachConnection: async (fn) => {
      await fn(db as unknown as Db);
    },
  };
}
