import { and, count, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { userTokens } from '../schema.js';

export type UserTokenRow = typeof userTokens.$inferSelect;
/** Purposes of emailed single-use links. */
export type TokenKind = 'activation' | 'password_reset' | 'mail_change' | 'reactivation';

/** Stores a token (already hashed). `created_at` comes from the service clock so limits per day can be tested. */
export async function insertToken(
  db: Db,
  row: {
    user_id: number;
    kind: TokenKind;
    token_hash: string;
    expires_at: Date;
    created_at: Date;
    new_email?: string;
    requested_ip?: string;
  },
): Promise<void> {
  await db.insert(userTokens).values(row);
}

/** The unused, unexpired token of `kind` with this hash, or null. Does not use it up. */
export async function findLiveToken(
  db: Db,
  tokenHash: string,
  kind: TokenKind,
  now: Date,
): Promise<UserTokenRow | null> {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.token_hash, tokenHash),
        eq(userTokens.kind, kind),
        isNull(userTokens.used_at),
        gt(userTokens.expires_at, now),
      ),
    );
  return row ?? null;
}

/**
 * Uses up a live token in one conditional UPDATE, so two concurrent uses cannot both succeed.
 * Returns the token row, or null when it is unknown, used or expired.
 */
export async function consumeToken(
  db: Db,
  tokenHash: string,
  kind: TokenKind,
  now: Date,
): Promise<UserTokenRow | null> {
  const [row] = await db
    .update(userTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(userTokens.token_hash, tokenHash),
        eq(userTokens.kind, kind),
        isNull(userTokens.used_at),
        gt(userTokens.expires_at, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** How many tokens of `kind` were made for a user since `since` (mails sent, for daily limits). */
export async function countTokensSince(db: Db, userId: number, kind: TokenKind, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userTokens)
    .where(and(eq(userTokens.user_id, userId), eq(userTokens.kind, kind), gte(userTokens.created_at, since)));
  return row?.n ?? 0;
}

/**
 * Tokens of `kind` made for a user since `since`: `total`, and `fromIp` those asked for from `ip`
 * (the reset-mail quota per account and requesting address).
 */
export async function countTokensByIpSince(
  db: Db,
  userId: number,
  kind: TokenKind,
  ip: string,
  since: Date,
): Promise<{ total: number; fromIp: number }> {
  const [row] = await db
    .select({
      total: count(),
      fromIp: sql<number>`count(*) filter (where ${userTokens.requested_ip} = ${ip})::int`,
    })
    .from(userTokens)
    .where(and(eq(userTokens.user_id, userId), eq(userTokens.kind, kind), gte(userTokens.created_at, since)));
  return { total: row?.total ?? 0, fromIp: row?.fromIp ?? 0 };
}

/** Uses up every live token of `kind` of a user (a used reset link ends the member's other reset links). */
export async function consumeAllTokens(db: Db, userId: number, kind: TokenKind, now: Date): Promise<number> {
  const rows = await db
    .update(userTokens)
    .set({ used_at: now })
    .where(and(eq(userTokens.user_id, userId), eq(userTokens.kind, kind), isNull(userTokens.used_at)))
    .returning({ id: userTokens.id });
  return rows.length;
}

/** Removes every token of a user (erasure). */
export async function deleteUserTokens(db: Db, userId: number): Promise<void> {
  await db.delete(userTokens).where(eq(userTokens.user_id, userId));
}
