import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { photos, profiles, sites } from '../schema.js';
import type { PhotoRow } from './profiles.js';

/** A transaction or the database itself: repository functions work in both. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** File names of one photo's three sizes. */
export interface PhotoFiles {
  filename: string;
  match_filename: string;
  thumb_filename: string;
}

/** How many photos a profile has, whatever their status (SPEC.md 5 counts waiting photos too). */
export async function countPhotos(db: DbOrTx, profileId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(photos).where(eq(photos.profile_id, profileId));
  return row?.n ?? 0;
}

/**
 * Locks the profile row until the transaction ends, so two uploads of one member cannot both pass
 * the photo limit.
 */
export async function lockProfile(tx: DbOrTx, profileId: number): Promise<void> {
  await tx.execute(sql`select id from ${profiles} where ${profiles.id} = ${profileId} for update`);
}

/** Inserts a photo at the end of the profile's photos. */
export async function insertPhoto(
  tx: DbOrTx,
  profileId: number,
  files: PhotoFiles,
  opts: { status: string; isPrivate: boolean },
): Promise<PhotoRow> {
  const [row] = await tx
    .insert(photos)
    .values({
      profile_id: profileId,
      ...files,
      status: opts.status,
      is_private: opts.isPrivate,
      position: sql`(select coalesce(max(${photos.position}) + 1, 0) from ${photos} where ${photos.profile_id} = ${profileId})`,
    })
    .returning();
  if (!row) throw new Error('photo insert returned nothing');
  return row;
}

/** A photo of this profile, or null (another member's photo is as good as absent). */
export async function findOwnPhoto(db: DbOrTx, profileId: number, photoId: number): Promise<PhotoRow | null> {
  const [row] = await db
    .select()
    .from(photos)
    .where(and(eq(photos.id, photoId), eq(photos.profile_id, profileId)));
  return row ?? null;
}

/** Deletes a photo row; the profile's main_photo_id is cleared by the foreign key. */
export async function deletePhotoRow(tx: DbOrTx, photoId: number): Promise<void> {
  await tx.delete(photos).where(eq(photos.id, photoId));
}

/** Sets the profile's main image, or clears it with null. */
export async function setMainPhoto(tx: DbOrTx, profileId: number, photoId: number | null): Promise<void> {
  await tx.update(profiles).set({ main_photo_id: photoId }).where(eq(profiles.id, profileId));
}

/**
 * Sets the main image to the first public photo (by position) when the profile has none. A private
 * photo is never the main image: main_image is shown on cards to everyone.
 */
export async function ensureMainPhoto(tx: DbOrTx, profileId: number): Promise<void> {
  await tx
    .update(profiles)
    .set({
      main_photo_id: sql`(select ${photos.id} from ${photos} where ${photos.profile_id} = ${profileId} and not ${photos.is_private} order by ${photos.position}, ${photos.id} limit 1)`,
    })
    .where(and(eq(profiles.id, profileId), sql`${profiles.main_photo_id} is null`));
}

/**
 * Makes a photo private or public under new file names `next`, only while its files are still
 * `expected` (a concurrent change of the same photo makes this return false and change nothing).
 */
export async function setPhotoPrivacy(
  tx: DbOrTx,
  photoId: number,
  isPrivate: boolean,
  expected: PhotoFiles,
  next: PhotoFiles,
): Promise<boolean> {
  const rows = await tx
    .update(photos)
    .set({ is_private: isPrivate, ...next })
    .where(
      and(
        eq(photos.id, photoId),
        eq(photos.filename, expected.filename),
        eq(photos.match_filename, expected.match_filename),
        eq(photos.thumb_filename, expected.thumb_filename),
      ),
    )
    .returning({ id: photos.id });
  return rows.length > 0;
}

/** A photo with what deciding who may see it needs: the owner profile's site, status and member. */
export async function findPhotoWithOwner(
  db: Db,
  photoId: number,
): Promise<{ photo: PhotoRow; siteId: number; profileStatus: string; ownerUserId: number | null } | null> {
  const [row] = await db
    .select({
      photo: photos,
      siteId: profiles.site_id,
      profileStatus: profiles.status,
      ownerUserId: profiles.user_id,
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profile_id))
    .where(eq(photos.id, photoId));
  return row ?? null;
}

/** Which of `names` some photo row still uses as one of its files (seeded photos may share picture files). */
export async function filesInUse(db: Db, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .select({ a: photos.filename, b: photos.match_filename, c: photos.thumb_filename })
    .from(photos)
    .where(
      or(inArray(photos.filename, names), inArray(photos.match_filename, names), inArray(photos.thumb_filename, names)),
    );
  const wanted = new Set(names);
  return new Set(rows.flatMap((r) => [r.a, r.b, r.c]).filter((n) => wanted.has(n)));
}

/** Private photos whose files still have public names (stored before private files were kept apart), oldest first. */
export async function listPrivatePhotosWithPublicNames(db: Db, limit: number): Promise<PhotoRow[]> {
  return db
    .select()
    .from(photos)
    .where(and(eq(photos.is_private, true), sql`${photos.filename} not like 'private/%'`))
    .orderBy(asc(photos.id))
    .limit(limit);
}

/** Moves a photo to `position` (0-based) and renumbers the profile's photos 0..n-1. */
export async function movePhoto(tx: DbOrTx, profileId: number, photoId: number, position: number): Promise<void> {
  const rows = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(eq(photos.profile_id, profileId))
    .orderBy(asc(photos.position), asc(photos.id));
  const ids = rows.map((r) => r.id).filter((id) => id !== photoId);
  ids.splice(Math.min(position, ids.length), 0, photoId);
  for (const [index, id] of ids.entries()) {
    await tx.update(photos).set({ position: index }).where(eq(photos.id, id));
  }
}

/** A photo waiting for approval, with where it belongs (photos CLI, back office). */
export interface WaitingPhoto {
  id: number;
  profile_id: number;
  profile_name: string;
  site_domain: string;
  filename: string;
  created_at: Date;
}

/** Photos awaiting approval, oldest first. */
export async function listWaitingPhotos(db: Db, limit = 500): Promise<WaitingPhoto[]> {
  return db
    .select({
      id: photos.id,
      profile_id: photos.profile_id,
      profile_name: profiles.name,
      site_domain: sites.domain,
      filename: photos.filename,
      created_at: photos.created_at,
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profile_id))
    .innerJoin(sites, eq(sites.id, profiles.site_id))
    .where(eq(photos.status, 'awaiting_approval'))
    .orderBy(asc(photos.created_at), asc(photos.id))
    .limit(limit);
}

/** Sets the status of waiting photos (all when `ids` is absent); returns how many changed. */
export async function reviewWaitingPhotos(db: Db, status: 'approved' | 'rejected', ids?: number[]): Promise<number> {
  const waiting = eq(photos.status, 'awaiting_approval');
  const where = ids ? and(waiting, inArray(photos.id, ids)) : waiting;
  const rows = await db.update(photos).set({ status }).where(where).returning({ id: photos.id });
  return rows.length;
}

/** Turns automatic photo approval of a site (by domain) on or off; false when no such site. */
export async function setAutoApprove(db: Db, domain: string, on: boolean): Promise<boolean> {
  const rows = await db
    .update(sites)
    .set({ auto_approve_photos: on })
    .where(eq(sites.domain, domain))
    .returning({ id: sites.id });
  return rows.length > 0;
}

/** A profile of the photo queue: who it is and which site, with what orders the queue. */
export interface PhotoQueueProfile {
  profileId: number;
  profileName: string;
  userId: number | null;
  fictional: boolean;
  siteId: number;
  siteName: string;
  mainPhotoId: number | null;
  /** The site's explicit_photo_threshold (issue: explicit photos). */
  threshold: number;
}

function queueWhere(siteIds: readonly number[] | 'all'): SQL {
  const waiting = eq(photos.status, 'awaiting_approval');
  return siteIds === 'all' ? waiting : (and(waiting, inArray(profiles.site_id, [...siteIds])) as SQL);
}

/**
 * One page of the photo queue of `siteIds` (`'all'`: every site): profiles with photos awaiting
 * approval, by the highest explicit score of their waiting photos (issue: explicit photos; unscored
 * last), then those whose main image waits, then by their oldest waiting photo; `more` when a
 * next page exists, `totalWaiting` the waiting photos of the whole queue.
 */
export async function listQueuedProfiles(
  db: Db,
  q: { siteIds: readonly number[] | 'all'; limit: number; offset: number },
): Promise<{ profiles: PhotoQueueProfile[]; more: boolean; totalWaiting: number }> {
  if (q.siteIds !== 'all' && q.siteIds.length === 0) return { profiles: [], more: false, totalWaiting: 0 };
  const where = queueWhere(q.siteIds);
  const mainWaiting = sql<boolean>`bool_or(${photos.id} = ${profiles.main_photo_id})`;
  const rows = await db
    .select({
      profileId: profiles.id,
      profileName: profiles.name,
      userId: profiles.user_id,
      fictional: profiles.is_fictional,
      siteId: profiles.site_id,
      siteName: sites.name,
      mainPhotoId: profiles.main_photo_id,
      threshold: sites.explicit_photo_threshold,
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profile_id))
    .innerJoin(sites, eq(sites.id, profiles.site_id))
    .where(where)
    .groupBy(profiles.id, sites.name, sites.explicit_photo_threshold)
    .orderBy(
      sql`max(${photos.explicit_score}) desc nulls last`,
      desc(sql`coalesce(${mainWaiting}, false)`),
      asc(sql`min(${photos.created_at})`),
      asc(profiles.id),
    )
    .limit(q.limit + 1)
    .offset(q.offset);
  const [total] = await db
    .select({ n: count() })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profile_id))
    .where(where);
  return { profiles: rows.slice(0, q.limit), more: rows.length > q.limit, totalWaiting: total?.n ?? 0 };
}

/** Every photo of these profiles, in display order. */
export async function listPhotosOfProfiles(db: Db, profileIds: readonly number[]): Promise<PhotoRow[]> {
  if (profileIds.length === 0) return [];
  return db
    .select()
    .from(photos)
    .where(inArray(photos.profile_id, [...profileIds]))
    .orderBy(asc(photos.position), asc(photos.id));
}

/** Photos by id with their profile's site, owner and main image (the staff decision's policy input). */
export async function findPhotosWithOwner(
  db: DbOrTx,
  ids: readonly number[],
): Promise<{ photo: PhotoRow; siteId: number; ownerUserId: number | null; mainPhotoId: number | null }[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      photo: photos,
      siteId: profiles.site_id,
      ownerUserId: profiles.user_id,
      mainPhotoId: profiles.main_photo_id,
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profile_id))
    .where(inArray(photos.id, [...ids]))
    .orderBy(asc(photos.id));
}

/**
 * Sets a photo's status and reject reason (null unless rejected) while its status is still
 * `expected`; returns the row after, or null when it changed meanwhile.
 */
export async function setPhotoStatus(
  tx: DbOrTx,
  photoId: number,
  expected: string,
  change: { status: 'approved' | 'rejected'; rejectReason: string | null },
): Promise<PhotoRow | null> {
  const [row] = await tx
    .update(photos)
    .set({ status: change.status, reject_reason: change.rejectReason })
    .where(and(eq(photos.id, photoId), eq(photos.status, expected)))
    .returning();
  return row ?? null;
}

/**
 * After the main image was rejected: the first public photo that is not rejected becomes the main
 * image (none: no main image), so cards do not stay empty while an approved photo exists.
 */
export async function replaceRejectedMain(tx: DbOrTx, profileId: number, rejectedId: number): Promise<void> {
  await tx
    .update(profiles)
    .set({
      main_photo_id: sql`(select ${photos.id} from ${photos} where ${photos.profile_id} = ${profileId}
        and not ${photos.is_private} and ${photos.status} <> 'rejected'
        order by (${photos.status} = 'approved') desc, ${photos.position}, ${photos.id} limit 1)`,
    })
    .where(and(eq(profiles.id, profileId), eq(profiles.main_photo_id, rejectedId)));
}

/** Ids of photos awaiting approval, oldest first (the command line's approve-all). */
export async function listWaitingPhotoIds(db: Db, limit = 500): Promise<number[]> {
  const rows = await db
    .select({ id: photos.id })
    .from(photos)
    .where(eq(photos.status, 'awaiting_approval'))
    .orderBy(asc(photos.created_at), asc(photos.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Turns automatic photo approval of site `siteId` on or off; returns the value before, or null when no such site. */
export async function setAutoApproveById(tx: DbOrTx, siteId: number, on: boolean): Promise<boolean | null> {
  const [before] = await tx
    .select({ on: sites.auto_approve_photos })
    .from(sites)
    .where(eq(sites.id, siteId))
    .for('update');
  if (!before) return null;
  await tx.update(sites).set({ auto_approve_photos: on }).where(eq(sites.id, siteId));
  return before.on;
}

/** Sets the explicit_photo_threshold of site `siteId` (issue: explicit photos); returns the value before, or null when no such site. */
export async function setExplicitThresholdById(tx: DbOrTx, siteId: number, threshold: number): Promise<number | null> {
  const [before] = await tx
    .select({ threshold: sites.explicit_photo_threshold })
    .from(sites)
    .where(eq(sites.id, siteId))
    .for('update');
  if (!before) return null;
  await tx.update(sites).set({ explicit_photo_threshold: threshold }).where(eq(sites.id, siteId));
  return before.threshold;
}
