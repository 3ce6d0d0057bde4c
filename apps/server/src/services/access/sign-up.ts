import { isSignupAllowed, type SignupBody } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { grantCreditsOnce } from '../../db/repositories/credit-ledger.js';
import { findProfile } from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import { findUserByEmail, insertAccount, type UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import type { LinkBuilder } from '../sites/site-url.js';
import {
  accountPendingDeletion,
  emailTaken,
  fieldInvalid,
  isUniqueViolation,
  isValidEmail,
  signupsClosed,
} from './access-errors.js';
import { sendActivationMail } from './activation.js';
import { hashPassword } from './login.js';
import { assertStrongPassword } from './password-strength.js';
import { checkDateOfBirth, checkProfileName } from './signup-rules.js';

/** Ledger reason of the credits a new member gets (site setting signup_credits). */
export const SIGNUP_CREDITS_REASON = 'signup_credits';

/** Request facts a signup needs besides the form. */
export interface SignupContext {
  now: Date;
  /** Builds the activation link from the site's configured origin (services/sites/site-url.ts). */
  links: LinkBuilder;
  locale: string;
  /** Visitor country from a fronting proxy (CF-IPCountry), if any. */
  geoipCountry: string | null;
}

/** Applies SPEC.md 5 to the form; throws the first problem found. */
async function validate(db: Db, site: SiteRow, body: SignupBody, ctx: SignupContext): Promise<void> {
  const hasTrafficSource = Boolean(body.tracking?.network || body.tracking?.ref);
  if (!isSignupAllowed(site.signups as 'all' | 'with_trafficsource' | 'none', hasTrafficSource)) throw signupsClosed();
  if (!isValidEmail(body.email)) throw fieldInvalid('email', 'invalid_email');
  checkProfileName(body.name, body.email);
  checkDateOfBirth(body.date_of_birth, ctx.now);
  await assertStrongPassword(body.password, [body.email, body.name], ctx.locale);
  const existing = await findUserByEmail(db, site.id, body.email);
  if (existing?.status === 'pending_deletion' && !existing.erased_at) throw accountPendingDeletion(409);
  if (existing) throw emailTaken();
}

/** The first contact of a signup from /members/{id}/signup, kept only when it is an active profile of the site. */
async function signupProfileId(db: Db, site: SiteRow, id: number | undefined): Promise<number | null> {
  if (!id) return null;
  const found = await findProfile(db, site.id, id);
  return found?.profile.status === 'active' ? id : null;
}

function trackingOf(body: SignupBody): Record<string, string> | null {
  const entries = Object.entries(body.tracking ?? {}).filter((e): e is [string, string] => Boolean(e[1]));
  return entries.length ? Object.fromEntries(entries) : null;
}

/**
 * Signs a visitor up (SPEC.md 4 signup step 0, SPEC.md 5): validates the form, creates the account
 * (status not_confirmed) and its disabled profile, grants the site's signup credits once with a
 * ledger row in the same transaction, and mails the activation link. The caller logs the member in.
 * `events` hears `member_signed_up` after the commit. Input: `{ site, body, now, links, locale,
 * geoipCountry }` (SignupContext: the clock's time, the site's link builder, the request's locale
 * and the proxy's visitor country).
 * @throws AppError signups_closed (403); validation_failed (400, data.field) with messages
 *   invalid_email, name_is_email, name_starts_with_at, date_of_birth_required, date_of_birth_invalid;
 *   weak_password (400); email_taken (409); account_pending_deletion (409)
 */
export async function signUp(
  { db, mailer, events }: Pick<AppDeps, 'db' | 'mailer' | 'events'>,
  input: SignupContext & { site: SiteRow; body: SignupBody },
): Promise<UserRow> {
  const { site, body } = input;
  const ctx = input;
  await validate(db, site, body, ctx);
  const [passwordHash, profileId] = await Promise.all([
    hashPassword(body.password),
    signupProfileId(db, site, body.profile_id),
  ]);
  const country =
    ctx.geoipCountry && site.countries.includes(ctx.geoipCountry) ? ctx.geoipCountry : (site.countries[0] ?? 'NL');
  let user: UserRow;
  try {
    user = await db.transaction(async (tx) => {
      const created = await insertAccount(
        tx,
        {
          site_id: site.id,
          email: body.email,
          password_hash: passwordHash,
          status: 'not_confirmed',
          language: body.language ?? ctx.locale,
          signup_date: ctx.now,
          tracking: trackingOf(body),
          signup_message: body.signup_message || null,
          signup_profile_id: profileId,
        },
        {
          name: body.name,
          status: 'disabled',
          gender: body.gender ?? 'male',
          sexuality: 'hetero',
          date_of_birth: body.date_of_birth,
          country,
        },
      );
      const balance =
        site.signup_credits > 0
          ? await grantCreditsOnce(tx, created.id, site.signup_credits, SIGNUP_CREDITS_REASON, ctx.now)
          : null;
      return balance === null ? created : { ...created, credits: balance };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  await events.emit({ type: 'member_signed_up', siteId: site.id, userId: user.id });
  await sendActivationMail(db, mailer, site, user, body.name, ctx);
  return user;
}
