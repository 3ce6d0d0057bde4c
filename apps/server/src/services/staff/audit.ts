import type { Db } from '../../db/client.js';
import { insertAuditEntry } from '../../db/repositories/audit-log.js';

/** Who did something in the back office, as the audit log records it (http/staff-context.ts auditWho). */
export interface AuditWho {
  /** The staff account; null for the command line. */
  staffId: number | null;
  /** The account's e-mail (kept in the entry, so it reads the same after the account is gone). */
  staffEmail: string;
  ip: string | null;
}

/** The command line's audit identity (`npm run staff`, `npm run payments`, `npm run photos`). */
export const COMMAND_LINE: AuditWho = { staffId: null, staffEmail: 'command line', ip: null };

/** One audit entry: `action` as `object.verb` (e.g. `photo.approve`, `member.view`). */
export interface AuditEntry {
  action: string;
  objectType: string;
  objectId?: string | number | null;
  siteId?: number | null;
  memberUserId?: number | null;
  /** What the object looked like before and after a change (omit for reads). */
  before?: unknown;
  after?: unknown;
}

/**
 * Appends an entry to the audit log (issue: back office I). Call it inside the transaction of the
 * change it records, so the change and its entry commit or roll back together; reads of a member's
 * private data are recorded before the data is answered. The log is append-only (migration 0013's
 * trigger refuses UPDATE and DELETE).
 */
export async function recordAudit(db: Db, who: AuditWho, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(db, {
    staff_id: who.staffId,
    staff_email: who.staffEmail,
    action: entry.action,
    object_type: entry.objectType,
    object_id: entry.objectId == null ? null : String(entry.objectId),
    site_id: entry.siteId ?? null,
    member_user_id: entry.memberUserId ?? null,
    before: entry.before === undefined ? null : (entry.before as object),
    after: entry.after === undefined ? null : (entry.after as object),
    ip: who.ip,
  });
}
