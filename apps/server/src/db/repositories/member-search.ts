import type { GenderFit } from '@app/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { blocks, photos, profiles, users } from '../schema.js';
import { prepareSql, shapesPerDb } from './prepared.js';
import { fitValues, type GeoPoint, genderFitPlaceholders, type ProfileWithMain, yearsBefore } from './profiles.js';

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
  /**
   * Verified members only (issue: verified members): verified with the current main image, never a
   * fictional profile (services/verification/rules.ts `isVerified`, as SQL).
   */
  verifiedOnly?: boolean | undefined;
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
/** Searches whose count is kept at most per database; the oldest goes first. */
const SEARCH_COUNT_CACHE_MAX = 5000;
type CountCache = Map<string, { n: number; at: number }>;
/** Kept counts per database: a process serving two databases (tests, tools) never mixes them. */
const countCaches = new WeakMap<Db, CountCache>();

/** The count cache of `db`, made on first use. */
function countCacheOf(db: Db): CountCache {
  let cache = countCaches.get(db);
  if (!cache) {
    cache = new Map();
    countCaches.set(db, cache);
  }
  return cache;
}

/** What decides a search's count: everything but the page (and the clock within the cache's time). */
function countKey(q: ProfileSearch): string {
  const { now: _now, limit: _limit, offset: _offset, withTotal: _withTotal, ...filters } = q;
  return JSON.stringify(filters);
}

/** The number of a search's matches kept for its later pages, when fresh; else undefined. */
function keptCount(countCache: CountCache, q: ProfileSearch, key: string): number | undefined {
  const kept = q.offset > 0 ? countCache.get(key) : undefined;
  return kept && Date.now() - kept.at < SEARCH_COUNT_CACHE_SECONDS * 1000 ? kept.n : undefined;
}

/** Keeps a search's number of matches for its later pages (the oldest search goes past the limit). */
function keepCount(countCache: CountCache, key: string, n: number): void {
  countCache.delete(key);
  countCache.set(key, { n, at: Date.now() });
  if (countCache.size > SEARCH_COUNT_CACHE_MAX) countCache.delete(countCache.keys().next().value as string);
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
/** Mean earth radius in km (haversine), as distanceKmSql uses it. */
const EARTH_RADIUS_KM = 6371;
/** Activity bucket edges of activityBucketSql, in seconds before now: online, today, this week, this month. */
const BUCKET_EDGES = [300, 86_400, 7 * 86_400, 30 * 86_400];
/** Search statements kept per database, one per shape (which filters are set); the least used goes. */
const SEARCH_SHAPES_MAX = 64;

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
 * What decides a search statement's text: which filters are set (not their values), how many
 * fitting genders and how many nearest-first circles (null without an origin). A few dozen shapes
 * occur; each is built once per database (issue 31).
 */
interface SearchShape {
  viewer: boolean;
  gender: boolean;
  /** Fitting genders of genderFitSql; null without a fit filter. */
  fit: number | null;
  country: boolean;
  region: boolean;
  minAge: boolean;
  maxAge: boolean;
  distance: boolean;
  exclude: boolean;
  verified: boolean;
  /** Nearest-first circles per large activity bucket; null orders by activity alone (no origin). */
  circles: number | null;
}

const p = sql.placeholder;

/** Great-circle km from the placeholders originLat/originLon to a profile (distanceKmSql's formula). */
const distanceKm = sql`(${EARTH_RADIUS_KM}::float8 * 2 * asin(least(1, sqrt(
    power(sin(radians(${profiles.latitude} - ${p('originLat')}::float8) / 2), 2) +
    cos(radians(${p('originLat')}::float8)) * cos(radians(${profiles.latitude})) *
    power(sin(radians(${profiles.longitude} - ${p('originLon')}::float8) / 2), 2)))))`;

/** withinKmSql with placeholders `<name>LatLo` … `<name>Km` (withinKmValues gives them). */
function withinKm(name: string): SQL {
  return sql`(${profiles.latitude} between ${p(`${name}LatLo`)}::float8 and ${p(`${name}LatHi`)}::float8
    and ${profiles.longitude} between ${p(`${name}LonLo`)}::float8 and ${p(`${name}LonHi`)}::float8
    and ${distanceKm} <= ${p(`${name}Km`)}::float8)`;
}

/** The placeholder values of withinKm(name) for a circle of `km` around `origin` (withinKmSql's box). */
function withinKmValues(name: string, origin: GeoPoint, km: number): Record<string, number> {
  const dLat = km / KM_PER_DEGREE;
  const cosLat = Math.max(0.01, Math.cos((origin.lat * Math.PI) / 180));
  const dLon = Math.min(180, km / (KM_PER_DEGREE * cosLat));
  return {
    [`${name}LatLo`]: origin.lat - dLat,
    [`${name}LatHi`]: origin.lat + dLat,
    [`${name}LonLo`]: origin.lon - dLon,
    [`${name}LonHi`]: origin.lon + dLon,
    [`${name}Km`]: km,
  };
}

/** Visible profiles (visibleProfilesSql's rule) matching the filters of `shape`, as placeholders. */
function searchConditions(shape: SearchShape): SQL {
  const where: SQL[] = [
    sql`${profiles.site_id} = ${p('siteId')}::int`,
    sql`${profiles.status} = 'active'`,
    sql`not exists (select 1 from ${users} u where u.id = ${profiles.user_id} and u.invisible)`,
  ];
  if (shape.viewer) {
    // The viewer and the profiles blocked either way, left out in the statement itself: the block list
    // is one small indexed read that PostgreSQL runs once and hashes (a hashed SubPlan).
    const viewer = sql`${p('viewer')}::int`;
    where.push(
      sql`${profiles.id} <> ${viewer} and ${profiles.id} not in (select case when ${blocks.blocker_profile_id} = ${viewer} then ${blocks.blocked_profile_id} else ${blocks.blocker_profile_id} end from ${blocks} where ${blocks.blocker_profile_id} = ${viewer} or ${blocks.blocked_profile_id} = ${viewer})`,
    );
  }
  if (shape.gender) where.push(sql`${profiles.gender} = ${p('gender')}::text`);
  if (shape.fit !== null) where.push(genderFitPlaceholders(shape.fit));
  if (shape.country) where.push(sql`${profiles.country} = ${p('country')}::text`);
  if (shape.region) where.push(sql`${profiles.region} = ${p('region')}::text`);
  if (shape.minAge) where.push(sql`${profiles.date_of_birth} <= ${p('minBorn')}::date`);
  if (shape.maxAge) where.push(sql`${profiles.date_of_birth} > ${p('maxBorn')}::date`);
  if (shape.distance) where.push(withinKm('distance'));
  if (shape.exclude) where.push(sql`${profiles.id} <> all(${p('exclude')}::int[])`);
  if (shape.verified) {
    where.push(
      sql`${profiles.verified_at} is not null and not ${profiles.is_fictional} and ${profiles.verified_photo_id} = ${profiles.main_photo_id}`,
    );
  }
  return sql.join(where, sql` and `);
}

/**
 * The branches of a page with an origin, in search order: each activity bucket (activityBucketSql),
 * and each large bucket (today, this week, this month, earlier) cut into rings by the circles: inside
 * the first circle, then between it and the next, …, then the rest (no location included). Each
 * branch is read in distance order from a range of an index, and only for the rows the page still needs.
 */
function branches(circles: number): SQL[] {
  const at = profiles.last_active_at;
  const edge = (i: number) => sql`${p(`edge${i}`)}::timestamptz`;
  const within = (i: number) => sql`coalesce(${withinKm(`circle${i}`)}, false)`;
  const rings: SQL[] = [];
  for (let i = 0; i <= circles; i++) {
    const inside = i < circles ? within(i) : undefined;
    const outside = i > 0 ? sql`not ${within(i - 1)}` : undefined;
    rings.push(inside && outside ? sql`${inside} and ${outside}` : (inside ?? outside ?? sql`true`));
  }
  const large = [
    sql`${at} >= ${edge(1)} and ${at} < ${edge(0)}`,
    sql`${at} >= ${edge(2)} and ${at} < ${edge(1)}`,
    sql`${at} >= ${edge(3)} and ${at} < ${edge(2)}`,
    sql`${at} < ${edge(3)}`,
  ];
  return [
    sql`${at} >= ${edge(0)}`,
    ...large.flatMap((bucket) => rings.map((ring) => sql`${bucket} and ${ring}`)),
    sql`${at} is null`,
  ];
}

/**
 * The ids of one page (columns id, k, d, a: branch, distance, last activity) as a WITH query. Without
 * an origin the order (activity bucket, then most recent) is last_active_at descending, which an index
 * serves without sorting. With an origin, the branches in order, each reading only what the page
 * still needs (offset + limit in all, minus what the branches before it found), so a branch after
 * the page is never read; one statement, where the nearest-first circles were one statement each.
 */
function pageSql(shape: SearchShape, where: SQL): SQL {
  const ctes: SQL[] = [];
  if (shape.circles === null) {
    ctes.push(sql`page as (select ${profiles.id} as id, 0 as k, null::float8 as d, ${profiles.last_active_at} as a
      from ${profiles} where ${where}
      order by ${profiles.last_active_at} desc nulls last, ${profiles.id}
      limit ${p('limit')}::int offset ${p('offset')}::int)`);
  } else {
    const parts = branches(shape.circles);
    const wanted = sql`${p('wanted')}::int`;
    for (const [k, branch] of parts.entries()) {
      const need = k === 0 ? wanted : sql`greatest(0, ${wanted} - (select n from n${sql.raw(String(k - 1))}))`;
      ctes.push(sql`b${sql.raw(String(k))} as (select ${profiles.id} as id, ${sql.raw(String(k))} as k, ${distanceKm} as d,
          ${profiles.last_active_at} as a
        from ${profiles} where ${where} and ${branch}
        order by d asc nulls last, a desc nulls last, ${profiles.id}
        limit ${need})`);
      const before = k === 0 ? sql`0` : sql`(select n from n${sql.raw(String(k - 1))})`;
      ctes.push(sql`n${sql.raw(String(k))} as (select ${before} + count(*) as n from b${sql.raw(String(k))})`);
    }
    const all = sql.join(
      parts.map((_, k) => sql`select id, k, d, a from b${sql.raw(String(k))}`),
      sql` union all `,
    );
    ctes.push(sql`page as (select id, k, d, a from (${all}) as found
      order by k, d asc nulls last, a desc nulls last, id
      limit ${p('limit')}::int offset ${p('offset')}::int)`);
  }
  return sql`(with ${sql.join(ctes, sql`, `)} select id, k, d, a from page) as hits`;
}

/** One statement per search shape: the page's profiles with their approved main photos, in search order. */
const searchQueries = shapesPerDb('search', SEARCH_SHAPES_MAX, (db, key, name) => {
  const shape = JSON.parse(key) as SearchShape;
  return db
    .select({ profile: profiles, main: photos })
    .from(pageSql(shape, searchConditions(shape)))
    .innerJoin(profiles, sql`${profiles.id} = hits.id`)
    .leftJoin(photos, and(eq(photos.id, profiles.main_photo_id), eq(photos.status, 'approved')))
    .orderBy(sql`hits.k, hits.d asc nulls last, hits.a desc nulls last, hits.id`)
    .prepare(name);
});

/**
 * The count of a search shape's matches, up to SEARCH_COUNT_CAP + 1: its own statement, sent beside
 * the page's (at 100,000 members the count is the larger part of page 1; on another connection it
 * runs at the same time as the page instead of after it).
 */
const countQueries = shapesPerDb('search_count', SEARCH_SHAPES_MAX, (db, key, name) => {
  const shape = JSON.parse(key) as SearchShape;
  return prepareSql<{ n: number }>(
    db,
    name,
    sql`select count(*)::int as n from (select 1 from ${profiles} where ${searchConditions(shape)}
      limit ${p('countLimit')}::int) as matches`,
  );
});

/** The shape of search `q` and the values of its placeholders. */
function searchStatement(q: ProfileSearch): { shape: SearchShape; values: Record<string, unknown> } {
  const origin = q.origin;
  const circles = origin ? circlesFor(q, origin) : null;
  const distance = Boolean(q.origin && q.distanceKm);
  const shape: SearchShape = {
    viewer: Boolean(q.viewerProfileId),
    gender: Boolean(q.gender),
    fit: q.fit ? q.fit.length : null,
    country: Boolean(q.country),
    region: Boolean(q.region),
    minAge: Boolean(q.minAge),
    maxAge: Boolean(q.maxAge),
    distance,
    exclude: Boolean(q.excludeIds?.length),
    verified: Boolean(q.verifiedOnly),
    circles: circles ? circles.length : null,
  };
  const values: Record<string, unknown> = {
    siteId: q.siteId,
    viewer: q.viewerProfileId,
    gender: q.gender,
    country: q.country,
    region: q.region,
    minBorn: q.minAge ? yearsBefore(q.now, q.minAge) : undefined,
    maxBorn: q.maxAge ? yearsBefore(q.now, q.maxAge + 1) : undefined,
    exclude: q.excludeIds,
    limit: q.limit,
    offset: q.offset,
    wanted: q.offset + q.limit,
    countLimit: SEARCH_COUNT_CAP + 1,
    ...fitValues(q.fit ?? []),
  };
  if (origin) {
    Object.assign(values, { originLat: origin.lat, originLon: origin.lon });
    for (const [i, seconds] of BUCKET_EDGES.entries()) {
      values[`edge${i}`] = new Date(q.now.getTime() - seconds * 1000).toISOString();
    }
    for (const [i, km] of (circles ?? []).entries()) Object.assign(values, withinKmValues(`circle${i}`, origin, km));
    if (distance) Object.assign(values, withinKmValues('distance', origin, q.distanceKm as number));
  }
  return { shape, values };
}

/**
 * One page of visible profiles matching the filters and the number of matches (exact up to
 * SEARCH_COUNT_CAP; `capped` says there are more). Order: online and recently active first
 * (activity buckets), then nearest to `origin`, then most recently active. Only approved main photos
 * are returned. One statement (issue 31): the page found on ids and sort keys only and its 24 rows
 * read with it; beside it, at the same time, the count, which a later page of the same search takes
 * from the count cache instead.
 */
export async function searchProfiles(
  db: Db,
  q: ProfileSearch,
): Promise<{ rows: ProfileWithMain[]; total: number; capped: boolean }> {
  const countCache = countCacheOf(db);
  const key = countKey(q);
  const kept = q.withTotal === false ? -1 : keptCount(countCache, q, key);
  const { shape, values } = searchStatement(q);
  const counting =
    kept === undefined
      ? countQueries(db, JSON.stringify({ ...shape, circles: null }))
          .execute(values)
          .then((found) => Number(found[0]?.n ?? 0))
      : Promise.resolve(kept);
  const [rows, n] = await Promise.all([searchQueries(db, JSON.stringify(shape)).execute(values), counting]);
  if (kept === undefined) keepCount(countCache, key, n);
  return { rows, total: Math.min(n, SEARCH_COUNT_CAP), capped: n > SEARCH_COUNT_CAP };
}
