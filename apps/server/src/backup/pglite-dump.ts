import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { countUserTables, type DatabaseFacts, type QueryRows, readDatabaseFacts } from './database-facts.js';

/** The embedded database's folder inside DATA_DIR (db/client.ts opens the same). */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** Rows of one statement on a PGlite instance. */
function queryOf(client: PGlite): QueryRows {
  return async <T extends Record<string, unknown>>(sql: string) => (await client.query<T>(sql)).rows;
}

/**
 * Opens the embedded database for a backup. PGlite allows one process on a folder, and an open one
 * keeps `postmaster.pid` in it: a backup refuses while it is there (the server or a command is
 * running) unless `force` (the file was left by a crash).
 * @throws Error when there is no database in `dir` or it is in use
 */
async function openForBackup(dir: string, force: boolean): Promise<PGlite> {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`no embedded database in ${dir}`);
  if (existsSync(path.join(dir, 'postmaster.pid')) && !force) {
    throw new Error(
      `the embedded database ${dir} is in use (postmaster.pid): stop the server first (PGlite allows one process); after a crash, --force`,
    );
  }
  const client = new PGlite(dir);
  await client.waitReady;
  return client;
}

/**
 * Writes PGlite's own dump of the data folder (`dumpDataDir`, a gzipped tar) of the database in
 * `dir` to `file`, with the stopped server's facts. Returns the facts.
 * @throws Error when the database is missing or in use (see openForBackup)
 */
export async function dumpPglite(dir: string, file: string, opts: { force: boolean }): Promise<DatabaseFacts> {
  const client = await openForBackup(dir, opts.force);
  try {
    const facts = await readDatabaseFacts(queryOf(client));
    const dump = await client.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return facts;
  } finally {
    await client.close();
  }
}

/**
 * Number of tables in the embedded database in `dir`; 0 when the folder holds no database.
 * @throws Error when the database is in use (postmaster.pid)
 */
export async function countPgliteTables(dir: string): Promise<number> {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) return 0;
  const client = await openForBackup(dir, false);
  try {
    return await countUserTables(queryOf(client));
  } finally {
    await client.close();
  }
}

/**
 * Loads PGlite's data-folder dump `file` into `dir` (`loadDataDir`), and answers the restored
 * database's facts. A folder already there is moved aside to `<dir>.replaced-<time>` when it holds
 * tables (only with `force`; the caller checks) and removed when it holds none.
 * @throws Error when the dump cannot be loaded
 */
export async function restorePglite(dir: string, file: string, opts: { replace: boolean }): Promise<DatabaseFacts> {
  if (existsSync(dir) && (await readdir(dir)).length > 0) {
    if (opts.replace) await rename(dir, `${dir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    else await rm(dir, { recursive: true, force: true });
  }
  await mkdir(path.dirname(dir), { recursive: true });
  const client = new PGlite(dir, { loadDataDir: new Blob([await readFile(file)]) });
  try {
    await client.waitReady;
    return await readDatabaseFacts(queryOf(client));
  } finally {
    await client.close();
  }
}
