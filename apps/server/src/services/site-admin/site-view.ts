import type { Db } from '../../db/client.js';
import { countMembersBySite, countSitesOfCompany } from '../../db/repositories/site-admin.js';
import { type CompanyRow, findCompany, findSiteById, type SiteRow } from '../../db/repositories/sites.js';
import { AppError, notFound } from '../../errors.js';

/** A company with the number of sites it runs. */
export type CompanyView = CompanyRow & { site_count: number };

/** One site as the back office shows it: the row, its company and its member count. */
export interface SiteAdminView {
  site: SiteRow;
  company: CompanyView;
  memberCount: number;
}

/**
 * Site `siteId` with its company and member count (read after a change, outside its transaction).
 * @throws AppError not_found (404) for an unknown site
 */
export async function loadSiteView(db: Db, siteId: number): Promise<SiteAdminView> {
  const site = await findSiteById(db, siteId);
  if (!site) throw notFound();
  const [company, siteCount, members] = await Promise.all([
    findCompany(db, site.company_id),
    countSitesOfCompany(db, site.company_id),
    countMembersBySite(db, [site.id]),
  ]);
  if (!company) throw new AppError('internal_error', 500, { reason: 'site without company' });
  return { site, company: { ...company, site_count: siteCount }, memberCount: members.get(site.id) ?? 0 };
}

/** One field error in the shape of a schema failure: `{ path: '/field', message: '<catalogue key>' }`. */
export function fieldIssue(field: string, message: string) {
  return { issues: [{ path: `/${field}`, message }] };
}

/** The fields of `after` whose values differ from `before`'s, as `{ before, after }` for the audit log. */
export function changedFields<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T)[],
): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const is: Partial<T> = {};
  for (const field of fields) {
    if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
    was[field] = before[field];
    is[field] = after[field];
  }
  return { before: was, after: is };
}
