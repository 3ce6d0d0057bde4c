import type { CompanyInput } from '@app/contracts';
import { findCompanyForUpdate, siteIdsOfCompany, updateCompanyRow } from '../../db/repositories/site-admin.js';
import type { CompanyRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { type CompanyView, changedFields } from './site-view.js';

const FIELDS: readonly (keyof CompanyRow)[] = [
  'name',
  'address',
  'kvk',
  'city',
  'country',
  'tradenames',
  'vat_numbers',
  'support_phone',
  'delete_discount',
  'added',
];

/**
 * Changes the company info the body names (SPEC.md 3 Company info; issue: back office II): every
 * site of the company shows it at once (GET /api/companyinfo.php reads it per request). The actor
 * must work on every site the company runs. One audit entry `company.update` with the changed fields.
 * @throws AppError forbidden (403) for roles other than admin; not_found (404) for an unknown company
 *   or one that runs a site outside the actor's sites
 */
export async function updateCompany(
  { db, siteChanges }: Pick<AppDeps, 'db' | 'siteChanges'>,
  input: { actor: Actor; who: AuditWho; companyId: number; changes: Partial<CompanyInput> },
): Promise<CompanyView> {
  const { siteIds } = staffScope(input.actor, 'update', 'site');
  const result = await db.transaction(async (tx) => {
    const before = await findCompanyForUpdate(tx, input.companyId);
    if (!before) throw notFound();
    const ids = await siteIdsOfCompany(tx, before.id);
    if (siteIds !== 'all' && !ids.every((id) => siteIds.includes(id))) throw notFound();
    const diff = changedFields(before, { ...before, ...input.changes }, FIELDS);
    if (Object.keys(diff.after).length === 0) return { company: before, ids, changed: false };
    const after = await updateCompanyRow(tx, before.id, input.changes);
    await recordAudit(tx, input.who, {
      action: 'company.update',
      objectType: 'company',
      objectId: before.id,
      ...changedFields(before, after, FIELDS),
    });
    return { company: after, ids, changed: true };
  });
  // Nothing of the company is cached with the sites today; announcing keeps it so if that changes.
  if (result.changed) await siteChanges.announce(0);
  return { ...result.company, site_count: result.ids.length };
}
