import { REACTIVATION_DAYS } from '@app/contracts';
import type { SiteRow } from '../../db/repositories/sites.js';
import { markPendingDeletion, setOwnProfileStatus, type UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { sendMemberMail } from '../../mail/member-mail.js';
import { memberName } from '../profile/member-name.js';
import { wrongOldPassword } from './access-errors.js';
import type { LinkContext } from './activation.js';
import { endAllSessions } from './end-all-sessions.js';
import { checkPassword } from './login.js';
import { issueToken } from './user-tokens.js';

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
