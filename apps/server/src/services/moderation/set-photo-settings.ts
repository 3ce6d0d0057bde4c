import { setAutoApproveById, setExplicitThresholdById } from '../../db/repositories/photos.js';
import { findSiteById, type SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';

/**
 * Turns automatic photo approval of a site on or off (PUT /api/admin/photo-settings.php; issue: back
 * office I): admins and moderators of that site; `actor` null is the command line. Audited as
 * `site.photo_settings` with before and after in the change's transaction. After the commit every
 * instance hears of it (deps.siteChanges: this one at once, the others through NOTIFY), so the next
 * upload on any instance follows it. With `threshold` also the site's explicit_photo_threshold
 * (issue: explicit photos; 0.05..1, checked by the call's schema), in the same audit entry.
 * Input: `{ actor, who, siteId, on, threshold? }`.
 * @throws AppError forbidden (403) for roles that may not moderate photos; not_found (404) for an
 *   unknown site or one outside the actor's
 */
export async function setPhotoSettings(
  deps: Pick<AppDeps, 'db' | 'siteChanges'>,
  input: { actor: Actor | null; who: AuditWho; siteId: number; on: boolean; threshold?: number | undefined },
): Promise<SiteRow> {
  if (input.actor) staffScope(input.actor, 'moderate', 'photo', input.siteId);
  await deps.db.transaction(async (tx) => {
    const before = await setAutoApproveById(tx, input.siteId, input.on);
    if (before === null) throw notFound();
    const thresholdBefore =
      input.threshold === undefined ? null : await setExplicitThresholdById(tx, input.siteId, input.threshold);
    await recordAudit(tx, input.who, {
      action: 'site.photo_settings',
      objectType: 'site',
      objectId: input.siteId,
      siteId: input.siteId,
      before: {
        auto_approve_photos: before,
        ...(thresholdBefore !== null && { explicit_photo_threshold: thresholdBefore }),
      },
      after: {
        auto_approve_photos: input.on,
        ...(input.threshold !== undefined && { explicit_photo_threshold: input.threshold }),
      },
    });
  });
  await deps.siteChanges.announce(input.siteId);
  const site = await findSiteById(deps.db, input.siteId);
  if (!site) throw notFound();
  return site;
}
