import { and, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { auditLog } from '../schema.js';

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditInsert = typeof auditLog.$inferInsert;

/** Appends one entry (inside the caller's transaction when `db` is one). */
export async function insertAuditEntry(db: Db, entry: AuditInsert): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** What the audit search filters on; every field optional. `action` matches as a prefix. */
export interface AuditFilter {
  staffId?: number;
  action?: string;
  objectType?: string;
  objectId?: string;
  memberUserId?: number;
  siteId?: number;
  /** Only entries of these sites (never those without a site). */
  siteIds?: readonly number[];
  from?: Date;
  to?: Date;
}

/** One page of entries, newest first, and whether more follow. */
export async function searchAuditLog(
  db: Db,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; more: boolean }> {
  const where: SQL[] = [];
  if (filter.staffId != null) where.push(eq(auditLog.staff_id, filter.staffId));
  if (filter.action) where.push(ilike(auditLog.action, `${filter.action.replace(/[%_\\]/g, '\\$&')}%`));
  if (filter.objectType) where.push(eq(auditLog.object_type, filter.objectType));
  if (filter.objectId) where.push(eq(auditLog.object_id, filter.objectId));
  if (filter.memberUserId != null) where.push(eq(auditLog.member_user_id, filter.memberUserId));
  if (filter.siteId != null) where.push(eq(auditLog.site_id, filter.siteId));
  if (filter.siteIds)
    where.push(filter.siteIds.length > 0 ? inArray(auditLog.site_id, [...filter.siteIds]) : sql`false`);
  if (filter.from) where.push(gte(auditLog.created_at, filter.from));
  if (filter.to) where.push(lt(auditLog.created_at, filter.to));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length > 0 ? and(...where) : sql`true`)
    .orderBy(desc(auditLog.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  return { rows: rows.slice(0, page.limit), more: rows.length > page.limit };
}
