import type { GenderFit } from '@app/contracts';
import { and, count, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { blocks, photos, profiles } from '../schema.js';
import {
  ageRangeSql,
  distanceKmSql,
  type GeoPoint,
  genderFitSql,
  notBlockedSql,
  type ProfileWithMain,
  visibleProfilesSql,
  withinKmSql,
} from './profiles.js';

/** Filters of a member search; ages in whole years, inclusive; distance in km from `origin`. */
export interface ProfileSearch {
  siteId: number;
  /** The searching member's profile: excluded, and profiles blocked either way are left out. */
  viewerProfileId?: number | undefined;
  gender?: string | undefined;
  /** Mutual fit (docs/matching.md): genders with the sexualities that fit the member; with `gender`, both apply. */
  fit?: readonly GenderFit[] | undefined;
  country?: string | undefined;
  region?: string | undefined;
  minAge?: number | undefined;
  maxAge?: number | undefined;
  origin?: GeoPoint | undefined;
  /** The country `origin` lies in: a search in another country skips the nearby circles. */
  originCountry?: string | undefined;
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

/** numResults is exact up to this many matches (100 pages of 24); beyond it the search says "2400+". */
export const SEARCH_COUNT_CAP = 2400;

/**
 * Circles (km around the viewer) tried, smallest first, before sorting a whole activity bucket by
 * distance: a circle holding as many matches as the page needs holds the nearest ones.
 */
const NEAREST_RADII_KM = [30, 120];
/** Km per degree of latitude, as withinKmSql's box uses it. */
const KM_PER_DEGREE = 111.045;
/** Above this latitude withinKmSql's box may miss the corners of a 120 km circle; read the whole bucket. */
const MAX_BOX_LATITUDE = 70;

/** Up to this many blocks either way are left out by id; a member with more gets the two anti-joins. */
const BLOCKED_IDS_MAX = 500;

/**
 * The viewer and the profiles blocked either way, left out by id: one small indexed read instead of
 * two anti-joins evaluated for every candidate row. Falls back to notBlockedSql for long block lists.
 */
async function notViewerNorBlocked(db: Db, viewer: number): Promise<SQL> {
  const rows = await db
    .select({ blocker: blocks.blocker_profile_id, blocked: blocks.blocked_profile_id })
    .from(blocks)
    .where(or(eq(blocks.blocker_profile_id, viewer), eq(blocks.blocked_profile_id, viewer)))
    .limit(BLOCKED_IDS_MAX + 1);
  if (rows.length > BLOCKED_IDS_MAX) return and(notInArray(profiles.id, [viewer]), notBlockedSql(viewer)) as SQL;
  return notInArray(profiles.id, [viewer, ...rows.map((r) => (r.blocker === viewer ? r.blocked : r.blocker))]);
}

/** Visible profiles (visibleProfilesSql's rule) matching the filters. */
async function searchConditions(db: Db, q: ProfileSearch): Promise<SQL[]> {
  const where = visibleProfilesSql(q.siteId, undefined);
  if (q.viewerProfileId) where.push(await notViewerNorBlocked(db, q.viewerProfileId));
  if (q.gender) where.push(eq(profiles.gender, q.gender));
  if (q.fit) where.push(genderFitSql(q.fit));
  if (q.country) where.push(eq(profiles.country, q.country));
  if (q.region) where.push(eq(profiles.region, q.region));
  where.push(...ageRangeSql(q.now, q.minAge, q.maxAge));
  if (q.origin && q.distanceKm) where.push(withinKmSql(q.origin, q.distanceKm));
  if (q.excludeIds?.length) where.push(notInArray(profiles.id, q.excludeIds));
  return where;
}

/** One activity bucket of activityBucketSql: its condition and whether it holds many members. */
interface Bucket {
  where: SQL;
  /** Today, this week, this month, earlier: each about a fifth of the members, worth a circle first. */
  large: boolean;
}

/** Conditions selecting each activity bucket of activityBucketSql, in order. */
function activityBuckets(now: Date): Bucket[] {
  const ago = (seconds: number) => sql`${new Date(now.getTime() - seconds * 1000).toISOString()}::timestamptz`;
  const at = profiles.last_active_at;
  const edges = [300, 86_400, 7 * 86_400, 30 * 86_400];
  const buckets: Bucket[] = [{ where: sql`${at} >= ${ago(edges[0] ?? 300)}`, large: false }];
  for (let i = 1; i < edges.length; i++) {
    buckets.push({ where: sql`(${at} >= ${ago(edges[i] ?? 0)} and ${at} < ${ago(edges[i - 1] ?? 0)})`, large: true });
  }
  buckets.push(
    { where: sql`${at} < ${ago(edges[edges.length - 1] ?? 0)}`, large: true },
    { where: sql`${at} is null`, large: false },
  );
  return buckets;
}

/**
 * Circles worth trying around `origin`: none for a region (few matches) or another country than the
 * viewer's (the circles would come back empty), none near the poles, only those inside a distance filter.
 */
function circlesFor(q: ProfileSearch, origin: GeoPoint): number[] {
  const elsewhere = q.country !== undefined && q.originCountry !== undefined && q.country !== q.originCountry;
  if (q.region || elsewhere || Math.abs(origin.lat) > MAX_BOX_LATITUDE) return [];
  const cosLat = Math.cos((origin.lat * Math.PI) / 180);
  return NEAREST_RADII_KM.filter((km) => {
    const dLon = km / (KM_PER_DEGREE * cosLat);
    return (!q.distanceKm || km < q.distanceKm) && Math.abs(origin.lon) + dLon < 180;
  });
}

/**
 * Ids of the `need` nearest matches in one activity bucket (then most recent, then id). The circles
 * go first: the bounding box of a circle is a range on the geo index, and when a circle holds `need`
 * matches they are the nearest of the whole bucket (every match nearer than its radius is inside).
 * Otherwise the whole bucket is sorted (at once when a circle shows the next one will not do either).
 */
async function nearestInBucket(
  db: Db,
  inBucket: SQL | undefined,
  origin: GeoPoint,
  need: number,
  circles: number[],
): Promise<number[]> {
  const order = [
    sql`${distanceKmSql(origin)} asc nulls last`,
    sql`${profiles.last_active_at} desc nulls last`,
    sql`${profiles.id}`,
  ];
  const nearest = (extra?: SQL) =>
    db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(inBucket, extra))
      .orderBy(...order)
      .limit(need);
  for (const [i, km] of circles.entries()) {
    const rows = await nearest(withinKmSql(origin, km));
    if (rows.length >= need) return rows.map((r) => r.id);
    // Matches grow with the area: when the next circle would likely fall short too, sort the bucket now.
    const next = circles[i + 1];
    if (next === undefined || rows.length * (next / km) ** 2 < need) break;
  }
  return (await nearest()).map((r) => r.id);
}

/**
 * Ids of one page, in search order. Without an origin the order (activity bucket, then most recent)
 * is simply last_active_at descending, which an index serves without sorting. With an origin each
 * activity bucket is read in turn for the nearest rows the page still needs (offset + limit in all):
 * a bucket that returns fewer is exhausted, so no bucket is counted or read twice and buckets after
 * the page are never read.
 */
async function pageIds(db: Db, q: ProfileSearch, where: SQL | undefined): Promise<number[]> {
  if (!q.origin) {
    const rows = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(where)
      .orderBy(sql`${profiles.last_active_at} desc nulls last`, sql`${profiles.id}`)
      .limit(q.limit)
      .offset(q.offset);
    return rows.map((r) => r.id);
  }
  const wanted = q.offset + q.limit;
  const circles = circlesFor(q, q.origin);
  const ids: number[] = [];
  for (const bucket of activityBuckets(q.now)) {
    if (ids.length >= wanted) break;
    const need = wanted - ids.length;
    ids.push(...(await nearestInBucket(db, and(where, bucket.where), q.origin, need, bucket.large ? circles : [])));
  }
  return ids.slice(q.offset);
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
  const where = and(...(await searchConditions(db, q)));
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
