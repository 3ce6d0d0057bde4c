import type { SiteRow } from '../../db/repositories/sites.js';
import { consumeAllTokens } from '../../db/repositories/tokens.js';
import { findUserById, setPasswordHash } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { memberName } from '../profile/member-name.js';
import { passwordsDiffer, resetLinkInvalid } from './access-errors.js';
import { endAllSessions } from './end-all-sessions.js';
import { hashPassword } from './login.js';
import { assertStrongPassword } from './password-strength.js';
import { peekToken, useToken } from './user-tokens.js';

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
