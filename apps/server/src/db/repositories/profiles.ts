import { and, asc, count, desc, eq, gte, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { photos, profiles } from '../schema.js';

export type ProfileRow = typeof profiles.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;
/** A profile with its main photo (null when none). */
export type ProfileWithMain = { profile: ProfileRow; main: PhotoRow | null };

/** Filters of a member search; ages in whole years, inclusive. */
export interface ProfileSearch {
  siteId: number;
  excludeProfileId?: number | undefined;
  gender?: string | undefined;
  country?: string | undefined;
  region?: string | undefined;
  minAge?: number | undefined;
  maxAge?: number | undefined;
  limit: number;
  offset: number;
}

function searchConditions(q: ProfileSearch): SQL[] {
  const where: SQL[] = [eq(profiles.site_id, q.siteId), eq(profiles.status, 'active')];
  if (q.excludeProfileId) where.push(ne(profiles.id, q.excludeProfileId));
  if (q.gender) where.push(eq(profiles.gender, q.gender));
  if (q.country) where.push(eq(profiles.country, q.country));
  if (q.region) where.push(eq(profiles.region, q.region));
  // Born on or before today minus minAge years; born after today minus (maxAge + 1) years.
  if (q.minAge)
    where.push(lte(profiles.date_of_birth, sql`(current_date - make_interval(years => ${q.minAge}))::date`));
  if (q.maxAge)
    where.push(gte(profiles.date_of_birth, sql`((current_date - make_interval(years => ${q.maxAge + 1}))::date + 1)`));
  return where;
}

/**
 * One page of active profiles of a site matching the filters, recently active first, and the
 * number of all matches. Only approved main photos are returned.
 */
export async function searchProfiles(db: Db, q: ProfileSearch): Promise<{ rows: ProfileWithMain[]; total: number }> {
  const where = and(...searchConditions(q));
  const [rows, totals] = await Promise.all([
    db
      .select({ profile: profiles, main: photos })
      .from(profiles)
      .leftJoin(photos, and(eq(photos.id, profiles.main_photo_id), eq(photos.status, 'approved')))
      .where(where)
      .orderBy(sql`${profiles.last_active_at} desc nulls last`, asc(profiles.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(profiles).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
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

/** Active profiles like `profile` (same gender; same country and nearby in age first), for "related profiles". */
export async function relatedProfiles(db: Db, profile: ProfileRow, limit: number): Promise<ProfileWithMain[]> {
  return db
    .select({ profile: profiles, main: photos })
    .from(profiles)
    .leftJoin(photos, and(eq(photos.id, profiles.main_photo_id), eq(photos.status, 'approved')))
    .where(
      and(
        eq(profiles.site_id, profile.site_id),
        eq(profiles.status, 'active'),
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
