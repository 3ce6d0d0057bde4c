import type { GenderFit } from '@app/contracts';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { photos, profiles, users } from '../schema.js';
import {
  activityBucketSql,
  ageRangeSql,
  distanceKmSql,
  type GeoPoint,
  genderFitSql,
  type ProfileWithMain,
  visibleProfilesSql,
  withinKmSql,
} from './profiles.js';

/** A candidate of the match finder with its distance in km (null when either location is unknown). */
export type Candidate = ProfileWithMain & { distanceKm: number | null };

/**
 * Up to `limit` visible candidates for the match finder: of the given genders with their fitting
 * sexualities (`fit`, docs/matching.md) and ages (years, inclusive), within
 * `distanceKm` of `origin` when both are known. Those sharing an interest come first, then the most
 * recently active, so the ranking in the service sees the best pool.
 */
export async function matchCandidates(
  db: Db,
  q: {
    siteId: number;
    profileId: number;
    fit: readonly GenderFit[];
    minAge: number;
    maxAge: number;
    interests: string[];
    origin: GeoPoint | null;
    distanceKm: number | null;
    now: Date;
    limit: number;
  },
): Promise<Candidate[]> {
  const where: SQL[] = [
    ...visibleProfilesSql(q.siteId, q.profileId),
    genderFitSql(q.fit),
    ...ageRangeSql(q.now, q.minAge, q.maxAge),
  ];
  if (q.origin && q.distanceKm) where.push(withinKmSql(q.origin, q.distanceKm));
  const interests = sql`array[${sql.join(
    q.interests.map((i) => sql`${i}`),
    sql`, `,
  )}]::text[]`;
  return db
    .select({
      profile: profiles,
      main: photos,
      distanceKm: q.origin ? distanceKmSql(q.origin) : sql<null>`null::float8`,
    })
    .from(profiles)
    .leftJoin(photos, and(eq(photos.id, profiles.main_photo_id), eq(photos.status, 'approved')))
    .where(and(...where))
    .orderBy(sql`(${profiles.interests} && ${interests}) desc`, activityBucketSql(q.now), desc(profiles.id))
    .limit(q.limit);
}

/** Saves what the member looks for in the match finder (users.match_preferences). */
export async function saveMatchPreferences(db: Db, userId: number, prefs: Record<string, unknown>): Promise<void> {
  await db.update(users).set({ match_preferences: prefs }).where(eq(users.id, userId));
}
