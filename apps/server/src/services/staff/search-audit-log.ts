import { type AuditFilter, type AuditRow, searchAuditLog } from '../../db/repositories/audit-log.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';

/** Entries per page of the audit search. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * One page (1-based) of the audit log, newest first, filtered by staff, action prefix, object,
 * member, site and period. Admins only; an admin of some sites reads only the entries of its sites
 * (entries of another site or of none, such as staff of every site, are for staff of every site).
 * @throws AppError forbidden (403) for a role other than admin; not_found (404) for `filter.siteId`
 *   outside the actor's sites
 */
export function searchAudit(
  { db }: Pick<AppDeps, 'db'>,
  input: { actor: Actor; filter: AuditFilter; page: number },
): Promise<{ rows: AuditRow[]; more: boolean }> {
  const { siteIds } = staffScope(input.actor, 'view', 'audit', input.filter.siteId);
  const filter: AuditFilter = siteIds === 'all' ? input.filter : { ...input.filter, siteIds };
  return searchAuditLog(db, filter, { limit: AUDIT_PAGE_SIZE, offset: (input.page - 1) * AUDIT_PAGE_SIZE });
}
