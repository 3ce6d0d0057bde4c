import type { SiteRow } from '../../db/repositories/sites.js';
import { countTokensByIpSince } from '../../db/repositories/tokens.js';
import { findUserByEmail } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { sendMemberMail } from '../../mail/member-mail.js';
import { memberName } from '../profile/member-name.js';
import { emailNotFound, tooManyResetMails } from './access-errors.js';
import type { LinkContext } from './activation.js';
import { RESET_MAILS_PER_DAY, RESET_MAILS_PER_DAY_TOTAL } from './password-reset.js';
import { issueToken, TOKEN_SECONDS } from './user-tokens.js';

/**
 * Mails a single-use link `<site origin>/reset-password/do?token=...`, valid 1 hour (SPEC.md 8).
 * Says whether the address has an account (the spec's message); the route's IP limit slows enumeration.
 * @throws AppError email_not_found (404); too_many_reset_mails (429) after RESET_MAILS_PER_DAY mails
 *   asked for from `ctx.ip` in 24 hours, or RESET_MAILS_PER_DAY_TOTAL from anywhere;
 *   account_pending_deletion is not special: the member can reset, but login stays refused
 * Input: `{ site, email, now, links, ip }` (ip: the client's, proxy-aware).
 */
export async function requestPasswordReset(
  { db, mailer }: Pick<AppDeps, 'db' | 'mailer'>,
  ctx: LinkContext & { site: SiteRow; email: string; ip: string },
): Promise<void> {
  const { site, email } = ctx;
  const user = await findUserByEmail(db, site.id, email.trim());
  if (!user || user.erased_at) throw emailNotFound();
  const since = new Date(ctx.now.getTime() - 24 * 3600 * 1000);
  const sent = await countTokensByIpSince(db, user.id, 'password_reset', ctx.ip, since);
  if (sent.fromIp >= RESET_MAILS_PER_DAY || sent.total >= RESET_MAILS_PER_DAY_TOTAL) throw tooManyResetMails();
  const token = await issueToken(db, user.id, 'password_reset', ctx.now, { requestedIp: ctx.ip });
  await sendMemberMail(mailer, site, {
    to: user.email,
    kind: 'password_reset',
    locale: user.language,
    memberName: await memberName(db, user.id),
    link: ctx.links('/reset-password/do', { token }),
    values: { hours: TOKEN_SECONDS.password_reset / 3600 },
  });
}
