import { countMembersBySite, listCompaniesWithSiteCounts } from '../../db/repositories/site-admin.js';
import { listSites, type SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';

/** A site in the back office's list: the row, its company's name and its member count. */
export interface SiteListEntry {
  site: SiteRow;
  companyName: string;
  memberCount: number;
}

/**
 * The sites of the actor (every site for an admin of all), by id, with company and member count
 * (issue: back office II, /admin/sites).
 * @throws AppError forbidden (403) for roles other than admin
 */
export async function listAdminSites({ db }: Pick<AppDeps, 'db'>, input: { actor: Actor }): Promise<SiteListEntry[]> {
  const { siteIds } = staffScope(input.actor, 'view', 'site');
  const all = await listSites(db);
  const mine = siteIds === 'all' ? all : all.filter((s) => siteIds.includes(s.id));
  const [companies, members] = await Promise.all([
    listCompaniesWithSiteCounts(db),
    countMembersBySite(
      db,
      mine.map((s) => s.id),
    ),
  ]);
  const names = new Map(companies.map((c) => [c.id, c.name]));
  return mine.map((site) => ({
    site,
    companyName: names.get(site.company_id) ?? '',
    memberCount: members.get(site.id) ?? 0,
  }));
}
