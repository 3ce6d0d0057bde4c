import type { Db } from '../../db/client.js';
import { updateUserLanguage } from '../../db/repositories/users.js';

/** Stores the interface language a member chose (one of the site's locale codes, validated by the route). */
export async function setMemberLanguage(db: Db, user: { id: number }, language: string): Promise<void> {
  await updateUserLanguage(db, user.id, language);
}
