/**
 * The warm-up of a start (issue 31: the chat's first seconds; docs/decisions/016-throughput.md):
 * what the first requests after a start would otherwise pay for, done before the server listens.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client.js';
import { findNotificationTarget } from '../db/repositories/notification-mail.js';
import { findSessionUser } from '../db/repositories/sessions.js';
import { hashToken } from '../services/access/sessions.js';

/**
 * Opens every connection of the pool and runs the reads of the hot path on each (the session
 * lookup every member request starts with, the chat send's notification target), so the first
 * requests after a start neither wait for connections to open nor for PostgreSQL to parse these
 * statements and load its catalogue for them. They read nothing: a token no session has and a
 * profile id no profile has; nothing is written. Returns the milliseconds it took.
 */
export async function warmDatabase(database: Pick<Database, 'onEachConnection'>): Promise<number> {
  const started = performance.now();
  const noSession = hashToken(randomBytes(32).toString('base64url'));
  await database.onEachConnection(async (db) => {
    await findSessionUser(db, noSession);
    await findNotificationTarget(db, 0, 'message');
  });
  return performance.now() - started;
}
