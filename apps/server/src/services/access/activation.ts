import type { Db } from '../../db/client.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import { countTokensSince } from '../../db/repositories/tokens.js';
import { confirmUser, findUserById, setOwnProfileStatus, type UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import type { Mailer } from '../../mail/mailer.js';
import { sendMemberMail } from '../../mail/member-mail.js';
import { memberName } from '../profile/member-name.js';
import type { LinkBuilder } from '../sites/site-url.js';
import { activationFailed, rateLimited } from './access-errors.js';
import { issueToken, TOKEN_SECONDS, useToken } from './user-tokens.js';

/** Activation mails a member may ask for again per 24 hours (SPEC.md 4: "the activation mail can be resent"). */
export const ACTIVATION_RESENDS_PER_DAY = 5;

/** Request facts for mails with a link. */
export interface LinkContext {
  now: Date;
  /** Builds the site's outside URLs from its configured origin, never from the request (services/sites/site-url.ts). */
  links: LinkBuilder;
}

/** Mails a fresh activation link `<site origin>/activate/done?token=...` (valid 7 days) to the member. */
export async function sendActivationMail(
  db: Db,
  mailer: Mailer,
  site: SiteRow,
  user: UserRow,
  name: string,
  ctx: LinkContext,
): Promise<void> {
  const token = await issueToken(db, user.id, 'activation', ctx.now);
  await sendMemberMail(mailer, site, {
    to: user.email,
    kind: 'activation',
    locale: user.language,
    memberName: name,
    link: ctx.links('/activate/done', { token }),
    values: { days: TOKEN_SECONDS.activation / 86400 },
  });
}

/**
 * Confirms the email of the member of an activation token (SPEC.md 4, activation): status
 * confirmed, confirmed_at now, the disabled profile becomes active (blocked or deleted ones stay).
 * The token is used up. Returns the member so the caller can log them in.
 * Input: `{ site, token, now }` (the emailed token; now is the clock's time).
 * @throws AppError activation_failed (400) "Activeren mislukt" for an unknown, used or expired
 *   token, another site's token, or an account that is banned or being deleted
 */
export async function activateAccount(
  { db }: Pick<AppDeps, 'db'>,
  { site, token, now }: { site: SiteRow; token: string; now: Date },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const row = await useToken(tx, token, 'activation', now);
    const user = row ? await findUserById(tx, row.user_id) : null;
    if (!user || user.site_id !== site.id) throw activationFailed();
    if (user.status === 'banned' || user.status === 'pending_deletion') throw activationFailed();
    if (await confirmUser(tx, user.id, now)) {
      await setOwnProfileStatus(tx, user.id, 'active', ['disabled']);
      return { ...user, status: 'confirmed', confirmed_at: now };
    }
    return user;
  });
}

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
