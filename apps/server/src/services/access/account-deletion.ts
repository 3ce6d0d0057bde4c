import { REACTIVATION_DAYS } from '@app/contracts';
import { findCompany, type SiteRow } from '../../db/repositories/sites.js';
import {
  findUserById,
  markPendingDeletion,
  restoreAccount,
  setOwnProfileStatus,
  type UserRow,
} from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { sendMemberMail } from '../../mail/member-mail.js';
import { memberName } from '../profile/member-name.js';
import { resetLinkInvalid, wrongOldPassword } from './access-errors.js';
import type { LinkContext } from './activation.js';
import { checkPassword } from './login.js';
import { endAllSessions } from './sessions.js';
import { issueToken, useToken } from './user-tokens.js';

/**
 * The retention offer shown before deleting (SPEC.md 2, account deletion flow): the company's
 * delete_discount in percent and the reactivation window in days (14). Input: `{ site }`.
 */
export async function deletionOffer(
  { db }: Pick<AppDeps, 'db'>,
  { site }: { site: SiteRow },
): Promise<{ delete_discount: number; reactivation_days: number }> {
  const company = await findCompany(db, site.company_id);
  return { delete_discount: company?.delete_discount ?? 0, reactivation_days: REACTIVATION_DAYS };
}

/**
 * Deletes the member's account (SPEC.md 4; DECISIONS.md GDPR): in one transaction the account
 * becomes pending_deletion, the profile is hidden at once (status deleted; a staff block stays),
 * every session ends and a reactivation token (14 days) is made; then the link
 * `<site origin>/account-deleted?reactivate=<token>` is mailed. Personal data is erased 14 days later
 * (services/access/erasure.ts). `reason` is only logged by the caller: no column keeps it.
 * Input: `{ site, user, password, now, links }` (LinkContext: the clock's time, the site's link builder).
 * @throws AppError wrong_old_password (400, field password)
 */
export async function requestDeletion(
  { db, mailer }: Pick<AppDeps, 'db' | 'mailer'>,
  input: LinkContext & { site: SiteRow; user: UserRow; password: string },
): Promise<void> {
  const { site, user, password } = input;
  const ctx = input;
  if (!(await checkPassword(user.password_hash, password))) throw wrongOldPassword('password');
  const token = await db.transaction(async (tx) => {
    await markPendingDeletion(tx, user.id, ctx.now);
    await setOwnProfileStatus(tx, user.id, 'deleted', ['active', 'disabled']);
    await endAllSessions({ db: tx }, { userId: user.id });
    return issueToken(tx, user.id, 'reactivation', ctx.now);
  });
  await sendMemberMail(mailer, site, {
    to: user.email,
    kind: 'deletion_confirmed',
    locale: user.language,
    memberName: await memberName(db, user.id),
    link: ctx.links('/account-deleted', { reactivate: token }),
    values: { days: REACTIVATION_DAYS },
  });
}

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
