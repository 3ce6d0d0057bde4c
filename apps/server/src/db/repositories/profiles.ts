import type { GenderFit } from '@app/contracts';
import { and, asc, eq, gt, inArray, lte, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { blocks, likes, photos, profiles, sessions, users } from '../schema.js';
import { oncePerDb, shapesPerDb } from './prepared.js';

export type ProfileRow = typeof profiles.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;
type UserRow = typeof users.$inferSelect;
/** A profile with its main photo (null when none). */
export type ProfileWithMain = { profile: ProfileRow; main: PhotoRow | null };

/** A point on earth in degrees. */
export interface GeoPoint {
  lat: number;
  lon: number;
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
export function notBlockedSql(viewerProfileId: number | SQL | Placeholder): SQL {
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

/** A profile of a site by id with its main photo: the public one (approved main photo) and the owner's. */
const findProfileQueries = oncePerDb((db) => {
  const build = (ownView: boolean, name: string) =>
    db
      .select({ profile: profiles, main: photos })
      .from(profiles)
      .leftJoin(photos, mainPhotoJoin(ownView))
      .where(and(eq(profiles.site_id, sql.placeholder('siteId')), eq(profiles.id, sql.placeholder('id'))))
      .prepare(name);
  return { public: build(false, 'find_profile'), own: build(true, 'find_profile_own') };
});

/** The main photo of a profile row: any status for its owner, else approved only. */
function mainPhotoJoin(ownView: boolean): SQL | undefined {
  return ownView
    ? eq(photos.id, profiles.main_photo_id)
    : and(eq(photos.id, profiles.main_photo_id), eq(photos.status, 'approved'));
}

/** A profile of a site by id with its main photo; `ownView` includes a main photo awaiting approval. */
export async function findProfile(
  db: Db,
  siteId: number,
  id: number,
  ownView = false,
): Promise<ProfileWithMain | null> {
  const queries = findProfileQueries(db);
  const [row] = await (ownView ? queries.own : queries.public).execute({ siteId, id });
  return row ?? null;
}

/** How a member stands to a profile they view: likes either way and blocks either way. */
export interface ViewerRelation {
  liked: boolean;
  likedBy: boolean;
  viewerBlocked: boolean;
  blockedByOther: boolean;
}

/**
 * A profile view's first read (issue 31: one round trip): the profile with its main photo and how
 * `viewer` (a profile id; null for a visitor or the owner) stands to it, likes and blocks either way.
 */
const profileForViewerQueries = oncePerDb((db) => {
  const viewer = sql`${sql.placeholder('viewer')}::int`;
  const like = (liker: SQL, liked: SQL) =>
    sql<boolean>`exists (select 1 from ${likes} where ${likes.liker_profile_id} = ${liker} and ${likes.liked_profile_id} = ${liked})`;
  const block = (blocker: SQL, blocked: SQL) =>
    sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blocker_profile_id} = ${blocker} and ${blocks.blocked_profile_id} = ${blocked})`;
  const id = sql`${profiles.id}`;
  const build = (ownView: boolean, name: string) =>
    db
      .select({
        profile: profiles,
        main: photos,
        liked: like(viewer, id),
        likedBy: like(id, viewer),
        viewerBlocked: block(viewer, id),
        blockedByOther: block(id, viewer),
      })
      .from(profiles)
      .leftJoin(photos, mainPhotoJoin(ownView))
      .where(and(eq(profiles.site_id, sql.placeholder('siteId')), eq(profiles.id, sql.placeholder('id'))))
      .prepare(name);
  return { public: build(false, 'profile_for_viewer'), own: build(true, 'profile_for_owner') };
});

/**
 * A profile of a site by id with its main photo (`ownView`: any status, for its owner) and, when
 * `viewerProfileId` is given, likes and blocks either way between that viewer and the profile, in
 * one statement. Null when the site has no such profile.
 */
export async function findProfileForViewer(
  db: Db,
  siteId: number,
  id: number,
  viewerProfileId: number | null,
  ownView: boolean,
): Promise<(ProfileWithMain & { relation: ViewerRelation }) | null> {
  const queries = profileForViewerQueries(db);
  const [row] = await (ownView ? queries.own : queries.public).execute({ siteId, id, viewer: viewerProfileId });
  if (!row) return null;
  const relation = {
    liked: row.liked === true,
    likedBy: row.likedBy === true,
    viewerBlocked: row.viewerBlocked === true,
    blockedByOther: row.blockedByOther === true,
  };
  return { profile: row.profile, main: row.main, relation };
}

/**
 * Own profiles read together with the session of a request that changes nothing (GET, HEAD; see
 * http/context.ts), by the request's user row: the calls of that request ask ownProfileOf and need no
 * second round trip. A request that writes never has one, so it always reads the profile fresh.
 */
const preloadedOwnProfiles = new WeakMap<UserRow, ProfileWithMain | null>();

/** Remembers `own` as the profile of `user` (the request's row) for the rest of that request. */
export function preloadOwnProfile(user: UserRow, own: ProfileWithMain | null): void {
  preloadedOwnProfiles.set(user, own);
}

/**
 * The member's own profile with its main photo: the one read with the request's session when there
 * is one (preloadOwnProfile), else findProfileByUserId.
 */
export async function ownProfileOf(db: Db, user: UserRow): Promise<ProfileWithMain | null> {
  if (preloadedOwnProfiles.has(user)) return preloadedOwnProfiles.get(user) ?? null;
  return findProfileByUserId(db, user.id);
}

const findProfileByUserIdQuery = oncePerDb((db) =>
  db
    .select({ profile: profiles, main: photos })
    .from(profiles)
    .leftJoin(photos, eq(photos.id, profiles.main_photo_id))
    .where(eq(profiles.user_id, sql.placeholder('userId')))
    .prepare('find_profile_by_user'),
);

/** The profile of a user account. */
export async function findProfileByUserId(db: Db, userId: number): Promise<ProfileWithMain | null> {
  const [row] = await findProfileByUserIdQuery(db).execute({ userId });
  return row ?? null;
}

/** Photos of a profile in display order: every status (the owner's view) or approved only. */
const listPhotosQueries = oncePerDb((db) => {
  const build = (ownView: boolean, name: string) =>
    db
      .select()
      .from(photos)
      .where(
        ownView
          ? eq(photos.profile_id, sql.placeholder('profileId'))
          : and(eq(photos.profile_id, sql.placeholder('profileId')), eq(photos.status, 'approved')),
      )
      .orderBy(asc(photos.position), asc(photos.id))
      .prepare(name);
  return { own: build(true, 'list_photos_own'), public: build(false, 'list_photos') };
});

/** Photos of a profile in display order; `ownView` includes those awaiting approval or rejected. */
export async function listPhotos(db: Db, profileId: number, ownView = false): Promise<PhotoRow[]> {
  const queries = listPhotosQueries(db);
  return (ownView ? queries.own : queries.public).execute({ profileId });
}

/**
 * Mutual fit (docs/matching.md): the profile's gender is one of `fit` and its sexuality one of that
 * gender's. Plain equality and IN tests on the row, so the gender-led search indexes still serve a
 * single gender; sexuality is checked on the rows the index finds.
 */
export function genderFitSql(fit: readonly GenderFit[]): SQL {
  const parts = fit.map((f) => and(eq(profiles.gender, f.gender), inArray(profiles.sexuality, f.sexualities)) as SQL);
  if (parts.length === 0) return sql`false`;
  return parts.length === 1 ? (parts[0] as SQL) : (or(...parts) as SQL);
}

/**
 * genderFitSql with placeholders, for a statement built once: `count` fitting genders, the i-th as
 * `fitGender<i>` with its sexualities as the array `fitSexualities<i>` (fitValues gives them).
 */
export function genderFitPlaceholders(count: number): SQL {
  const parts = Array.from(
    { length: count },
    (_, i) =>
      sql`(${profiles.gender} = ${sql.placeholder(`fitGender${i}`)}::text and ${profiles.sexuality} = any(${sql.placeholder(`fitSexualities${i}`)}::text[]))`,
  );
  if (parts.length === 0) return sql`false`;
  return parts.length === 1 ? (parts[0] as SQL) : sql`(${sql.join(parts, sql` or `)})`;
}

/** The placeholder values of genderFitPlaceholders for `fit`. */
export function fitValues(fit: readonly GenderFit[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [i, f] of fit.entries()) {
    values[`fitGender${i}`] = f.gender;
    values[`fitSexualities${i}`] = [...f.sexualities];
  }
  return values;
}

/** `YYYY-MM-DD` of `now` minus `years` (the date-of-birth edges of ageRangeSql). */
export function yearsBefore(now: Date, years: number): string {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

/** Days between two `YYYY-MM-DD` dates, as PostgreSQL's `date - date` counts them. */
function daysBetween(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
}

/**
 * The related profiles' statement of one shape (`visitor`, or a member's `fit<n>`): the ids of the
 * `limit` nearest in age on each side of the profile's birth date in its country (`near`), and, only
 * when those are fewer than `limit`, as many on each side in the other countries (`far`), with
 * their rows and main photos. Both sides are read in date order from profiles_active_country_birth_idx.
 */
const relatedQueries = shapesPerDb('related_profiles', 8, (db, shape, name) => {
  const p = sql.placeholder;
  const member = shape !== 'visitor';
  const base = [
    eq(profiles.site_id, p('siteId')),
    eq(profiles.status, 'active'),
    sql`not exists (select 1 from ${users} u where u.id = ${profiles.user_id} and u.invisible)`,
    ne(profiles.id, p('profileId')),
  ];
  if (member) {
    const viewer = sql`${p('viewer')}::int`;
    base.push(
      ne(profiles.id, p('viewer')),
      sql`(not exists (select 1 from ${blocks} b where b.blocker_profile_id = ${viewer} and b.blocked_profile_id = ${profiles.id})
        and not exists (select 1 from ${blocks} b where b.blocker_profile_id = ${profiles.id} and b.blocked_profile_id = ${viewer}))`,
      genderFitPlaceholders(Number(shape.replace('fit', ''))),
      sql`${profiles.date_of_birth} <= ${p('minBorn')}::date`,
      sql`${profiles.date_of_birth} > ${p('maxBorn')}::date`,
    );
  } else {
    base.push(sql`${profiles.gender} = ${p('gender')}::text`);
  }
  const born = sql`${p('born')}::date`;
  const side = (place: SQL, later: boolean, limit: SQL) => sql`(select ${profiles.id} from ${profiles}
    where ${and(...base, place, later ? sql`${profiles.date_of_birth} >= ${born}` : sql`${profiles.date_of_birth} < ${born}`)}
    order by ${profiles.date_of_birth} ${later ? sql`asc` : sql`desc`}, ${profiles.last_active_at} desc, ${profiles.id}
    limit ${limit})`;
  const same = sql`${profiles.country} = ${p('country')}::text`;
  const other = sql`${profiles.country} <> ${p('country')}::text`;
  const limit = sql`${p('limit')}::int`;
  const rest = sql`greatest(0, ${p('limit')}::int - (select count(*) from near))::int`;
  const ids = sql`with near as (${side(same, true, limit)} union all ${side(same, false, limit)}),
    far as (${side(other, true, rest)} union all ${side(other, false, rest)})
    select id from near union all select id from far`;
  return db
    .select({ profile: profiles, main: photos })
    .from(profiles)
    .leftJoin(photos, and(eq(photos.id, profiles.main_photo_id), eq(photos.status, 'approved')))
    .where(sql`${profiles.id} in (${ids})`)
    .prepare(name);
});

/**
 * Related profiles shown below `profile` (SPEC.md 2, profile view), best first: the same country as
 * `profile`, then nearest in age to it, then most recently active (never active first, as
 * PostgreSQL's `desc` orders nulls), then id. `forViewer` (a member; their own profile counts too)
 * limits them to whom the member is shown by default (docs/matching.md: genders with fitting
 * sexualities and ages in years, inclusive) and leaves out the viewer and profiles blocked either way;
 * visitors get profiles of the same gender as `profile`.
 *
 * Found without sorting every match (issue: throughput; a sort of all 50,000 matches took 135 ms):
 * the nearest in age are the first `limit` born on or after `profile` and the first `limit` born
 * before it, each read in date order from profiles_active_country_birth_idx; profiles of other
 * countries are read (the same way) only when the country has too few. One statement, built once
 * per shape (issue 31).
 */
export async function relatedProfiles(
  db: Db,
  profile: ProfileRow,
  limit: number,
  forViewer?: { profileId: number; fit: readonly GenderFit[]; minAge: number; maxAge: number; now: Date },
): Promise<ProfileWithMain[]> {
  const born = profile.date_of_birth;
  const values: Record<string, unknown> = {
    siteId: profile.site_id,
    profileId: profile.id,
    born,
    country: profile.country,
    limit,
  };
  let shape = 'visitor';
  if (forViewer) {
    shape = `fit${forViewer.fit.length}`;
    Object.assign(values, fitValues(forViewer.fit), {
      viewer: forViewer.profileId,
      minBorn: yearsBefore(forViewer.now, forViewer.minAge),
      maxBorn: yearsBefore(forViewer.now, forViewer.maxAge + 1),
    });
  } else {
    values.gender = profile.gender;
  }
  const rows = await relatedQueries(db, shape).execute(values);
  const byAge = (list: ProfileWithMain[]) =>
    list.sort((a, b) => {
      const age = daysBetween(a.profile.date_of_birth, born) - daysBetween(b.profile.date_of_birth, born);
      if (age !== 0) return age;
      const activeA = a.profile.last_active_at?.getTime() ?? Number.POSITIVE_INFINITY;
      const activeB = b.profile.last_active_at?.getTime() ?? Number.POSITIVE_INFINITY;
      if (activeA !== activeB) return activeB - activeA;
      return a.profile.id - b.profile.id;
    });
  const found = byAge(rows.filter((r) => r.profile.country === profile.country)).slice(0, limit);
  if (found.length >= limit) return found;
  const elsewhere = byAge(rows.filter((r) => r.profile.country !== profile.country));
  return [...found, ...elsewhere].slice(0, limit);
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

/**
 * Ends a member's presence (logout): moves their profile's last_active_at back to `offlineAt`, a
 * moment just outside the online window, unless another session of theirs was seen within the last
 * `windowSeconds` (they are still active elsewhere). Never moves it forward. True when it moved.
 */
export async function endProfilePresence(
  db: Db,
  userId: number,
  offlineAt: Date,
  windowSeconds: number,
): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({ last_active_at: offlineAt })
    .where(
      and(
        eq(profiles.user_id, userId),
        gt(profiles.last_active_at, offlineAt),
        sql`not exists (select 1 from ${sessions} where ${sessions.user_id} = ${userId}
          and ${sessions.expires_at} > now()
          and ${sessions.last_seen_at} > now() - ${windowSeconds} * interval '1 second')`,
      ),
    )
    .returning({ id: profiles.id });
  return rows.length > 0;
}
