import type { GenderFit } from '@app/contracts';
import { and, count, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { blocks, photos, profiles } from '../schema.js';
import {
  ageRangeSql,
  distanceKmSql,
  type GeoPoint,
  genderFitSql,
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
 * Seconds a search's number of matches is kept for the next pages of the same search (same viewer,
 * same filters): a member paging through results has it counted on the first page, not on every page,
 * and sees the same number on each. Page 1 always counts afresh; the results themselves are always read
 * fresh; on later pages the number may lag a change (a new member, a block) by at most this long.
 */
export const SEARCH_COUNT_CACHE_SECONDS = 20;
/** Searches whose count is kept at most; the oldest goes first. */
const SEARCH_COUNT_CACHE_MAX = 5000;
const countCache = new Map<string, { n: number; at: number }>();

/** What decides a search's count: everything but the page (and the clock within the cache's time). */
function countKey(q: ProfileSearch): string {
  const { now: _now, limit: _limit, offset: _offset, withTotal: _withTotal, ...filters } = q;
  return JSON.stringify(filters);
}

/**
 * Matches of `where` up to SEARCH_COUNT_CAP + 1; a later page (offset > 0) reuses the count of the same
 * search made within SEARCH_COUNT_CACHE_SECONDS.
 */
async function countMatches(db: Db, q: ProfileSearch, where: SQL | undefined): Promise<number> {
  const key = countKey(q);
  const now = Date.now();
  const kept = q.offset > 0 ? countCache.get(key) : undefined;
  if (kept && now - kept.at < SEARCH_COUNT_CACHE_SECONDS * 1000) return kept.n;
  const [row] = await db.select({ n: count() }).from(
    db
      .select({ one: sql`1`.as('one') })
      .from(profiles)
      .where(where)
      .limit(SEARCH_COUNT_CAP + 1)
      .as('matches'),
  );
  const n = row?.n ?? 0;
  countCache.delete(key);
  countCache.set(key, { n, at: now });
  if (countCache.size > SEARCH_COUNT_CACHE_MAX) countCache.delete(countCache.keys().next().value as string);
  return n;
}

/**
 * Circles (km around the viewer) tried, smallest first, before sorting a whole activity bucket by
 * distance: a circle holding as many matches as the page needs holds the nearest ones.
 */
const NEAREST_RADII_KM = [30, 120];
/** Km per degree of latitude, as withinKmSql's box uses it. */
const KM_PER_DEGREE = 111.045;
/** Above this latitude withinKmSql's box may miss the corners of a 120 km circle; read the whole bucket. */
const MAX_BOX_LATITUDE = 70;

/**
 * The viewer and the profiles blocked either way, left out in the statement itself: the block list is
 * one small indexed read that PostgreSQL runs once and hashes (a hashed SubPlan), where a separate
 * read cost a round trip per search and anti-joins cost two index probes per candidate row.
 */
function notViewerNorBlocked(viewer: number): SQL {
  return sql`${profiles.id} <> ${viewer} and ${profiles.id} not in (select case when ${blocks.blocker_profile_id} = ${viewer} then ${blocks.blocked_profile_id} else ${blocks.blocker_profile_id} end from ${blocks} where ${blocks.blocker_profile_id} = ${viewer} or ${blocks.blocked_profile_id} = ${viewer})`;
}

/** Visible profiles (visibleProfilesSql's rule) matching the filters. */
function searchConditions(q: ProfileSearch): SQL[] {
  const where = visibleProfilesSql(q.siteId, undefined);
  if (q.viewerProfileId) where.push(notViewerNorBlocked(q.viewerProfileId));
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
  const where = and(...searchConditions(q));
  const counting = q.withTotal === false ? Promise.resolve(-1) : countMatches(db, q, where);
  const [ids, n] = await Promise.all([pageIds(db, q, where), counting]);
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
  return { rows, total: Math.min(n, SEARCH_COUNT_CAP), capped: n > SEARCH_COUNT_CAP };
}
