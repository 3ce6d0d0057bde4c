import { createHash, randomBytes } from 'node:crypto';
import { AUTH_COOKIE_DAYS } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { endProfilePresence } from '../../db/repositories/profiles.js';
import * as repo from '../../db/repositories/sessions.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { ONLINE_WINDOW_SECONDS } from '../profile/presence.js';

/** Seconds between writes of a session's last_seen_at (keeps reads cheap). */
const TOUCH_INTERVAL_SECONDS = 60;
/** Session lifetime in seconds, the auth cookie's (SPEC.md 9: 30 days). */
export const SESSION_SECONDS = AUTH_COOKIE_DAYS * 24 * 3600;

/** SHA-256 of a session token: only the hash is stored, so a database leak yields no live cookies. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new secret for a cookie or an emailed link: 256 random bits, base64url. Store only hashToken(). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Starts a session for `userId` (SPEC.md 4, session: logged in), lasting SESSION_SECONDS (30 days);
 * returns the cookie token (256 random bits, base64url). Input: `{ userId, ip, userAgent }`
 * (the client's IP and User-Agent header, either null when unknown; the agent is cut to 512 characters).
 */
export async function createSession(
  { db }: Pick<AppDeps, 'db'>,
  meta: { userId: number; ip: string | null; userAgent: string | null },
): Promise<string> {
  const { userId } = meta;
  const token = newToken();
  await repo.insertSession(db, {
    token_hash: hashToken(token),
    user_id: userId,
    expires_at: new Date(Date.now() + SESSION_SECONDS * 1000),
    ip: meta.ip,
    user_agent: meta.userAgent?.slice(0, 512) ?? null,
  });
  return token;
}

/**
 * The user of a live session token, or null. Records real activity at most once a minute.
 * Banned accounts and accounts pending deletion have no session. Input: `{ token }`, the cookie's.
 */
export async function resolveSession(
  { db }: Pick<AppDeps, 'db'>,
  { token }: { token: string },
): Promise<UserRow | null> {
  const tokenHash = hashToken(token);
  const found = await repo.findSessionUser(db, tokenHash);
  if (!found) return null;
  if (found.user.status === 'banned' || found.user.status === 'pending_deletion') return null;
  if (Date.now() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_SECONDS * 1000) {
    await repo.touchSession(db, tokenHash, found.user.id);
  }
  return found.user;
}

/** Ends the session of `token` (SPEC.md 7, logout). Input: `{ token }`, the cookie's. */
export async function endSession({ db }: Pick<AppDeps, 'db'>, { token }: { token: string }): Promise<void> {
  await repo.deleteSession(db, hashToken(token));
}

/** Ends every session of a member except the one of `keepToken` (after a password change). */
export async function endOtherSessions(db: Db, userId: number, keepToken: string): Promise<void> {
  await repo.deleteOtherUserSessions(db, userId, hashToken(keepToken));
}

/**
 * Ends every session of a member ("log out everywhere", SPEC.md 7). Input: `{ userId }`. Inside a
 * transaction pass `{ db: tx }`.
 */
export async function endAllSessions({ db }: Pick<AppDeps, 'db'>, { userId }: { userId: number }): Promise<void> {
  await repo.deleteUserSessions(db, userId);
}

/**
 * After a logout: the member stops showing online (their profile's last activity moves to just
 * outside the online window) unless another of their sessions was active within that window.
 * Call after the session is ended. Input: `{ userId, now }`, now the server clock's time.
 */
export async function endPresence(
  { db }: Pick<AppDeps, 'db'>,
  { userId, now }: { userId: number; now: Date },
): Promise<void> {
  const offlineAt = new Date(now.getTime() - (ONLINE_WINDOW_SECONDS + 1) * 1000);
  await endProfilePresence(db, userId, offlineAt, ONLINE_WINDOW_SECONDS);
}
