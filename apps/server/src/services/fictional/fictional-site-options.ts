import type { Db } from '../../db/client.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import { REGIONS } from '../../geo/regions.js';
import type { Actor } from '../../policies/actor.js';
import { loadFictionalSite } from './load-fictional.js';

/** What the fictional profile editor offers for one site. */
export interface FictionalSiteOptions {
  site: SiteRow;
  /** Regions of each of the site's countries that has a region list (GET /api/regions.php's data). */
  regions: Record<string, { code: string; name: string }[]>;
}

/**
 * The site's countries with their regions and its fictional label, for the editor (issue: back
 * office II; the lists the member profile editor uses). Admins and operators of the site.
 * @throws AppError forbidden (403) for moderators and support; not_found (404) for a site outside the actor's
 */
export async function fictionalSiteOptions(
  db: Db,
  input: { actor: Actor; siteId: number },
): Promise<FictionalSiteOptions> {
  const site = await loadFictionalSite(db, { actor: input.actor, action: 'view', siteId: input.siteId });
  const all = REGIONS as Record<string, { code: string; name: string }[]>;
  const regions = Object.fromEntries(site.countries.filter((c) => all[c]).map((c) => [c, all[c] ?? []]));
  return { site, regions };
}
