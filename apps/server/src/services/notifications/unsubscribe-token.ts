import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UnsubscribeKind } from '@app/contracts';

/** Domain separation, so this key's MACs can never be mistaken for another use of the same key. */
const PURPOSE = 'unsubscribe-v1';

/**
 * The token of an unsubscribe link (issue: notifications, RFC 8058): HMAC-SHA256 of the purpose,
 * user id and kind under the deployment's unsubscribe secret (`deps.secrets.unsubscribeSecret`),
 * base64url without padding (43 characters). One token per member and kind; it never expires, so a
 * mail from years ago still unsubscribes.
 */
export function unsubscribeToken(secret: string, userId: number, kind: UnsubscribeKind): string {
  return createHmac('sha256', secret).update(`${PURPOSE}:${userId}:${kind}`).digest('base64url');
}

/**
 * Whether `token` is the unsubscribe token of `userId` and `kind`, compared in constant time (the
 * length is not secret: every token has 43 characters).
 */
export function isUnsubscribeTokenValid(secret: string, userId: number, kind: UnsubscribeKind, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, userId, kind));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
