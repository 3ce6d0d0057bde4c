import { and, asc, count, desc, eq, inArray, lte, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { blocks, likes, photos, profiles, users } from '../schema.js';

export type ProfileRow = typeof profiles.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;
/** A profile with its main photo (null when none). */
export type ProfileWithMain = { profile: ProfileRow; main: PhotoRow | null };

/** A point on earth in degrees. */
export interface GeoPoint {
  lat: number;
  lon: number;
}

/** Filters of a member search; ages in whole years, inclusive; distance in km from `origin`. */
export interface ProfileSearch {
  siteId: number;
  /** The searching member's profile: excluded, and profiles blocked either way are left out. */
  viewerProfileId?: number | undefined;
  gender?: string | undefined;
  country?: string | undefined;
  region?: string | undefined;
  minAge?: number | undefined;
  maxAge?: number | undefined;
  origin?: GeoPoint | undefined;
  distanceKm?: number | undefined;
  /** Profiles left out (e.g. those already shown). */
  excludeIds?: number[] | undefined;
  /** Activity buckets are measured from here (the injected clock). */
  now: Date;
  limit: number;
  offset: number;
  /** false skips counting all matches (total is then -1). */
  withTotal?: boolean;
}

/** Mean earth radius in km (haversine). */
const EARTH_RADIUS_KM = 6371;
/** Km per degree of latitude. */
const KM_PER_DEGREE = 111.045;

/** Great-circle distance in km from `origin` to a profile's stored location (null when unknown). */
export function distanceKmSql(origin: GeoPoint): SQL<number | null> {
  return sql<number | null>`(${EARTH_RADIUS_KM} * 2 * asin(least(1, sqrt(
    power(sin(radians(${profiles.latitude} - ${origin.lat}) / 2), 2) +
    cos(radians(${origin.lat})) * cos(radians(${profiles.latitude})) *
    power(sin(radians(${profiles.longitude} - ${origin.lon}) / 2), 2)))))`;
}

/**
 * Within `km` of `origin`: a bounding box on latitude/longitude first (plain comparisons an index on
 * (site_id, latitude) can use), then the exact haversine distance.
 */
export function withinKmSql(origin: GeoPoint, km: number): SQL {
  const dLat = km / KM_PER_DEGREE;
  const cosLat = Math.max(0.01, Math.cos((origin.lat * Math.PI) / 180));
  const dLon = Math.min(180, km / (KM_PER_DEGREE * cosLat));
  return sql`(${profiles.latitude} between ${origin.lat - dLat} and ${origin.lat + dLat}
    and ${profiles.longitude} between ${origin.lon - dLon} and ${origin.lon + dLon}
    and ${distanceKmSql(origin)} <= ${km})`;
}

/**
 * Who may appear to `viewerProfileId` in search, swipe game and match finder (SPEC.md 4,
 * DECISIONS.md): active profiles of the site, never invisible members, never the viewer, never a
 * profile blocked either way.
 */
export function visibleProfilesSql(siteId: number, viewerProfileId: number | undefined): SQL[] {
  const where: SQL[] = [
    eq(profiles.site_id, siteId),
    eq(profiles.status, 'active'),
    sql`not exists (select 1 from ${users} u where u.id = ${profiles.user_id} and u.invisible)`,
  ];
  if (viewerProfileId) {
    where.push(ne(profiles.id, viewerProfileId), notBlockedSql(viewerProfileId));
  }
  return where;
}

/** No block between the profile row and `viewerProfileId`, either way. */
export function notBlockedSql(viewerProfileId: number): SQL {
  // Two anti-joins, one per direction: each uses an index, where one OR-ed test ran per row.
  return sql`(not exists (select 1 from ${blocks} b where b.blocker_profile_id = ${viewerProfileId}
      and b.blocked_profile_id = ${profiles.id})
    and not exists (select 1 from ${blocks} b where b.blocker_profile_id = ${profiles.id}
      and b.blocked_profile_id = ${viewerProfileId}))`;
}

/** Born on or before `now` minus minAge years, and after `now` minus (maxAge + 1) years. */
export function ageRangeSql(now: Date, minAge?: number, maxAge?: number): SQL[] {
  const where: SQL[] = [];
  const shift = (years: number) => {
    const d = new Date(now);
    d.setUTCFullYear(d.getUTCFullYear() - years);
    return d.toISOString().slice(0, 10);
  };
  if (minAge) where.push(lte(profiles.date_of_birth, shift(minAge)));
  if (maxAge) where.push(sql`${profiles.date_of_birth} > ${shift(maxAge + 1)}::date`);
  return where;
}

function searchConditions(q: ProfileSearch): SQL[] {
  const where = visibleProfilesSql(q.siteId, q.viewerProfileId);
  if (q.gender) where.push(eq(profiles.gender, q.gender));
  if (q.country) where.push(eq(profiles.country, q.country));
  if (q.region) where.push(eq(profiles.region, q.region));
  where.push(...ageRangeSql(q.now, q.minAge, q.maxAge));
  if (q.origin && q.distanceKm) where.push(withinKmSql(q.origin, q.distanceKm));
  if (q.excludeIds?.length) where.push(notInArray(profiles.id, q.excludeIds));
  return where;
}

/**
 * Activity bucket of a profile at `now`: 0 online (5 min), 1 today (24 h), 2 this week, 3 this month,
 * 4 earlier, 5 never (fictional profiles have no activity of their own, so they come last).
 */
export function activityBucketSql(now: Date): SQL<number> {
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
  const at = profiles.last_active_at;
  return sql<number>`(case when ${at} >= ${ago(300)}::timestamptz then 0
    when ${at} >= ${ago(86_400)}::timestamptz then 1
    when ${at} >= ${ago(7 * 86_400)}::timestamptz then 2
    when ${at} >= ${ago(30 * 86_400)}::timestamptz then 3
    when ${at} is not null then 4 else 5 end)`;
}

/** numResults is exact up to this many matches (100 pages of 24); beyond it the search says "2400+". */
export const SEARCH_COUNT_CAP = 2400;

/** Conditions selecting each activity bucket of activityBucketSql, in order. */
function activityBucketRanges(now: Date): SQL[] {
  const ago = (seconds: number) => sql`${new Date(now.getTime() - seconds * 1000).toISOString()}::timestamptz`;
  const at = profiles.last_active_at;
  const edges = [300, 86_400, 7 * 86_400, 30 * 86_400];
  const ranges: SQL[] = [sql`${at} >= ${ago(edges[0] ?? 300)}`];
  for (let i = 1; i < edges.length; i++) {
    ranges.push(sql`(${at} >= ${ago(edges[i] ?? 0)} and ${at} < ${ago(edges[i - 1] ?? 0)})`);
  }
  ranges.push(sql`${at} < ${ago(edges[edges.length - 1] ?? 0)}`, sql`${at} is null`);
  return ranges;
}

/**
 * Ids of one page, in search order. Without an origin the order (activity bucket, then most recent)
 * is simply last_active_at descending, which an index serves without sorting. With an origin each
 * activity bucket is read in turn and sorted by distance, so a page only sorts the buckets it shows.
 */
async function pageIds(db: Db, q: ProfileSearch, where: SQL | undefined): Promise<number[]> {
  const recency = [sql`${profiles.last_active_at} desc nulls last`, sql`${profiles.id}`];
  if (!q.origin) {
    const rows = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(where)
      .orderBy(...recency)
      .limit(q.limit)
      .offset(q.offset);
    return rows.map((r) => r.id);
  }
  const ids: number[] = [];
  let skip = q.offset;
  for (const bucket of activityBucketRanges(q.now)) {
    if (ids.length >= q.limit) break;
    const inBucket = and(where, bucket);
    if (skip > 0) {
      const [counted] = await db.select({ n: count() }).from(profiles).where(inBucket);
      const n = counted?.n ?? 0;
      if (n <= skip) {
        skip -= n;
        continue;
      }
    }
    const rows = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(inBucket)
      .orderBy(sql`${distanceKmSql(q.origin)} asc nulls last`, ...recency)
      .limit(q.limit - ids.length)
      .offset(skip);
    skip = 0;
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/**
 * One page of visible profiles matching the filters and the number of matches (exact up to
 * SEARCH_COUNT_CAP; `capped` says there are more). Order: online and recently active first
 * (activity buckets), then nearest to `origin`, then most recently active. Only approved main photos
 * are returned. Pages are found on ids and sort keys only; the 24 rows are read afterwards.
 */
export async function searchProfiles(
  db: Db,
  q: ProfileSearch,
): Promise<{ rows: ProfileWithMain[]; total: number; capped: boolean }> {
  const where = and(...searchConditions(q));
  const counting =
    q.withTotal === false
      ? Promise.resolve([{ n: -1 }])
      : db.select({ n: count() }).from(
          db
            .select({ one: sql`1`.as('one') })
            .from(profiles)
            .where(where)
            .limit(SEARCH_COUNT_CAP + 1)
            .as('matches'),
        );
  const [ids, totals] = await Promise.all([pageIds(db, q, where), counting]);
  const found =
    ids.length === 0
      ? []
      : await db
          .select({ profile: profiles, main: photos })
          .from(profiles)
          .leftJoin(photos, and(eq(photos.id, profiles.main_photo_id), eq(photos.status, 'approved')))
          .where(inArray(profiles.id, ids));
  const byId = new Map(found.map((r) => [r.profile.id, r]));
  const rows = ids.map((id) => byId.get(id)).filter((r): r is ProfileWithMain => r !== undefined);
  const n = totals[0]?.n ?? 0;
  return { rows, total: Math.min(n, SEARCH_COUNT_CAP), capped: n > SEARCH_COUNT_CAP };
}

/** A profile of a site by id with its main photo; `ownView` includes a main photo awaiting approval. */
export async function findProfile(
  db: Db,
  siteId: number,
  id: number,
  ownView = false,
): Promise<ProfileWithMain | null> {
  const mainJoin = ownView
    ? eq(photos.id, profiles.main_photo_id)
    : and(eq(photos.id, profiles.main_photo_id), eq(photos.status, 'approved'));
  const [row] = await db
    .select({ profile: profiles, main: photos })
    .from(profiles)
    .leftJoin(photos, mainJoin)
    .where(and(eq(profiles.site_id, siteId), eq(profiles.id, id)));
  return row ?? null;
}

/** The profile of a user account. */
export async function findProfileByUserId(db: Db, userId: number): Promise<ProfileWithMain | null> {
  const [row] = await db
    .select({ profile: profiles, main: photos })
    .from(profiles)
    .leftJoin(photos, eq(photos.id, profiles.main_photo_id))
    .where(eq(profiles.user_id, userId));
  return row ?? null;
}

/** Photos of a profile in display order; `ownView` includes those awaiting approval or rejected. */
export async function listPhotos(db: Db, profileId: number, ownView = false): Promise<PhotoRow[]> {
  const where = ownView
    ? eq(photos.profile_id, profileId)
    : and(eq(photos.profile_id, profileId), eq(photos.status, 'approved'));
  return db.select().from(photos).where(where).orderBy(asc(photos.position), asc(photos.id));
}

/**
 * Visible profiles like `profile` (same gender; same country and nearby in age first), for "related
 * profiles"; `viewerProfileId` leaves out the viewer and profiles blocked either way.
 */
export async function relatedProfiles(
  db: Db,
  profile: ProfileRow,
  limit: number,
  viewerProfileId?: number,
): Promise<ProfileWithMain[]> {
  return db
    .select({ profile: profiles, main: photos })
    .from(profiles)
    .leftJoin(photos, and(eq(photos.id, profiles.main_photo_id), eq(photos.status, 'approved')))
    .where(
      and(
        ...visibleProfilesSql(profile.site_id, viewerProfileId),
        ne(profiles.id, profile.id),
        eq(profiles.gender, profile.gender),
      ),
    )
    .orderBy(
      sql`(${profiles.country} = ${profile.country}) desc`,
      sql`abs(${profiles.date_of_birth} - ${profile.date_of_birth}::date)`,
      desc(profiles.last_active_at),
      asc(profiles.id),
    )
    .limit(limit);
}

/** Columns of a profile its owner may change (PUT /api/profile.php). */
export type ProfileChanges = Partial<
  Pick<
    ProfileRow,
    | 'name'
    | 'gender'
    | 'sexuality'
    | 'date_of_birth'
    | 'hair_color'
    | 'eye_color'
    | 'body_type'
    | 'relationship_status'
    | 'tattoos'
    | 'reason'
    | 'interests'
    | 'description'
    | 'country'
    | 'region'
    | 'city'
    | 'latitude'
    | 'longitude'
  >
>;

/** Saves changed profile columns. */
export async function updateProfileRow(db: Db, profileId: number, changes: ProfileChanges): Promise<void> {
  await db.update(profiles).set(changes).where(eq(profiles.id, profileId));
}

/**
 * A fictional profile of the site that may like `member` (system-made like, DECISIONS.md): active,
 * of a gender the member looks for, not blocked either way, that has not liked the member yet; the
 * nearest in age first. Returns its id or null.
 */
export async function fictionalLikerFor(
  db: Db,
  siteId: number,
  member: ProfileRow,
  genders: string[],
): Promise<number | null> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.site_id, siteId),
        eq(profiles.status, 'active'),
        eq(profiles.is_fictional, true),
        inArray(profiles.gender, genders),
        notBlockedSql(member.id),
        sql`not exists (select 1 from ${likes} l where l.liker_profile_id = ${profiles.id}
          and l.liked_profile_id = ${member.id})`,
      ),
    )
    .orderBy(sql`abs(${profiles.date_of_birth} - ${member.date_of_birth}::date)`, asc(profiles.id))
    .limit(1);
  return row?.id ?? null;
}
