import { updateUserLanguage } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';

/**
 * Stores the interface language a member chose (SPEC.md 7, language call). Input: `{ user, language }`,
 * language one of the site's locale codes, validated by the route.
 */
export async function setMemberLanguage(
  { db }: Pick<AppDeps, 'db'>,
  { user, language }: { user: { id: number }; language: string },
): Promise<void> {
  await updateUserLanguage(db, user.id, language);
}
