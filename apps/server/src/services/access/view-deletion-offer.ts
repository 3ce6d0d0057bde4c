import { REACTIVATION_DAYS } from '@app/contracts';
import { findCompany, type SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';

/**
 * The retention offer shown before deleting (SPEC.md 2, account deletion flow): the company's
 * delete_discount in percent and the reactivation window in days (14). Input: `{ site }`.
 */
export async function viewDeletionOffer(
  { db }: Pick<AppDeps, 'db'>,
  { site }: { site: SiteRow },
): Promise<{ delete_discount: number; reactivation_days: number }> {
  const company = await findCompany(db, site.company_id);
  return { delete_discount: company?.delete_discount ?? 0, reactivation_days: REACTIVATION_DAYS };
}
