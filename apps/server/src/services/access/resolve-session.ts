import * as repo from '../../db/repositories/sessions.js';
import type { AppDeps } from '../../deps.js';
import { hashToken } from './sessions.js';

/** Seconds between writes of a session's last_seen_at (keeps reads cheap). */
const TOUCH_INTERVAL_SECONDS = 60;

/**
 * The user of a live session token with their own profile (`{ user, lastSeenAt, own }`, read in one
 * round trip), or null. Records real activity at most once a minute. Banned accounts, suspended ones
 * (until their suspension ends; issue: back office I) and accounts pending deletion have no session.
 * Input: `{ token }`, the cookie's.
 */
export async function resolveSession(
  { db }: Pick<AppDeps, 'db'>,
  { token }: { token: string },
): Promise<repo.SessionUser | null> {
  const tokenHash = hashToken(token);
  const found = await repo.findSessionUser(db, tokenHash);
  if (!found) return null;
  if (found.user.status === 'banned' || found.user.status === 'pending_deletion') return null;
  // A sanction ends the sessions; this also covers one opened by a mailed link meanwhile.
  if (found.user.suspended_until && found.user.suspended_until.getTime() > Date.now()) return null;
  if (Date.now() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_SECONDS * 1000) {
    await repo.touchSession(db, tokenHash, found.user.id);
  }
  return found;
}
