import { REACTIVATION_DAYS } from '@app/contracts';
import type { Db } from '../../db/client.js';
import {
  consumeToken,
  findLiveToken,
  insertToken,
  type TokenKind,
  type UserTokenRow,
} from '../../db/repositories/tokens.js';
import { hashToken, newToken } from './sessions.js';

/** Lifetime of each kind of emailed link, in seconds (documented in docs/decisions/004-access.md). */
export const TOKEN_SECONDS: Record<TokenKind, number> = {
  activation: 7 * 24 * 3600,
  password_reset: 3600,
  mail_change: 24 * 3600,
  reactivation: REACTIVATION_DAYS * 24 * 3600,
};

/**
 * Makes a single-use link token for `userId`: 256 random bits (base64url) go into the mail, only
 * the SHA-256 is stored, with the new address of a mail change and the requesting IP when given.
 * Returns the token.
 */
export async function issueToken(
  db: Db,
  userId: number,
  kind: TokenKind,
  now: Date,
  extra: { newEmail?: string; requestedIp?: string } = {},
): Promise<string> {
  const token = newToken();
  await insertToken(db, {
    user_id: userId,
    kind,
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + TOKEN_SECONDS[kind] * 1000),
    created_at: now,
    ...(extra.newEmail ? { new_email: extra.newEmail } : {}),
    ...(extra.requestedIp ? { requested_ip: extra.requestedIp } : {}),
  });
  return token;
}

/** The live token row for `token`, without using it up; null when unknown, used or expired. */
export function peekToken(db: Db, token: string, kind: TokenKind, now: Date): Promise<UserTokenRow | null> {
  return findLiveToken(db, hashToken(token), kind, now);
}

/** Uses up `token` atomically; null when unknown, used or expired (a second use always fails). */
export function useToken(db: Db, token: string, kind: TokenKind, now: Date): Promise<UserTokenRow | null> {
  return consumeToken(db, hashToken(token), kind, now);
}
