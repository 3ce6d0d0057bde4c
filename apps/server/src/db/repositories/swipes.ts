import type { GenderFit } from '@app/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { likes, photos, profiles, swipes, users } from '../schema.js';
import { activityBucketSql, ageRangeSql, genderFitSql, type ProfileWithMain, visibleProfilesSql } from './profiles.js';

/** Likes `profileId` gave in the swipe game on the member-local `day` (YYYY-MM-DD). */
export async function countSwipeLikes(db: Db, profileId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(swipes)
    .where(and(eq(swipes.profile_id, profileId), eq(swipes.day, day), eq(swipes.action, 'like')));
  return row?.n ?? 0;
}

/** Stores a swipe; returns false when this profile was already swiped that day. */
export async function insertSwipe(
  db: Db,
  s: { profileId: number; target: number; day: string; action: 'like' | 'pass'; at: Date },
): Promise<boolean> {
  const rows = await db
    .insert(swipes)
    .values({ profile_id: s.profileId, target_profile_id: s.target, day: s.day, action: s.action, created_at: s.at })
    .onConflictDoNothing()
    .returning({ id: swipes.id });
  return rows.length > 0;
}

/** Serialises a member's swipes (inside a transaction), so two tabs cannot both spend the last like. */
export async function lockUser(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
}

/**
 * The next card of the swipe game: a visible profile that fits the member (`fit`: genders with their
 * sexualities; ages in years, inclusive; docs/matching.md), not swiped by the member
 * on `day` and not already liked by them; recently active first, then a day-dependent shuffle so the
 * order differs from day to day.
 */
export async function nextSwipeCandidate(
  db: Db,
  q: {
    siteId: number;
    profileId: number;
    fit: readonly GenderFit[];
    minAge: number;
    maxAge: number;
    day: string;
    now: Date;
  },
): Promise<ProfileWithMain | null> {
  const [row] = await db
    .select({ profile: profiles, main: photos })
    .from(profiles)
    .leftJoin(photos, and(eq(photos.id, profiles.main_photo_id), eq(photos.status, 'approved')))
    .where(
      and(
        ...visibleProfilesSql(q.siteId, q.profileId),
        genderFitSql(q.fit),
        ...ageRangeSql(q.now, q.minAge, q.maxAge),
        sql`not exists (select 1 from ${swipes} s where s.profile_id = ${q.profileId}
          and s.day = ${q.day}::date and s.target_profile_id = ${profiles.id})`,
        sql`not exists (select 1 from ${likes} l where l.liker_profile_id = ${q.profileId}
          and l.liked_profile_id = ${profiles.id})`,
      ),
    )
    .orderBy(activityBucketSql(q.now), sql`hashtext(${profiles.id}::text || ${q.day})`)
    .limit(1);
  return row ?? null;
}
