import * as repo from '../../db/repositories/sessions.js';
import type { AppDeps } from '../../deps.js';
import { hashToken } from './sessions.js';

/** Ends the session of `token` (SPEC.md 7, logout). Input: `{ token }`, the cookie's. */
export async function endSession({ db }: Pick<AppDeps, 'db'>, { token }: { token: string }): Promise<void> {
  await repo.deleteSession(db, hashToken(token));
}
