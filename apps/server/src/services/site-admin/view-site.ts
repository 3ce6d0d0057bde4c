import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';
import { loadSiteView, type SiteAdminView } from './site-view.js';

/**
 * One site with every setting (SPEC.md 3 Settings), its company and member count, for the back
 * office's editor (issue: back office II; admins only: policies 'site').
 * @throws AppError forbidden (403) for other roles; not_found (404) for an unknown site or one outside
 *   the actor's sites
 */
export async function viewSite(
  { db }: Pick<AppDeps, 'db'>,
  input: { actor: Actor; siteId: number },
): Promise<SiteAdminView> {
  staffScope(input.actor, 'view', 'site', input.siteId);
  return loadSiteView(db, input.siteId);
}
