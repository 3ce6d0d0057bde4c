import { findStaffSession, type StaffRow } from '../../db/repositories/staff.js';
import type { AppDeps } from '../../deps.js';
import { hashToken } from '../access/sessions.js';
import type { StaffSessionStage } from './staff-sessions.js';

/**
 * The staff account of a session cookie, with the session's stage; null when the session is missing,
 * expired (8 hours, 10 minutes before the second factor or while adding a required passkey) or the
 * account is disabled.
 */
export async function resolveStaffSession(
  { db }: Pick<AppDeps, 'db'>,
  input: { token: string },
): Promise<{ staff: StaffRow; stage: StaffSessionStage } | null> {
  const found = await findStaffSession(db, hashToken(input.token));
  if (!found || found.staff.disabled_at) return null;
  const stage = found.session.stage;
  return { staff: found.staff, stage: stage === 'full' || stage === 'passkey_setup' ? stage : 'password' };
}
