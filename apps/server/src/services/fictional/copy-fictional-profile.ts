import { insertFictionalProfile } from '../../db/repositories/fictional-profiles.js';
import { insertPhoto, type PhotoFiles, setMainPhoto } from '../../db/repositories/photos.js';
import { listPhotos, type PhotoRow } from '../../db/repositories/profiles.js';
import type { AppDeps } from '../../deps.js';
import { validationFailed } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { copyPhotoFiles, photoFiles } from '../photos/private-photos.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { loadFictionalFor, loadFictionalSite } from './load-fictional.js';
import { type FictionalDetail, viewFictionalProfile } from './view-fictional-profile.js';

/** Copies each photo's files to fresh names (public or private as the photo is); removes them all on failure. */
async function copyFiles(
  store: AppDeps['photoStore'],
  photos: PhotoRow[],
): Promise<{ photo: PhotoRow; files: PhotoFiles }[]> {
  const copies: { photo: PhotoRow; files: PhotoFiles }[] = [];
  try {
    for (const photo of photos) {
      copies.push({ photo, files: await copyPhotoFiles(store, photoFiles(photo), photo.is_private) });
    }
  } catch (err) {
    await store.remove(copies.flatMap((c) => Object.values(c.files))).catch(() => undefined);
    throw err;
  }
  return copies;
}

/**
 * Copies fictional profile `id` to site `siteId` (issue: back office II, "which sites show it";
 * docs/decisions/011-fictional-profiles.md): a fictional profile belongs to one site, and showing it
 * on another means an independent copy there: every profile field, the status, the persona note,
 * the niches and the photos (their files copied in the photo store under fresh names, so deleting
 * one side's photo never touches the other's). Conversations, likes and activity stay with the
 * original. The copy and the audit entry `fictional.copy` (source and copy) are stored in one
 * transaction; the copied files are removed when it fails. Admins only, on both sites.
 * Answers the copy as the back office shows it.
 * @throws AppError forbidden (403) for other roles; not_found (404) for an unknown profile or a site
 *   outside the actor's; validation_failed (400, data.field 'site_id') for the profile's own site,
 *   (data.field 'country') when the target site does not serve the profile's country
 */
export async function copyFictionalProfile(
  { db, clock, photoStore: store }: Pick<AppDeps, 'db' | 'clock' | 'photoStore'>,
  input: { actor: Actor; who: AuditWho; id: number; siteId: number },
): Promise<FictionalDetail> {
  const source = await loadFictionalFor(db, { actor: input.actor, action: 'create', id: input.id });
  const target = await loadFictionalSite(db, { actor: input.actor, action: 'create', siteId: input.siteId });
  if (target.id === source.profile.site_id) throw validationFailed({ field: 'site_id', reason: 'same_site' });
  const p = source.profile;
  if (!target.countries.includes(p.country)) throw validationFailed({ field: 'country' });
  const now = clock.now();
  const copies = await copyFiles(store, await listPhotos(db, p.id, true));
  try {
    const id = await db.transaction(async (tx) => {
      const {
        id: _id,
        user_id: _u,
        is_fictional: _f,
        main_photo_id,
        last_active_at: _a,
        created_at: _c,
        verified_at: _v,
        verified_photo_id: _vp,
        ...fields
      } = p;
      const persona = { persona_note: source.persona?.persona_note ?? '', niches: source.persona?.niches ?? [] };
      const row = await insertFictionalProfile(
        tx,
        { ...fields, site_id: target.id },
        { ...persona, created_by: input.who.staffId, updated_at: now },
      );
      const photoIds: Record<number, number> = {};
      for (const { photo, files } of copies) {
        const made = await insertPhoto(tx, row.id, files, { status: photo.status, isPrivate: photo.is_private });
        photoIds[photo.id] = made.id;
      }
      const main = main_photo_id === null ? undefined : photoIds[main_photo_id];
      if (main !== undefined) await setMainPhoto(tx, row.id, main);
      await recordAudit(tx, input.who, {
        action: 'fictional.copy',
        objectType: 'fictional_profile',
        objectId: row.id,
        siteId: target.id,
        before: { source_id: p.id, source_site_id: p.site_id },
        after: { id: row.id, site_id: target.id, photos: Object.values(photoIds) },
      });
      return row.id;
    });
    return await viewFictionalProfile({ db }, { actor: input.actor, id });
  } catch (err) {
    await store.remove(copies.flatMap((c) => Object.values(c.files))).catch(() => undefined);
    throw err;
  }
}
