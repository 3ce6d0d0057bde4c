import pg from 'pg';
import { countUserTables, type DatabaseFacts, type QueryRows, readDatabaseFacts } from './database-facts.js';
import { runCommand } from './run-command.js';

const CLIENT_HINT =
  'install the PostgreSQL client of the server major version or newer (Debian: apt-get install postgresql-client)';

/** A connection URL without its password, and the password for PGPASSWORD (kept off the process list). */
export function splitPassword(url: string): { url: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/**
 * Major version of an installed PostgreSQL client program (`pg_dump --version` prints
 * "pg_dump (PostgreSQL) 15.20 (Debian ...)").
 * @throws Error when the program is missing or prints no version
 */
export async function clientMajor(program: 'pg_dump' | 'pg_restore'): Promise<number> {
  const out = await runCommand(program, ['--version'], { installHint: CLIENT_HINT });
  const match = /\)\s+(\d+)(?:\.\d+)?/.exec(out);
  if (!match) throw new Error(`cannot read the version of ${program} from "${out.trim()}"`);
  return Number(match[1]);
}

/** The major version of the server behind `query` (server_version_num 150020 → 15). */
async function serverMajor(query: QueryRows): Promise<number> {
  const [row] = await query<{ num: string }>(`select current_setting('server_version_num') as num`);
  return Math.floor(Number(row?.num) / 10_000);
}

/** A pg.Client on `url`, connected; `query` answers rows. */
async function connect(url: string): Promise<{ query: QueryRows; end(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: async <T extends Record<string, unknown>>(sql: string) => (await client.query(sql)).rows as T[],
    end: () => client.end(),
  };
}

/**
 * Dumps the PostgreSQL database at `url` into `file` with `pg_dump --format=custom`, and reads the
 * manifest's facts in the very snapshot pg_dump copies (an exported REPEATABLE READ snapshot held
 * open until the dump ends), so the counts match the dump although the site keeps serving.
 * Returns the facts and pg_dump's major version.
 * @throws Error when pg_dump is missing or older than the server's major version (pg_dump cannot
 *   dump a newer server), or when pg_dump fails
 */
export async function dumpPostgres(url: string, file: string): Promise<{ facts: DatabaseFacts; dumpMajor: number }> {
  const dumpMajor = await clientMajor('pg_dump');
  const db = await connect(url);
  try {
    const server = await serverMajor(db.query);
    if (dumpMajor < server) {
      throw new Error(
        `pg_dump ${dumpMajor} cannot dump a PostgreSQL ${server} server: install postgresql-client-${server} (or newer) and put its pg_dump first on PATH`,
      );
    }
    await db.query('begin transaction isolation level repeatable read read only');
    const [snapshot] = await db.query<{ id: string }>('select pg_export_snapshot() as id');
    const facts = await readDatabaseFacts(db.query);
    const target = splitPassword(url);
    await runCommand(
      'pg_dump',
      ['--format=custom', `--snapshot=${snapshot?.id}`, `--file=${file}`, `--dbname=${target.url}`],
      { env: target.env, installHint: CLIENT_HINT },
    );
    await db.query('commit');
    return { facts, dumpMajor };
  } finally {
    await db.end();
  }
}

/** Number of tables of the database at `url` outside PostgreSQL's own schemas (0: empty). */
export async function countPostgresTables(url: string): Promise<number> {
  const db = await connect(url);
  try {
    return await countUserTables(db.query);
  } finally {
    await db.end();
  }
}

/**
 * Restores `file` (pg_dump's custom format) into the database at `url` in one transaction, without
 * the dump's owners and privileges (the target's user owns everything). `clean` drops the dump's
 * objects first (`--clean --if-exists`), for a database that is not empty. Returns the restored
 * database's facts, to be compared with the manifest.
 * @throws Error when pg_restore is missing or older than the pg_dump that wrote the file, or fails
 */
export async function restorePostgres(
  url: string,
  file: string,
  opts: { dumpMajor: number | null; clean: boolean },
): Promise<DatabaseFacts> {
  const restoreMajor = await clientMajor('pg_restore');
  if (opts.dumpMajor !== null && restoreMajor < opts.dumpMajor) {
    throw new Error(
      `pg_restore ${restoreMajor} cannot read a dump of pg_dump ${opts.dumpMajor}: install postgresql-client-${opts.dumpMajor} (or newer)`,
    );
  }
  const target = splitPassword(url);
  const clean = opts.clean ? ['--clean', '--if-exists'] : [];
  await runCommand(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      ...clean,
      `--dbname=${target.url}`,
      file,
    ],
    { env: target.env, installHint: CLIENT_HINT },
  );
  const db = await connect(url);
  try {
    return await readDatabaseFacts(db.query);
  } finally {
    await db.end();
  }
}
