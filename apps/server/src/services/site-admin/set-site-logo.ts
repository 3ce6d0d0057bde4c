import { randomUUID } from 'node:crypto';
import { MAX_LOGO_BYTES } from '@app/contracts';
import { findSiteForUpdate, updateSiteRow } from '../../db/repositories/site-admin.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { processLogo } from './process-logo.js';
import { loadSiteView, type SiteAdminView } from './site-view.js';

/**
 * Sets a site's logo from `imageBase64` (PNG, JPEG or WebP; processLogo re-encodes it as PNG) or
 * removes it (null: the header shows the name as text) (issue: back office II). The new file is
 * written to the photo store under a fresh name (`logo-<uuid>.png`, served under cdn_prefix like
 * photos) before the row changes; the old file is removed after the commit. Audit entry `site.logo`.
 * @throws AppError forbidden (403) for roles other than admin; not_found (404) for an unknown site or
 *   one outside the actor's sites; photo_too_large (413, data.megabytes) over MAX_LOGO_BYTES;
 *   photo_invalid (400, data.reason) for what is not a usable image
 */
export async function setSiteLogo(
  { db, config, photoStore, siteChanges, log }: Pick<AppDeps, 'db' | 'config' | 'photoStore' | 'siteChanges' | 'log'>,
  input: { actor: Actor; who: AuditWho; siteId: number; imageBase64: string | null },
): Promise<SiteAdminView> {
  staffScope(input.actor, 'update', 'site', input.siteId);
  let name: string | null = null;
  if (input.imageBase64 !== null) {
    const data = Buffer.from(input.imageBase64, 'base64');
    if (data.length > MAX_LOGO_BYTES) {
      throw new AppError('photo_too_large', 413, { megabytes: MAX_LOGO_BYTES / 1024 / 1024 });
    }
    if (data.length === 0) throw new AppError('photo_invalid', 400, { reason: 'no_file' });
    const png = await processLogo(data, { maxMegapixels: config.photos.maxMegapixels });
    name = `logo-${randomUUID()}.png`;
    await photoStore.put(name, png, 'image/png');
  }
  let old: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const site = await findSiteForUpdate(tx, input.siteId);
      if (!site) throw notFound();
      old = site.logo;
      await updateSiteRow(tx, site.id, { logo: name });
      await recordAudit(tx, input.who, {
        action: 'site.logo',
        objectType: 'site',
        objectId: site.id,
        siteId: site.id,
        before: { logo: site.logo },
        after: { logo: name },
      });
    });
  } catch (err) {
    if (name) await photoStore.remove([name]).catch(() => undefined);
    throw err;
  }
  if (old && old !== name) await photoStore.remove([old]).catch((err: unknown) => log('old logo not removed', err));
  await siteChanges.announce(input.siteId);
  return loadSiteView(db, input.siteId);
}
