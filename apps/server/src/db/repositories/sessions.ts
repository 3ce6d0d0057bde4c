import { and, asc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { photos, profiles, sessions, users } from '../schema.js';
import { oncePerDb, prepareSql } from './prepared.js';
import type { ProfileWithMain } from './profiles.js';

export type UserRow = typeof users.$inferSelect;

/** Stores a new session row (token already hashed). */
export async function insertSession(
  db: Db,
  row: { token_hash: string; user_id: number; expires_at: Date; ip: string | null; user_agent: string | null },
): Promise<void> {
  await db.insert(sessions).values(row);
}

/**
 * The session lookup of every request, built once per database (docs/benchmarks.md, realtime chat and
 * throughput): the member and, in the same round trip, their own profile with its main photo, which
 * nearly every call reads next.
 */
const findSessionUserQuery = oncePerDb((db) =>
  db
    .select({ user: users, lastSeenAt: sessions.last_seen_at, profile: profiles, main: photos })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(profiles, eq(profiles.user_id, users.id))
    .leftJoin(photos, eq(photos.id, profiles.main_photo_id))
    .where(and(eq(sessions.token_hash, sql.placeholder('tokenHash')), gt(sessions.expires_at, sql`now()`)))
    .prepare('find_session_user'),
);

/** What a live session gives: the member, the session's last_seen_at and the member's own profile. */
export interface SessionUser {
  user: UserRow;
  lastSeenAt: Date;
  /** The member's profile with its main photo (findProfileByUserId's answer); null without one. */
  own: ProfileWithMain | null;
}

/** The user of a live session with their own profile; null when missing or expired. */
export async function findSessionUser(db: Db, tokenHash: string): Promise<SessionUser | null> {
  const [row] = await findSessionUserQuery(db).execute({ tokenHash });
  if (!row) return null;
  return {
    user: row.user,
    lastSeenAt: row.lastSeenAt,
    own: row.profile ? { profile: row.profile, main: row.main } : null,
  };
}

/**
 * The session, its member and (unless invisible) the member's profile marked active now, in one
 * statement (one round trip instead of a transaction of five).
 */
const touchSessionQuery = oncePerDb((db) =>
  prepareSql(
    db,
    'touch_session',
    sql`with touched_session as (
      update ${sessions} set last_seen_at = now() where ${sessions.token_hash} = ${sql.placeholder('tokenHash')}
    ), touched_user as (
      update ${users} set last_active_at = now() where ${users.id} = ${sql.placeholder('userId')}::int
      returning ${users.invisible}
    )
    update ${profiles} set last_active_at = now()
    where ${profiles.user_id} = ${sql.placeholder('userId')}::int
      and not coalesce((select invisible from touched_user), false)`,
  ),
);

/**
 * Marks the session and its member as active now (real activity only: DECISIONS.md honesty). The
 * profile's public activity (what others see as online) stays put for an invisible member (SPEC.md 4).
 */
export async function touchSession(db: Db, tokenHash: string, userId: number): Promise<void> {
  await touchSessionQuery(db).execute({ tokenHash, userId });
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
