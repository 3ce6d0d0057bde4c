import type { AuditPage, StaffAccount, StaffSite } from '@app/contracts';
import type { AuditRow } from '../../db/repositories/audit-log.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { StaffRow } from '../../db/repositories/staff.js';

/** A staff account on the wire: never its password hash, TOTP secret or failure counts. */
export function presentStaffAccount(row: StaffRow): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as StaffAccount['role'],
    site_ids: row.site_ids ?? null,
    language: row.language === 'nl' ? 'nl' : 'en',
    totp_enabled: row.totp_enabled_at !== null,
    disabled: row.disabled_at !== null,
    created_at: row.created_at.toISOString(),
  };
}

/** One page of the audit log. */
export function presentAuditPage(result: { rows: AuditRow[]; more: boolean }, page: number): AuditPage {
  return {
    page,
    more: result.more,
    entries: result.rows.map((r) => ({
      id: r.id,
      staff_id: r.staff_id,
      staff_email: r.staff_email,
      action: r.action,
      object_type: r.object_type,
      object_id: r.object_id,
      site_id: r.site_id,
      member_user_id: r.member_user_id,
      before: r.before,
      after: r.after,
      ip: r.ip,
      created_at: r.created_at.toISOString(),
    })),
  };
}

/** A site in the back office's lists. */
export function presentStaffSite(row: SiteRow): StaffSite {
  return { id: row.id, domain: row.domain, name: row.name, auto_approve_photos: row.auto_approve_photos };
}
