import { findSiteById, type SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';

/**
 * The site whose shop `actor` wants to read (`view`) or change (`update`): admins only (policies:
 * resource `site`, a site's settings and shop), on one of the account's sites.
 * @throws AppError authentication_required (403) for a non-staff actor, forbidden (403) for another
 *   role, not_found (404) for an unknown site or one outside the account's
 */
export async function requireShopSite(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  action: 'view' | 'update',
  siteId: number,
): Promise<SiteRow> {
  staffScope(actor, action, 'site', siteId);
  const site = await findSiteById(deps.db, siteId);
  if (!site) throw notFound();
  return site;
}
