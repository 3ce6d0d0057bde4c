import type { Db } from '../../db/client.js';
import { setPasswordHash, type UserRow } from '../../db/repositories/users.js';
import { memberName } from '../profile/member-name.js';
import { passwordsDiffer, wrongOldPassword } from './access-errors.js';
import { checkPassword, hashPassword } from './login.js';
import { assertStrongPassword } from './password-strength.js';
import { endOtherSessions } from './sessions.js';

/**
 * Changes the password of the logged-in member (SPEC.md 5) and ends every other session; the
 * session of `currentToken` stays.
 * @throws AppError passwords_differ (400, field password_repeat); wrong_old_password (400, field
 *   old_password) "Controleer je oude wachtwoord."; weak_password (400)
 */
export async function changePassword(
  db: Db,
  user: UserRow,
  input: { old_password: string; password: string; password_repeat: string },
  ctx: { now: Date; locale: string; currentToken: string },
): Promise<void> {
  if (input.password !== input.password_repeat) throw passwordsDiffer();
  if (!(await checkPassword(user.password_hash, input.old_password))) throw wrongOldPassword();
  await assertStrongPassword(input.password, [user.email, await memberName(db, user.id)], ctx.locale);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash, ctx.now);
    await endOtherSessions(tx, user.id, ctx.currentToken);
  });
}
