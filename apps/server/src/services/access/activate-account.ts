import type { SiteRow } from '../../db/repositories/sites.js';
import { confirmUser, findUserById, setOwnProfileStatus, type UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { activationFailed } from './access-errors.js';
import { useToken } from './user-tokens.js';

/**
 * Confirms the email of the member of an activation token (SPEC.md 4, activation): status
 * confirmed, confirmed_at now, the disabled profile becomes active (blocked or deleted ones stay).
 * The token is used up. Returns the member so the caller can log them in.
 * Input: `{ site, token, now }` (the emailed token; now is the clock's time).
 * @throws AppError activation_failed (400) "Activeren mislukt" for an unknown, used or expired
 *   token, another site's token, or an account that is banned or being deleted
 */
export async function activateAccount(
  { db }: Pick<AppDeps, 'db'>,
  { site, token, now }: { site: SiteRow; token: string; now: Date },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const row = await useToken(tx, token, 'activation', now);
    const user = row ? await findUserById(tx, row.user_id) : null;
    if (!user || user.site_id !== site.id) throw activationFailed();
    if (user.status === 'banned' || user.status === 'pending_deletion') throw activationFailed();
    if (await confirmUser(tx, user.id, now)) {
      await setOwnProfileStatus(tx, user.id, 'active', ['disabled']);
      return { ...user, status: 'confirmed', confirmed_at: now };
    }
    return user;
  });
}
