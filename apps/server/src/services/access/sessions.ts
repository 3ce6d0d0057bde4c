import { createHash, randomBytes } from 'node:crypto';
import { AUTH_COOKIE_DAYS } from '@app/contracts';
import type { Db } from '../../db/client.js';
import * as repo from '../../db/repositories/sessions.js';

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

/** Ends every session of a member except the one of `keepToken` (after a password change). */
export async function endOtherSessions(db: Db, userId: number, keepToken: string): Promise<void> {
  await repo.deleteOtherUserSessions(db, userId, hashToken(keepToken));
}
