import { listCompaniesWithSiteCounts } from '../../db/repositories/site-admin.js';
import type { AppDeps } from '../../deps.js';
import { forbidden } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';
import type { CompanyView } from './site-view.js';

/**
 * Every operating company with its number of sites (SPEC.md 3 Company info; issue: back office II):
 * for admins of every site, since a company may run sites an admin of some sites does not see.
 * @throws AppError forbidden (403) for other roles and for admins of some sites only
 */
export async function listCompanies({ db }: Pick<AppDeps, 'db'>, input: { actor: Actor }): Promise<CompanyView[]> {
  const { siteIds } = staffScope(input.actor, 'view', 'site');
  if (siteIds !== 'all') throw forbidden();
  return listCompaniesWithSiteCounts(db);
}
