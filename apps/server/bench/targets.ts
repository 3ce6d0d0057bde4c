/**
 * The databases the search benchmark runs on: a fresh database on a PostgreSQL server or a PGlite
 * data folder in a temp dir, seeded with the demo seed; or an existing one kept by an earlier run.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Database, type Db, openDatabase } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';
import { seedDemo } from '../src/seed/demo.js';

/** Plain SQL on the database's own connection (ANALYZE, EXPLAIN, catalogue reads). */
export interface RawSql {
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
}

/** A database under test and how it came to be. */
export interface Target {
  kind: 'postgres' | 'pglite';
  database: Database;
  raw: RawSql;
  /** Where it lives: database name on the server, or the PGlite folder. */
  location: string;
  /** Seconds the seed took; null when an existing database was reused. */
  seedSeconds: number | null;
  /** Closes the connection; drops or deletes the database unless kept or reused. */
  close(): Promise<void>;
}

/** A statement Drizzle sent, with its parameters. */
export interface CapturedStatement {
  sql: string;
  params: unknown[];
}

/** A database name a benchmark made (`bench_<name>_<hex>`); only these are ever dropped. */
const OWN_DB_NAME = /^bench_[a-z]+_[0-9a-f]{12}$/;

function rawSqlOf(database: Database): RawSql {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'postgres') {
    const pool = client as pg.Pool;
    return { query: async (text, params = []) => (await pool.query(text, params)).rows };
  }
  const lite = client as PGlite;
  return { query: async (text, params = []) => (await lite.query<Record<string, unknown>>(text, params)).rows };
}

/**
 * A second Drizzle handle over the same connection that records every statement into `into`,
 * so the benchmark can EXPLAIN exactly what the search code sends, whatever it currently is.
 */
export function capturingDb(target: Target, into: CapturedStatement[]): Db {
  const client = (target.database.db as unknown as { $client: unknown }).$client;
  const logger: Logger = { logQuery: (query, params) => into.push({ sql: query, params }) };
  const db =
    target.kind === 'postgres'
      ? drizzlePg(client as pg.Pool, { schema, logger })
      : drizzlePglite(client as PGlite, { schema, logger });
  return db as unknown as Db;
}

/** Seeds `members` demo members with photos in `photoDir`, logging progress; returns seconds taken. */
async function seed(database: Database, members: number, photoDir: string, label: string): Promise<number> {
  const started = performance.now();
  await seedDemo(database.db, { members, photoDir, log: (msg) => console.log(`  [${label} seed] ${msg}`) });
  return (performance.now() - started) / 1000;
}

/** Runs a statement on the server's admin database (CREATE/DROP DATABASE). */
async function admin(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A PostgreSQL target on the server of `adminUrl`: a new database seeded with `members` members, or
 * the existing database `reuse` (not seeded, never dropped). A new one is dropped on close unless `keep`.
 */
export async function openPostgres(opts: {
  adminUrl: string;
  members: number;
  photoDir: string;
  keep: boolean;
  reuse: string | undefined;
  /** The benchmark's name in the database name (`bench_<bench>_<hex>`); default search. */
  bench?: string;
}): Promise<Target> {
  const name = opts.reuse ?? `bench_${opts.bench ?? 'search'}_${randomBytes(6).toString('hex')}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  if (!opts.reuse) await admin(opts.adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(opts.adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    if (!opts.reuse && !opts.keep && OWN_DB_NAME.test(name))
      await admin(opts.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  let database: Database;
  try {
    database = await openDatabase({ url: url.toString(), dataDir: '' });
  } catch (err) {
    await drop();
    throw err;
  }
  const close = async () => {
    await database.close();
    await drop();
  };
  try {
    const seedSeconds = opts.reuse ? null : await seed(database, opts.members, opts.photoDir, 'postgres');
    return { kind: 'postgres', database, raw: rawSqlOf(database), location: name, seedSeconds, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * A PGlite target: a new data folder in the temp dir seeded with `members` members, or the existing
 * folder `reuse` (not seeded, never deleted). A new one is deleted on close unless `keep`.
 */
export async function openPglite(opts: {
  members: number;
  photoDir: string;
  keep: boolean;
  reuse: string | undefined;
}): Promise<Target> {
  const dir = opts.reuse ? path.resolve(opts.reuse) : await mkdtemp(path.join(os.tmpdir(), 'bench-search-pglite-'));
  const remove = async () => {
    if (!opts.reuse && !opts.keep) await rm(dir, { recursive: true, force: true });
  };
  let database: Database;
  try {
    database = await openDatabase({ dataDir: dir });
  } catch (err) {
    await remove();
    throw err;
  }
  const close = async () => {
    await database.close();
    await remove();
  };
  try {
    const seedSeconds = opts.reuse ? null : await seed(database, opts.members, opts.photoDir, 'pglite');
    return { kind: 'pglite', database, raw: rawSqlOf(database), location: dir, seedSeconds, close };
  } catch (err) {
    await close();
    throw err;
  }
}
