import { REACTIVATION_DAYS } from '@app/contracts';
import type { Db } from '../../db/client.js';
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
 * The deletion itself, in the caller's transaction (SPEC.md 4; DECISIONS.md GDPR): the account
 * becomes pending_deletion (one conditional UPDATE), the profile is hidden at once (status deleted;
 * a staff block stays), every session ends and a reactivation token (14 days) is made. Returns the
 * token, or null when the account was already pending deletion, banned or erased (nothing changed).
 * Used by the member's own deletion and by staff (services/staff-members/delete-member-account.ts).
 */
export async function beginDeletion(tx: Db, userId: number, now: Date): Promise<string | null> {
  if (!(await markPendingDeletion(tx, userId, now))) return null;
  await setOwnProfileStatus(tx, userId, 'deleted', ['active', 'disabled']);
  await endAllSessions({ db: tx }, { userId });
  return issueToken(tx, userId, 'reactivation', now);
}

/** Mails the member the reactivation link `<site origin>/account-deleted?reactivate=<token>` (14 days). */
export async function mailDeletionConfirmed(
  { db, mailer }: Pick<AppDeps, 'db' | 'mailer'>,
  input: Pick<LinkContext, 'links'> & { site: SiteRow; user: UserRow; token: string },
): Promise<void> {
  await sendMemberMail(mailer, input.site, {
    to: input.user.email,
    kind: 'deletion_confirmed',
    locale: input.user.language,
    memberName: await memberName(db, input.user.id),
    link: input.links('/account-deleted', { reactivate: input.token }),
    values: { days: REACTIVATION_DAYS },
  });
}

/**
 * Deletes the member's account (SPEC.md 4; DECISIONS.md GDPR): the password, then `beginDeletion`
 * in one transaction, then the reactivation link is mailed. Personal data is erased 14 days later
 * (services/access/erasure.ts). `reason` is only logged by the caller: no column keeps it.
 * Input: `{ site, user, password, now, links }` (LinkContext: the clock's time, the site's link builder).
 * @throws AppError wrong_old_password (400, field password)
 */
export async function requestDeletion(
  deps: Pick<AppDeps, 'db' | 'mailer'>,
  input: LinkContext & { site: SiteRow; user: UserRow; password: string },
): Promise<void> {
  const { site, user, password } = input;
  if (!(await checkPassword(user.password_hash, password))) throw wrongOldPassword('password');
  const token = await deps.db.transaction((tx) => beginDeletion(tx, user.id, input.now));
  // A logged-in member is never pending deletion, banned or erased; a race with staff leaves no second mail.
  if (token) await mailDeletionConfirmed(deps, { site, user, token, links: input.links });
}
