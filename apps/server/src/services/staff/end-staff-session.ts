import { deleteStaffSession } from '../../db/repositories/staff.js';
import type { AppDeps } from '../../deps.js';
import { hashToken } from '../access/sessions.js';

/** Ends the staff session of `token` (logout); nothing happens for an unknown token. */
export async function endStaffSession({ db }: Pick<AppDeps, 'db'>, input: { token: string }): Promise<void> {
  await deleteStaffSession(db, hashToken(input.token));
}
