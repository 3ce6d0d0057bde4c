import { findStaffByEmail, insertStaff, type StaffRow } from '../../db/repositories/staff.js';
import type { AppDeps } from '../../deps.js';
import { AppError, validationFailed } from '../../errors.js';
import type { StaffRole } from '../../policies/actor.js';
import { hashPassword } from '../access/login.js';
import { assertStrongPassword } from '../access/password-strength.js';
import { type AuditWho, recordAudit } from './audit.js';
import { assertMayCreateStaff, type StaffManager } from './staff-account-policy.js';

/** A staff account as the audit log shows it: never the password hash or the TOTP secret. */
export function staffAuditView(row: StaffRow) {
  return {
    email: row.email,
    name: row.name,
    role: row.role,
    site_ids: row.site_ids,
    disabled: row.disabled_at !== null,
    totp: row.totp_enabled_at !== null,
  };
}

/** The site an audit entry about a staff account concerns: its one site, else none (staff of every site read it). */
export function staffAuditSite(row: { site_ids: readonly number[] | null }): number | null {
  return row.site_ids?.length === 1 ? (row.site_ids[0] ?? null) : null;
}

/**
 * Makes a staff account (admins in the back office; `npm run staff -- create` for the first admin,
 * `actor` null). Input `{ actor, email, name, role, siteIds (null: every site), password, language,
 * locale }`; an admin makes accounts only within its own sites (staff-account-policy.ts); the password
 * must be strong (the members' rule). The account enrols its second factor at its first login.
 * Writes `staff.create` to the audit log.
 * @throws AppError forbidden (403) for a role other than admin or sites beyond the actor's
 * @throws AppError conflict (409) when the e-mail has an account
 * @throws AppError validation_failed (400) for a malformed e-mail; weak_password (400)
 */
export async function createStaffAccount(
  { db }: Pick<AppDeps, 'db'>,
  input: {
    actor: StaffManager;
    who: AuditWho;
    email: string;
    name: string;
    role: StaffRole;
    siteIds: number[] | null;
    password: string;
    language?: string;
    locale: string;
  },
): Promise<StaffRow> {
  assertMayCreateStaff(input.actor, input.siteIds);
  const email = input.email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw validationFailed({ field: 'email' });
  if (await findStaffByEmail(db, email)) throw new AppError('conflict', 409, { field: 'email' });
  await assertStrongPassword(input.password, [email, input.name], input.locale);
  const password_hash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const row = await insertStaff(tx, {
      email,
      name: input.name.trim(),
      role: input.role,
      site_ids: input.siteIds,
      password_hash,
      language: input.language ?? 'en',
    });
    await recordAudit(tx, input.who, {
      action: 'staff.create',
      objectType: 'staff',
      objectId: row.id,
      siteId: staffAuditSite(row),
      after: staffAuditView(row),
    });
    return row;
  });
}
