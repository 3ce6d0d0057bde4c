import * as repo from '../../db/repositories/sessions.js';
import type { AppDeps } from '../../deps.js';

/**
 * Ends every session of a member ("log out everywhere", SPEC.md 7). Input: `{ userId }`. Inside a
 * transaction pass `{ db: tx }`.
 */
export async function endAllSessions({ db }: Pick<AppDeps, 'db'>, { userId }: { userId: number }): Promise<void> {
  await repo.deleteUserSessions(db, userId);
}
