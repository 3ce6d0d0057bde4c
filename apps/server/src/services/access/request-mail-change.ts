import type { SiteRow } from '../../db/repositories/sites.js';
import { isEmailTaken, type UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { sendMemberMail } from '../../mail/member-mail.js';
import { memberName } from '../profile/member-name.js';
import { emailTaken, invalidNewEmail, isValidEmail, wrongOldPassword } from './access-errors.js';
import type { LinkContext } from './activation.js';
import { checkPassword } from './login.js';
import { issueToken, TOKEN_SECONDS } from './user-tokens.js';

/**
 * Starts a change of the member's email (SPEC.md 5): mails a confirmation link
 * `<site origin>/mail-change/do?token=...` (valid 24 hours) to the NEW address and a notice to the old one.
 * @throws AppError invalid_new_email (400, field email) "Nieuw e-mailadres invalide." (also for the
 *   current address); wrong_old_password (400, field password); email_taken (409, field email)
 * Input: `{ site, user, body: { email, password }, now, links }`.
 */
export async function requestMailChange(
  { db, mailer }: Pick<AppDeps, 'db' | 'mailer'>,
  args: LinkContext & { site: SiteRow; user: UserRow; body: { email: string; password: string } },
): Promise<void> {
  const { site, user, body: input } = args;
  const ctx = args;
  const email = input.email.trim();
  if (!isValidEmail(email) || email.toLowerCase() === user.email.toLowerCase()) throw invalidNewEmail();
  if (!(await checkPassword(user.password_hash, input.password))) throw wrongOldPassword('password');
  if (await isEmailTaken(db, site.id, email, user.id)) throw emailTaken();
  const token = await issueToken(db, user.id, 'mail_change', ctx.now, { newEmail: email });
  const name = await memberName(db, user.id);
  await sendMemberMail(mailer, site, {
    to: email,
    kind: 'mail_change',
    locale: user.language,
    memberName: name,
    link: ctx.links('/mail-change/do', { token }),
    values: { hours: TOKEN_SECONDS.mail_change / 3600 },
  });
  await sendMemberMail(mailer, site, {
    to: user.email,
    kind: 'mail_change_notice',
    locale: user.language,
    memberName: name,
    values: { new_email: email },
  });
}
