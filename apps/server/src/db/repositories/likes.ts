import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { likes, photos, profiles } from '../schema.js';
import { oncePerDb } from './prepared.js';
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

/** A like of a member's list with the other profile (the liker of a received like, the liked of a given one). */
export interface LikeWithProfile extends LikeRow {
  /** received: the member was liked; given: the member liked. */
  direction: 'received' | 'given';
  other: ProfileWithMain;
}

/**
 * The likes list's one statement (issue 31): the likes a member received and gave with the other
 * profile and its approved main photo, other profiles active and not blocked either way. Received
 * first (new first, then newest), then given (newest first).
 */
const likesWithProfilesQuery = oncePerDb((db) => {
  const me = sql`${sql.placeholder('profileId')}::int`;
  const mine = sql`(select 0 as dir, l.liker_profile_id as other, l.liker_profile_id, l.liked_profile_id, l.is_new,
      l.source, l.created_at, l.id
    from ${likes} l where l.liked_profile_id = ${me}
    union all
    select 1, l.liked_profile_id, l.liker_profile_id, l.liked_profile_id, l.is_new, l.source, l.created_at, l.id
    from ${likes} l where l.liker_profile_id = ${me}) as mine`;
  return db
    .select({
      dir: sql<number>`mine.dir`,
      liker: sql<number>`mine.liker_profile_id`,
      liked: sql<number>`mine.liked_profile_id`,
      isNew: sql<boolean>`mine.is_new`,
      source: sql<string>`mine.source`,
      createdAt: sql<Date>`mine.created_at`.mapWith(likes.created_at),
      profile: profiles,
      main: photos,
    })
    .from(mine)
    .innerJoin(profiles, sql`${profiles.id} = mine.other`)
    .leftJoin(photos, and(eq(photos.id, profiles.main_photo_id), eq(photos.status, 'approved')))
    .where(and(eq(profiles.status, 'active'), notBlockedSql(sql.placeholder('profileId'))))
    .orderBy(sql`mine.dir`, sql`(mine.dir = 0 and mine.is_new) desc`, sql`mine.created_at desc`, sql`mine.id desc`)
    .prepare('likes_with_profiles');
});

/**
 * Likes `profileId` received and gave, with the other profile of each, in one statement; active,
 * unblocked other profiles only. Received: new first, then newest (SPEC.md 4); given: newest first.
 */
export async function listLikesWithProfiles(db: Db, profileId: number): Promise<LikeWithProfile[]> {
  const rows = await likesWithProfilesQuery(db).execute({ profileId });
  return rows.map((r) => ({
    direction: r.dir === 0 ? 'received' : 'given',
    liker: r.liker,
    liked: r.liked,
    isNew: r.isNew,
    source: r.source,
    createdAt: r.createdAt,
    other: { profile: r.profile, main: r.main },
  }));
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
