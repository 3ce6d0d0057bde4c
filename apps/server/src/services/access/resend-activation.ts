import type { SiteRow } from '../../db/repositories/sites.js';
import { countTokensSince } from '../../db/repositories/tokens.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { memberName } from '../profile/member-name.js';
import { activationFailed, rateLimited } from './access-errors.js';
import { ACTIVATION_RESENDS_PER_DAY, type LinkContext, sendActivationMail } from './activation.js';

/**
 * Sends the activation mail again to a logged-in not_confirmed member; at most
 * ACTIVATION_RESENDS_PER_DAY times in 24 hours (after the signup mail) (SPEC.md 4, activation).
 * Input: `{ site, user, now, links }`.
 * @throws AppError rate_limited (429) over the limit; activation_failed (400) when already confirmed
 */
export async function resendActivation(
  { db, mailer }: Pick<AppDeps, 'db' | 'mailer'>,
  input: LinkContext & { site: SiteRow; user: UserRow },
): Promise<void> {
  const { site, user } = input;
  const ctx = input;
  if (user.status !== 'not_confirmed') throw activationFailed();
  const since = new Date(ctx.now.getTime() - 24 * 3600 * 1000);
  // The signup mail counts as one activation token, so one more than the resends is allowed.
  if ((await countTokensSince(db, user.id, 'activation', since)) > ACTIVATION_RESENDS_PER_DAY) throw rateLimited();
  await sendActivationMail(db, mailer, site, user, await memberName(db, user.id), ctx);
}
