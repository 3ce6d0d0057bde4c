import { setRiskHoldThreshold } from '../../db/repositories/signals.js';
import { findSiteById, type SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';

/**
 * Sets a site's hold threshold (PUT /api/admin/signal-settings.php; issue: safer conversations): the
 * risk score above which a member's new messages to members are held for review. Admins of that
 * site (a site setting). Audited as `site.signal_settings` with before and after in the change's
 * transaction; after the commit every instance drops its cached site row (deps.siteChanges). The
 * send statement reads the threshold from the sites table, so the next send follows it at once.
 * Input: `{ actor, who, siteId, threshold }`. Returns the site row.
 * @throws AppError forbidden (403) for roles other than admin; not_found (404) for an unknown site
 *   or one outside the actor's
 */
export async function setSignalSettings(
  deps: Pick<AppDeps, 'db' | 'siteChanges'>,
  input: { actor: Actor; who: AuditWho; siteId: number; threshold: number },
): Promise<SiteRow> {
  staffScope(input.actor, 'update', 'site', input.siteId);
  await deps.db.transaction(async (tx) => {
    const before = await setRiskHoldThreshold(tx, input.siteId, input.threshold);
    if (before === null) throw notFound();
    await recordAudit(tx, input.who, {
      action: 'site.signal_settings',
      objectType: 'site',
      objectId: input.siteId,
      siteId: input.siteId,
      before: { risk_hold_threshold: before },
      after: { risk_hold_threshold: input.threshold },
    });
  });
  await deps.siteChanges.announce(input.siteId);
  const site = await findSiteById(deps.db, input.siteId);
  if (!site) throw notFound();
  return site;
}
