import { setPasswordHash, type UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { memberName } from '../profile/member-name.js';
import { passwordsDiffer, wrongOldPassword } from './access-errors.js';
import { checkPassword, hashPassword } from './login.js';
import { assertStrongPassword } from './password-strength.js';
import { endOtherSessions } from './sessions.js';

/**
 * Changes the password of the logged-in member (SPEC.md 5) and ends every other session; the
 * session of `currentToken` stays. Input: `{ user, body, now, locale, currentToken }` (body: the
 * form; locale: of the weak-password feedback; currentToken: the session cookie's token).
 * @throws AppError passwords_differ (400, field password_repeat); wrong_old_password (400, field
 *   old_password) "Controleer je oude wachtwoord."; weak_password (400)
 */
export async function changePassword(
  { db }: Pick<AppDeps, 'db'>,
  args: {
    user: UserRow;
    body: { old_password: string; password: string; password_repeat: string };
    now: Date;
    locale: string;
    currentToken: string;
  },
): Promise<void> {
  const { user, body: input } = args;
  const ctx = args;
  if (input.password !== input.password_repeat) throw passwordsDiffer();
  if (!(await checkPassword(user.password_hash, input.old_password))) throw wrongOldPassword();
  await assertStrongPassword(input.password, [user.email, await memberName(db, user.id)], ctx.locale);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash, ctx.now);
    await endOtherSessions(tx, user.id, ctx.currentToken);
  });
}
