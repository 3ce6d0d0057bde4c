import * as repo from '../../db/repositories/sessions.js';
import type { AppDeps } from '../../deps.js';
import { hashToken, newToken, SESSION_SECONDS } from './sessions.js';

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
  const tokenHash = hashToken(token);
  await repo.insertSession(db, {
    token_hash: tokenHash,
    user_id: userId,
    expires_at: new Date(Date.now() + SESSION_SECONDS * 1000),
    ip: meta.ip,
    user_agent: meta.userAgent?.slice(0, 512) ?? null,
  });
  // Logging in is activity: without this the member's last activity stayed at their previous visit
  // until the first request a minute later (resolveSession), so staff saw "last active" yesterday next
  // to the message the member had just sent.
  await repo.touchSession(db, tokenHash, userId);
  return token;
}
