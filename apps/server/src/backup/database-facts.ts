import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../config.js';

/**
 * Runs one SQL text on a raw connection (pg.Client or PGlite) and answers its rows. Backups work on
 * the database as a whole (catalogue, migrations table, row counts) before and without Drizzle's
 * migrator, so these few statements live here rather than in db/repositories.
 */
export type QueryRows = <T extends Record<string, unknown>>(sql: string) => Promise<T[]>;

/** A migration of apps/server/drizzle/meta/_journal.json: its tag and its `when` (ms), the migrations table's created_at. */
export interface JournalEntry {
  tag: string;
  when: number;
}

/** What a backup's manifest records about the database. */
export interface DatabaseFacts {
  /** PostgreSQL's server_version, e.g. "15.20 (Debian 15.20-0+deb12u1)". */
  serverVersion: string;
  /** Member accounts (users rows). */
  members: number;
  /** Photo rows. */
  photos: number;
  /** The newest applied migration; tag null when this release does not know it (a newer release wrote it). */
  lastMigration: { tag: string | null; created_at: number } | null;
}

/** The migrations this release ships, oldest first. */
export function readJournal(): JournalEntry[] {
  const file = path.join(ROOT_DIR, 'apps/server/drizzle/meta/_journal.json');
  const journal = JSON.parse(readFileSync(file, 'utf8')) as { entries: JournalEntry[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** Version of the running server (apps/server/package.json), written into each manifest. */
export function readAppVersion(): string {
  const file = path.join(ROOT_DIR, 'apps/server/package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** Number of tables outside PostgreSQL's own schemas: 0 means an empty database. */
export async function countUserTables(query: QueryRows): Promise<number> {
  const [row] = await query<{ n: number }>(
    `select count(*)::int as n from pg_catalog.pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
  );
  return Number(row?.n ?? 0);
}

/** The newest row of drizzle's migrations table; null when the table is missing or empty. */
async function lastAppliedMigration(query: QueryRows): Promise<number | null> {
  const [exists] = await query<{ name: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!exists?.name) return null;
  const [row] = await query<{ at: string | null }>(
    `select max(created_at)::text as at from drizzle.__drizzle_migrations`,
  );
  return row?.at ? Number(row.at) : null;
}

/**
 * Server version, member and photo counts and the newest applied migration of a migrated database.
 * @throws when the app's tables are missing (not this app's database)
 */
export async function readDatabaseFacts(query: QueryRows): Promise<DatabaseFacts> {
  const [version] = await query<{ server_version: string }>('show server_version');
  const [counts] = await query<{ members: number; photos: number }>(
    'select (select count(*) from users)::int as members, (select count(*) from photos)::int as photos',
  );
  const applied = await lastAppliedMigration(query);
  const tag = applied === null ? null : (readJournal().find((entry) => entry.when === applied)?.tag ?? null);
  return {
    serverVersion: version?.server_version ?? 'unknown',
    members: Number(counts?.members ?? 0),
    photos: Number(counts?.photos ?? 0),
    lastMigration: applied === null ? null : { tag, created_at: applied },
  };
}
