import { type CompanyRow, findCompany, findSiteForDomain, type SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';

export type { CompanyRow, SiteRow };

/**
 * The site served on `domain` (SPEC.md 1: one site per domain); unknown domains get the default
 * site; null without sites. Input: `{ domain }`, lower case, no port.
 */
export function siteForDomain({ db }: Pick<AppDeps, 'db'>, { domain }: { domain: string }): Promise<SiteRow | null> {
  return findSiteForDomain(db, domain);
}

/** The company that runs `site` (SPEC.md 3 company info), or null when it has none. Input: `{ site }`. */
export function companyOf(
  { db }: Pick<AppDeps, 'db'>,
  { site }: { site: Pick<SiteRow, 'company_id'> },
): Promise<CompanyRow | null> {
  return findCompany(db, site.company_id);
}
