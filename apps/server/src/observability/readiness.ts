import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../config.js';
import type { Db } from '../db/client.js';
import { latestAppliedMigration, pingDatabase } from '../db/repositories/observability.js';

/** The migrations' journal that drizzle-kit writes beside the SQL files (apps/server/drizzle). */
const JOURNAL = path.join(ROOT_DIR, 'apps/server/drizzle/meta/_journal.json');

/** The answer of GET /readyz: each part `ok` or what is wrong with it. */
export type Readiness =
  | { status: 'ready'; database: 'ok'; migrations: 'ok' }
  | { status: 'not_ready'; database: 'ok' | 'unreachable'; migrations: 'ok' | 'pending' | 'unknown' };

let expected: number | null = null;

/**
 * The folder timestamp (`when`, milliseconds) of the newest migration this build ships, from the
 * journal; read once per process.
 * @throws when the journal is missing or lists no migration (a broken build)
 */
export function newestShippedMigration(): number {
  if (expected !== null) return expected;
  const journal = JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries?: { when?: number }[] };
  const newest = Math.max(...(journal.entries ?? []).map((entry) => Number(entry.when)));
  if (!Number.isFinite(newest)) throw new Error(`${JOURNAL} lists no migration`);
  expected = newest;
  return newest;
}

/**
 * Whether this instance can serve (GET /readyz, docs/operations.md): the database answers `select 1`,
 * and the newest migration this build ships is applied, by Drizzle's own rule (a migration counts
 * as applied when `drizzle.__drizzle_migrations` holds a `created_at` at least its folder time).
 * Never throws: a failure is the part's state.
 */
export async function checkReadiness(db: Db): Promise<Readiness> {
  try {
    await pingDatabase(db);
  } catch {
    return { status: 'not_ready', database: 'unreachable', migrations: 'unknown' };
  }
  let latest: number | null;
  try {
    latest = await latestAppliedMigration(db);
  } catch {
    return { status: 'not_ready', database: 'ok', migrations: 'unknown' };
  }
  if (latest === null || latest < newestShippedMigration()) {
    return { status: 'not_ready', database: 'ok', migrations: 'pending' };
  }
  return { status: 'ready', database: 'ok', migrations: 'ok' };
}
