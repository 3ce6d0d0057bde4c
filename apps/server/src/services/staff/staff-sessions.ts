import type { Db } from '../../db/client.js';
import { insertStaffSession } from '../../db/repositories/staff.js';
import { hashToken, newToken } from '../access/sessions.js';

/** Staff sessions last 8 hours from login, never renewed (issue: back office I). */
export const STAFF_SESSION_SECONDS = 8 * 3600;
/** Seconds a password-only session has to pass the second factor. */
export const SECOND_FACTOR_SECONDS = 10 * 60;

/**
 * Stage of a staff session: after the password only, after the second factor too, or `passkey_setup`:
 * after the code of an account whose role requires a passkey and that has none, open only to adding
 * one (10 minutes; issue: passkeys).
 */
export type StaffSessionStage = 'password' | 'full' | 'passkey_setup';

/**
 * Starts a staff session of `stage` and returns its token (the cookie's value; only its SHA-256 is
 * stored). A password-stage or passkey-setup session lives 10 minutes; a full one 8 hours.
 */
export async function startStaffSession(
  db: Db,
  input: { staffId: number; stage: StaffSessionStage; now: Date; ip: string | null; userAgent: string | null },
): Promise<{ token: string; maxAge: number }> {
  const token = newToken();
  const maxAge = input.stage === 'full' ? STAFF_SESSION_SECONDS : SECOND_FACTOR_SECONDS;
  await insertStaffSession(db, {
    token_hash: hashToken(token),
    staff_id: input.staffId,
    stage: input.stage,
    expires_at: new Date(input.now.getTime() + maxAge * 1000),
    ip: input.ip,
    user_agent: input.userAgent?.slice(0, 300) ?? null,
  });
  return { token, maxAge };
}
