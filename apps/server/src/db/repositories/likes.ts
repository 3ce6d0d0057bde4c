import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { blocks, likes, photos, profiles } from '../schema.js';
import { notBlockedSql, type ProfileWithMain } from './profiles.js';

/** Where a like was made: profile or card, swipe game, or system-made (fictional likers only). */
export type LikeSource = 'member' | 'swipe' | 'auto';

/** A like with when it was made and whether the liked member has seen it. */
export interface LikeRow {
  liker: number;
  liked: number;
  isNew: boolean;
  source: string;
  createdAt: Date;
}

/** Stores a like once; returns false when it existed already. */
export async function insertLike(
  db: Db,
  like: { siteId: number; liker: number; liked: number; source: LikeSource; at: Date },
): Promise<boolean> {
  const rows = await db
    .insert(likes)
    .values({
      site_id: like.siteId,
      liker_profile_id: like.liker,
      liked_profile_id: like.liked,
      source: like.source,
      created_at: like.at,
    })
    .onConflictDoNothing()
    .returning({ id: likes.id });
  return rows.length > 0;
}

/** Removes the like of `liker` for `liked`; returns whether one existed. */
export async function deleteLike(db: Db, liker: number, liked: number): Promise<boolean> {
  const rows = await db
    .delete(likes)
    .where(and(eq(likes.liker_profile_id, liker), eq(likes.liked_profile_id, liked)))
    .returning({ id: likes.id });
  return rows.length > 0;
}

/** Removes likes between two profiles, both ways (blocking). */
export async function deleteLikesBetween(db: Db, a: number, b: number): Promise<void> {
  await db
    .delete(likes)
    .where(
      or(
        and(eq(likes.liker_profile_id, a), eq(likes.liked_profile_id, b)),
        and(eq(likes.liker_profile_id, b), eq(likes.liked_profile_id, a)),
      ),
    );
}

/** Whether `liker` likes `liked`. */
export async function hasLike(db: Db, liker: number, liked: number): Promise<boolean> {
  const rows = await db
    .select({ id: likes.id })
    .from(likes)
    .where(and(eq(likes.liker_profile_id, liker), eq(likes.liked_profile_id, liked)))
    .limit(1);
  return rows.length > 0;
}

/** Clears the new flag of the like `liker` gave `liked` (the liked member opened the profile). */
export async function markLikeSeen(db: Db, liker: number, liked: number): Promise<void> {
  await db
    .update(likes)
    .set({ is_new: false })
    .where(and(eq(likes.liker_profile_id, liker), eq(likes.liked_profile_id, liked), eq(likes.is_new, true)));
}

/**
 * Likes `profileId` received and gave, with active, unblocked other profiles only. Received: new
 * first, then newest (SPEC.md 4); given: newest first.
 */
export async function listLikesOf(db: Db, profileId: number): Promise<{ received: LikeRow[]; given: LikeRow[] }> {
  const select = {
    liker: likes.liker_profile_id,
    liked: likes.liked_profile_id,
    isNew: likes.is_new,
    source: likes.source,
    createdAt: likes.created_at,
  };
  const visible = and(eq(profiles.status, 'active'), notBlockedSql(profileId));
  const [received, given] = await Promise.all([
    db
      .select(select)
      .from(likes)
      .innerJoin(profiles, eq(profiles.id, likes.liker_profile_id))
      .where(and(eq(likes.liked_profile_id, profileId), visible))
      .orderBy(desc(likes.is_new), desc(likes.created_at), desc(likes.id)),
    db
      .select(select)
      .from(likes)
      .innerJoin(profiles, eq(profiles.id, likes.liked_profile_id))
      .where(and(eq(likes.liker_profile_id, profileId), visible))
      .orderBy(desc(likes.created_at), desc(likes.id)),
  ]);
  return { received, given };
}

/** Profiles with their approved main photo, by id (any order). */
export async function profilesByIds(db: Db, ids: number[]): Promise<ProfileWithMain[]> {
  if (ids.length === 0) return [];
  return db
    .select({ profile: profiles, main: photos })
    .from(profiles)
    .leftJoin(photos, and(eq(photos.id, profiles.main_photo_id), eq(photos.status, 'approved')))
    .where(inArray(profiles.id, ids));
}

/**
 * The newest like `profileId` received from a visible liker: new ones first; `fictionalOnly` limits
 * it to fictional likers. Null when there is none.
 */
export async function newestLikerOf(
  db: Db,
  profileId: number,
  opts: { fictionalOnly?: boolean; newOnly?: boolean } = {},
): Promise<number | null> {
  const [row] = await db
    .select({ id: likes.liker_profile_id })
    .from(likes)
    .innerJoin(profiles, eq(profiles.id, likes.liker_profile_id))
    .where(
      and(
        eq(likes.liked_profile_id, profileId),
        eq(profiles.status, 'active'),
        notBlockedSql(profileId),
        opts.fictionalOnly ? eq(profiles.is_fictional, true) : undefined,
        opts.newOnly ? eq(likes.is_new, true) : undefined,
      ),
    )
    .orderBy(desc(likes.is_new), desc(likes.created_at))
    .limit(1);
  return row?.id ?? null;
}

/** When `profileId` last received a system-made (auto) like, or null. */
export async function lastAutoLikeAt(db: Db, profileId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${likes.created_at})`.mapWith((v) => (v ? new Date(v) : null)) })
    .from(likes)
    .where(and(eq(likes.liked_profile_id, profileId), eq(likes.source, 'auto')));
  return row?.at ?? null;
}

/** Likes to insert in bulk (seed). */
export async function insertLikes(db: Db, rows: (typeof likes.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(likes)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
}

/**
 * How two profiles stand, in one round trip (a profile view asks on every open): likes either way and
 * blocks either way between `viewer` and `other` (profile ids).
 */
export async function profileRelation(
  db: Db,
  viewer: number,
  other: number,
): Promise<{ liked: boolean; likedBy: boolean; viewerBlocked: boolean; blockedByOther: boolean }> {
  const like = (liker: number, liked: number) =>
    sql<boolean>`exists (select 1 from ${likes} where ${likes.liker_profile_id} = ${liker} and ${likes.liked_profile_id} = ${liked})`;
  const block = (blocker: number, blocked: number) =>
    sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blocker_profile_id} = ${blocker} and ${blocks.blocked_profile_id} = ${blocked})`;
  const result = await db.execute(
    sql`select ${like(viewer, other)} as liked, ${like(other, viewer)} as liked_by, ${block(viewer, other)} as viewer_blocked, ${block(other, viewer)} as blocked_by_other`,
  );
  type Row = { liked: boolean; liked_by: boolean; viewer_blocked: boolean; blocked_by_other: boolean };
  const row = (result as unknown as { rows: Row[] }).rows[0];
  return {
    liked: row?.liked === true,
    likedBy: row?.liked_by === true,
    viewerBlocked: row?.viewer_blocked === true,
    blockedByOther: row?.blocked_by_other === true,
  };
}
