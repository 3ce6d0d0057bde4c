import type { SiteRow } from '../../db/repositories/sites.js';
import { findUserById, isEmailTaken, setEmail } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { emailTaken, isUniqueViolation, resetLinkInvalid } from './access-errors.js';
import { useToken } from './user-tokens.js';

/**
 * Switches the email to the confirmed new address (the token is used up). Needs no login: the link
 * may be opened on another device (SPEC.md 5). Input: `{ site, token, now }`.
 * @throws AppError reset_link_invalid (400) for an unknown, used or expired token; email_taken (409)
 *   when another account took the address meanwhile
 */
export async function confirmMailChange(
  { db }: Pick<AppDeps, 'db'>,
  { site, token, now }: { site: SiteRow; token: string; now: Date },
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const row = await useToken(tx, token, 'mail_change', now);
      const user = row ? await findUserById(tx, row.user_id) : null;
      if (!row?.new_email || !user || user.site_id !== site.id || user.erased_at) throw resetLinkInvalid();
      if (await isEmailTaken(tx, site.id, row.new_email, user.id)) throw emailTaken();
      await setEmail(tx, user.id, row.new_email);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}
