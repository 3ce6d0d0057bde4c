import { type AuditFilter, type AuditRow, searchAuditLog } from '../../db/repositories/audit-log.js';
import type { AppDeps } from '../../deps.js';

/** Entries per page of the audit search. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * One page (1-based) of the audit log, newest first, filtered by staff, action prefix, object,
 * member, site and period (admins only; the route authorizes with staffScope 'audit').
 */
export function searchAudit(
  { db }: Pick<AppDeps, 'db'>,
  input: { filter: AuditFilter; page: number },
): Promise<{ rows: AuditRow[]; more: boolean }> {
  return searchAuditLog(db, input.filter, { limit: AUDIT_PAGE_SIZE, offset: (input.page - 1) * AUDIT_PAGE_SIZE });
}
