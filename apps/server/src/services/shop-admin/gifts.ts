import {
  type AdminGiftCreateBodySchema,
  type AdminGiftUpdateBodySchema,
  compactTexts,
  type LocalizedText,
  siteLanguage,
} from '@app/contracts';
import type { z } from 'zod';
import type { GiftRow } from '../../db/repositories/gifts.js';
import { insertGifts } from '../../db/repositories/gifts.js';
import { findStaffGift, listStaffGifts, updateGiftRow } from '../../db/repositories/shop-admin.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import { findSiteById } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { decodeGiftImage, processGiftImage } from './gift-image.js';
import { requireShopSite } from './shop-site.js';

type Deps = Pick<AppDeps, 'db' | 'config' | 'photoStore'>;
type CreateBody = z.output<typeof AdminGiftCreateBodySchema>;
type UpdateBody = z.output<typeof AdminGiftUpdateBodySchema>;

/** A gift with its site (for the picture's public URL). */
export interface StaffGift {
  row: GiftRow;
  site: SiteRow;
}

/** An uploaded picture: only new random names under gifts/ are ours to remove (the drawn demo ones are redrawn). */
const isUploadedName = (name: string) => /^gifts\/[0-9a-f-]{36}\.png$/.test(name);

/** A site's gifts, with the site (its languages and cdn_prefix). */
export interface StaffGiftList {
  site: SiteRow;
  gifts: GiftRow[];
}

const snapshot = (row: GiftRow) => ({
  name: row.name,
  names: row.names,
  image: row.image,
  credits: row.credits,
  position: row.position,
  active: row.active,
});

/**
 * What a gift stores as its names (docs/decisions/019-catalogue-texts.md): `names` of the other
 * languages without empty ones, and `name` as the site language's, which it always has.
 */
function storedNames(site: SiteRow, name: string, names: LocalizedText): { name: string; names: LocalizedText } {
  return { name, names: compactTexts({ ...names, [siteLanguage(site)]: name }) };
}

/**
 * A site's gift catalogue, active and not, in catalogue order (SPEC.md 2 gift button; issue: back
 * office II), with the site. Admins only. Prices in credits; images relative to the site's cdn_prefix.
 * @throws AppError forbidden (403) for another role, not_found (404) for a site outside the account's
 */
export async function listShopGifts(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; siteId: number },
): Promise<StaffGiftList> {
  const site = await requireShopSite(deps, input.actor, 'view', input.siteId);
  return { site, gifts: await listStaffGifts(deps.db, site.id) };
}

/** Processes and stores a picture; returns its stored name. @throws photo_invalid, photo_too_large */
async function storePicture(deps: Deps, encoded: string): Promise<string> {
  const picture = await processGiftImage(decodeGiftImage(encoded), deps.config.photos);
  await deps.photoStore.put(picture.name, picture.data, 'image/png');
  return picture.name;
}

/**
 * Adds a gift: `name` in the site's language and `names` in others (each language the site shows may
 * have one; an empty one is none). The picture is decoded, re-encoded as a 256 px PNG without metadata and stored in the
 * photo store (gift-image.ts) before the row is written; if the row fails, the file is removed again.
 * Audited `gift.create` in the row's transaction. Members see it in GET /api/gifts.php at once.
 * @throws AppError forbidden (403), not_found (404), photo_invalid (400), photo_too_large (413)
 */
export async function createShopGift(
  deps: Deps,
  input: { actor: Actor; who: AuditWho; body: CreateBody },
): Promise<StaffGift> {
  const { image, name: siteName, names, ...fields } = input.body;
  const site = await requireShopSite(deps, input.actor, 'update', fields.site_id);
  const name = await storePicture(deps, image);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [created] = await insertGifts(tx, [{ ...fields, ...storedNames(site, siteName, names), image: name }]);
      if (!created) throw new Error('gift insert returned nothing');
      await recordAudit(tx, input.who, {
        action: 'gift.create',
        objectType: 'gift',
        objectId: created.id,
        siteId: site.id,
        after: snapshot(created),
      });
      return created;
    });
    return { row, site };
  } catch (err) {
    await deps.photoStore.remove([name]).catch(() => undefined);
    throw err;
  }
}

/**
 * Changes a gift (its name in the site's language, `names` in the others, price in credits, position,
 * active) and, with `image`, its picture (a new
 * file under a new name, so no cache serves the old one; the old uploaded file is removed after the
 * commit). Messages that carried the gift show it as it is now. Audited `gift.update`.
 * @throws AppError forbidden (403), not_found (404) for an unknown gift or one outside the account's
 *   sites, photo_invalid (400), photo_too_large (413)
 */
export async function updateShopGift(
  deps: Deps,
  input: { actor: Actor; who: AuditWho; body: UpdateBody },
): Promise<StaffGift> {
  const { id, image, name: siteName, names, ...fields } = input.body;
  staffScope(input.actor, 'update', 'site');
  const before = await findStaffGift(deps.db, id);
  if (!before) throw notFound();
  staffScope(input.actor, 'update', 'site', before.site_id);
  const site = await findSiteById(deps.db, before.site_id);
  if (!site) throw notFound();
  const changes =
    siteName === undefined && names === undefined
      ? fields
      : { ...fields, ...storedNames(site, siteName ?? before.name, names ?? before.names) };
  const name = image === undefined ? null : await storePicture(deps, image);
  let row: GiftRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      const updated = await updateGiftRow(tx, id, name ? { ...changes, image: name } : changes);
      if (!updated) throw notFound();
      await recordAudit(tx, input.who, {
        action: 'gift.update',
        objectType: 'gift',
        objectId: id,
        siteId: site.id,
        before: snapshot(before),
        after: snapshot(updated),
      });
      return updated;
    });
  } catch (err) {
    if (name) await deps.photoStore.remove([name]).catch(() => undefined);
    throw err;
  }
  if (name && isUploadedName(before.image)) await deps.photoStore.remove([before.image]).catch(() => undefined);
  return { row, site };
}
