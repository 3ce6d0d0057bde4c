import pg from 'pg';

/** Key of the session advisory lock the instances of one deployment migrate under (any fixed bigint). */
export const MIGRATION_LOCK_KEY = 7_215_300_915_018;

/**
 * Runs `migrate` while holding a PostgreSQL advisory lock on its own connection to `url`, so
 * instances that start together migrate one after the other: the second finds the migrations
 * applied and does nothing (Drizzle's migrator alone would let both create the same tables and
 * fail one start). The lock ends with the connection even if the process dies.
 * @throws the connection's or `migrate`'s error
 */
export async function withMigrationLock<T>(url: string, migrate: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // A lost lock connection must not end the process: the migration still runs in its own transaction.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await migrate();
  } finally {
    await client.end();
  }
}
