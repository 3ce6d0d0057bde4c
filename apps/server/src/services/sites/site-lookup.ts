import type { Db } from '../../db/client.js';
import { type CompanyRow, findCompany, findSiteForDomain, type SiteRow } from '../../db/repositories/sites.js';

export type { CompanyRow, SiteRow };

/** The site served on `domain` (lower case, no port); unknown domains get the default site; null without sites. */
export function siteForDomain(db: Db, domain: string): Promise<SiteRow | null> {
  return findSiteForDomain(db, domain);
}

/** The company that runs `site` (SPEC.md 3 company info), or null when it has none. */
export function companyOf(db: Db, site: Pick<SiteRow, 'company_id'>): Promise<CompanyRow | null> {
  return findCompany(db, site.company_id);
}
