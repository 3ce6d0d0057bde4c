import type { SiteRow } from '../../db/repositories/sites.js';
import { findUserById, restoreAccount, setOwnProfileStatus, type UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { sendMemberMail } from '../../mail/member-mail.js';
import { memberName } from '../profile/member-name.js';
import { resetLinkInvalid } from './access-errors.js';
import { useToken } from './user-tokens.js';

/**
 * Reactivates an account pending deletion with the emailed token, within 14 days (SPEC.md 4):
 * status back to confirmed (not_confirmed if the email was never confirmed), the profile active
 * again (disabled when not confirmed), deletion_requested_at cleared. Mails a welcome back.
 * Returns the member so the caller can log them in. Input: `{ site, token, now }` (the emailed
 * token; now is the clock's time).
 * @throws AppError reset_link_invalid (400) for an unknown, used or expired token
 */
export async function reactivateAccount(
  { db, mailer }: Pick<AppDeps, 'db' | 'mailer'>,
  { site, token, now }: { site: SiteRow; token: string; now: Date },
): Promise<UserRow> {
  const user = await db.transaction(async (tx) => {
    const row = await useToken(tx, token, 'reactivation', now);
    const found = row ? await findUserById(tx, row.user_id) : null;
    if (!found || found.site_id !== site.id) throw resetLinkInvalid();
    const status = found.confirmed_at ? 'confirmed' : 'not_confirmed';
    if (!(await restoreAccount(tx, found.id, status))) throw resetLinkInvalid();
    await setOwnProfileStatus(tx, found.id, status === 'confirmed' ? 'active' : 'disabled', ['deleted']);
    return { ...found, status, deletion_requested_at: null };
  });
  await sendMemberMail(mailer, site, {
    to: user.email,
    kind: 'reactivation',
    locale: user.language,
    memberName: await memberName(db, user.id),
  });
  return user;
}
