import type { SiteRow } from '../../db/repositories/sites.js';
import { consumeAllTokens, countTokensByIpSince } from '../../db/repositories/tokens.js';
import { findUserByEmail, findUserById, setPasswordHash } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { sendMemberMail } from '../../mail/member-mail.js';
import { memberName } from '../profile/member-name.js';
import { emailNotFound, passwordsDiffer, resetLinkInvalid, tooManyResetMails } from './access-errors.js';
import type { LinkContext } from './activation.js';
import { hashPassword } from './login.js';
import { assertStrongPassword } from './password-strength.js';
import { endAllSessions } from './sessions.js';
import { issueToken, peekToken, TOKEN_SECONDS, useToken } from './user-tokens.js';

/**
 * Reset mails one account may get per 24 hours asked for from one address (SPEC.md 8: "Te veel
 * wachtwoordherstel mails"): counted per address, so a stranger's requests cannot use up the
 * member's own quota.
 */
export const RESET_MAILS_PER_DAY = 3;
/** Reset mails one account may get per 24 hours from all addresses together (a ceiling against mail bombing). */
export const RESET_MAILS_PER_DAY_TOTAL = 10;

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

/**
 * Sets a new password with a reset token (SPEC.md 5, 8): the token is used up together with every
 * other reset link of the member still open, every session of the member ends, and any login lock
 * is cleared.
 * @throws AppError reset_link_invalid (400) for an unknown, used or expired token;
 *   passwords_differ (400, field password_repeat); weak_password (400)
 * Input: `{ site, body: { token, password, password_repeat }, now, locale }`.
 */
export async function resetPassword(
  { db }: Pick<AppDeps, 'db'>,
  ctx: { site: SiteRow; body: { token: string; password: string; password_repeat: string }; now: Date; locale: string },
): Promise<void> {
  const { site, body: input } = ctx;
  const live = await peekToken(db, input.token, 'password_reset', ctx.now);
  const user = live ? await findUserById(db, live.user_id) : null;
  if (!user || user.site_id !== site.id) throw resetLinkInvalid();
  if (input.password !== input.password_repeat) throw passwordsDiffer();
  await assertStrongPassword(input.password, [user.email, await memberName(db, user.id)], ctx.locale);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    if (!(await useToken(tx, input.token, 'password_reset', ctx.now))) throw resetLinkInvalid();
    await consumeAllTokens(tx, user.id, 'password_reset', ctx.now);
    await setPasswordHash(tx, user.id, passwordHash, ctx.now);
    await endAllSessions({ db: tx }, { userId: user.id });
  });
}
