/**
 * Profiles of the public landers (issue: public site; SPEC.md 2 landers): visible profiles of a site
 * with an approved, public main photo, narrowed by the site's niche (SPEC.md 9).
 */
import { and, asc, desc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { fictionalPersonas, photos, profiles } from '../schema.js';
import { ageRangeSql, type ProfileWithMain, visibleProfilesSql } from './profiles.js';

/** Who a niche shows (SPEC.md 9 niche 1-7): a gender and, optionally, narrower traits. */
export interface NicheFilter {
  gender: 'male' | 'female';
  sexualities?: readonly string[];
  /** Any one of these interests. */
  interests?: readonly string[];
  bodyTypes?: readonly string[];
  /** Whole years, inclusive. */
  minAge?: number;
  maxAge?: number;
}

/** A lander's read: the site, its niche, who to show and how many. */
export interface LanderProfileQuery {
  siteId: number;
  /** The site's niche: fictional profiles whose persona names other niches only are left out. */
  niche: number;
  filter: NicheFilter;
  /** false: only the filter's gender, none of its narrower traits (the fill of a thin niche). */
  narrow: boolean;
  limit: number;
  excludeIds?: readonly number[];
  /** Ages are measured at this time. */
  now: Date;
}

/** The filter's conditions on a profile row; only the gender unless `narrow`. */
function filterSql(filter: NicheFilter, narrow: boolean, now: Date): SQL[] {
  const where: SQL[] = [eq(profiles.gender, filter.gender)];
  if (!narrow) return where;
  if (filter.sexualities?.length) where.push(inArray(profiles.sexuality, [...filter.sexualities]));
  if (filter.bodyTypes?.length) where.push(inArray(profiles.body_type, [...filter.bodyTypes]));
  if (filter.interests?.length) {
    const list = sql.join(
      filter.interests.map((interest) => sql`${interest}`),
      sql`, `,
    );
    where.push(sql`${profiles.interests} && array[${list}]::text[]`);
  }
  where.push(...ageRangeSql(now, filter.minAge, filter.maxAge));
  return where;
}

/**
 * Staff may narrow a fictional profile to some niches' landers (fictional_personas.niches, empty =
 * every niche: docs/decisions/011-fictional-profiles.md).
 */
function allowedInNicheSql(niche: number): SQL {
  return sql`not exists (select 1 from ${fictionalPersonas} fp where fp.profile_id = ${profiles.id}
    and cardinality(fp.niches) > 0 and not (${niche}::smallint = any(fp.niches)))`;
}

/** True when `filter` narrows beyond its gender (so a fill with the gender alone finds others). */
export function isNarrowFilter(filter: NicheFilter): boolean {
  return Boolean(
    filter.sexualities?.length ||
      filter.interests?.length ||
      filter.bodyTypes?.length ||
      filter.minAge !== undefined ||
      filter.maxAge !== undefined,
  );
}

/**
 * Up to `limit` profiles for a lander, fictional and members taken in turns (a fictional one first):
 * visible profiles of the site (visibleProfilesSql) with an approved public main photo, matching the
 * filter. One statement of two branches, each an index range of profiles_active_gender_activity_idx:
 * members most recently active first (the index order), fictional profiles (which have no activity)
 * from the index's other end.
 */
export async function listLanderProfiles(db: Db, q: LanderProfileQuery): Promise<ProfileWithMain[]> {
  const where = [
    ...visibleProfilesSql(q.siteId, undefined),
    ...filterSql(q.filter, q.narrow, q.now),
    allowedInNicheSql(q.niche),
  ];
  if (q.excludeIds?.length) where.push(notInArray(profiles.id, [...q.excludeIds]));
  const mainJoin = and(
    eq(photos.id, profiles.main_photo_id),
    eq(photos.status, 'approved'),
    eq(photos.is_private, false),
  );
  const branch = (fictional: boolean) =>
    db
      .select({ profile: profiles, main: photos })
      .from(profiles)
      .innerJoin(photos, mainJoin)
      .where(and(...where, eq(profiles.is_fictional, fictional)))
      .orderBy(
        ...(fictional
          ? [sql`${profiles.last_active_at} asc nulls first`, desc(profiles.id)]
          : [sql`${profiles.last_active_at} desc nulls last`, asc(profiles.id)]),
      )
      .limit(q.limit);
  const rows = await branch(true).unionAll(branch(false));
  const fictional = rows.filter((r) => r.profile.is_fictional);
  const members = rows.filter((r) => !r.profile.is_fictional);
  const mixed: ProfileWithMain[] = [];
  for (let i = 0; mixed.length < q.limit && (i < fictional.length || i < members.length); i++) {
    const f = fictional[i];
    const m = members[i];
    if (f) mixed.push(f);
    if (m && mixed.length < q.limit) mixed.push(m);
  }
  return mixed;
}

/** A visible profile of the site by id (active, not an invisible member), with its approved main photo. */
export async function findLanderProfile(db: Db, siteId: number, id: number): Promise<ProfileWithMain | null> {
  const [row] = await db
    .select({ profile: profiles, main: photos })
    .from(profiles)
    .leftJoin(
      photos,
      and(eq(photos.id, profiles.main_photo_id), eq(photos.status, 'approved'), eq(photos.is_private, false)),
    )
    .where(and(...visibleProfilesSql(siteId, undefined), eq(profiles.id, id)));
  return row ?? null;
}
