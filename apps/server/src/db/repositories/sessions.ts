import { and, asc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { profiles, sessions, users } from '../schema.js';

export type UserRow = typeof users.$inferSelect;

/** Stores a new session row (token already hashed). */
export async function insertSession(
  db: Db,
  row: { token_hash: string; user_id: number; expires_at: Date; ip: string | null; user_agent: string | null },
): Promise<void> {
  await db.insert(sessions).values(row);
}

/** The session lookup of every request, built once per database (docs/benchmarks.md, realtime chat). */
function prepareFindSessionUser(db: Db) {
  return db
    .select({ user: users, lastSeenAt: sessions.last_seen_at })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.token_hash, sql.placeholder('tokenHash')), gt(sessions.expires_at, sql`now()`)))
    .prepare('find_session_user');
}
const findSessionUserQueries = new WeakMap<Db, ReturnType<typeof prepareFindSessionUser>>();

/** The user of a live session, with the session's last_seen_at; null when missing or expired. */
export async function findSessionUser(db: Db, tokenHash: string): Promise<{ user: UserRow; lastSeenAt: Date } | null> {
  let query = findSessionUserQueries.get(db);
  if (!query) {
    query = prepareFindSessionUser(db);
    findSessionUserQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash });
  return row ?? null;
}

/**
 * Marks the session and its member as active now (real activity only: DECISIONS.md honesty). The
 * profile's public activity (what others see as online) stays put for an invisible member (SPEC.md 4).
 */
export async function touchSession(db: Db, tokenHash: string, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(sessions).set({ last_seen_at: sql`now()` }).where(eq(sessions.token_hash, tokenHash));
    const [user] = await tx
      .update(users)
      .set({ last_active_at: sql`now()` })
      .where(eq(users.id, userId))
      .returning({ invisible: users.invisible });
    if (user?.invisible) return;
    await tx.update(profiles).set({ last_active_at: sql`now()` }).where(eq(profiles.user_id, userId));
  });
}

/** Ends one session. */
export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.token_hash, tokenHash));
}

/** Ends every session of a user ("log out everywhere"). */
export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.user_id, userId));
}

/** Ends every session of a user except the one with `keepTokenHash` (password change). */
export async function deleteOtherUserSessions(db: Db, userId: number, keepTokenHash: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.user_id, userId), ne(sessions.token_hash, keepTokenHash)));
}

/** Sessions of a user without their token hashes (data export). */
export async function listUserSessions(db: Db, userId: number) {
  return db
    .select({
      created_at: sessions.created_at,
      last_seen_at: sessions.last_seen_at,
      expires_at: sessions.expires_at,
      ip: sessions.ip,
      user_agent: sessions.user_agent,
    })
    .from(sessions)
    .where(eq(sessions.user_id, userId))
    .orderBy(asc(sessions.created_at));
}

/** Removes expired sessions; returns how many. */
export async function purgeExpiredSessions(db: Db): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(lt(sessions.expires_at, sql`now()`))
    .returning({ id: sessions.token_hash });
  return rows.length;
}
