import type { Db } from '../../db/client.js';
import { findProfileByUserId } from '../../db/repositories/profiles.js';

/** The profile name of a member, used to greet them in mails; '' when they have no profile. */
export async function memberName(db: Db, userId: number): Promise<string> {
  const found = await findProfileByUserId(db, userId);
  return found?.profile.name ?? '';
}
