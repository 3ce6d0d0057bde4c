import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../../db/client.js';
import { clearEndedSuspension } from '../../db/repositories/sanctions.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import { findUserByEmail, type UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { AppError, loginFailed } from '../../errors.js';
import { accountPendingDeletion, tooManyAttempts } from './access-errors.js';
import {
  type AttemptContext,
  assertIpAllowed,
  lockMinutesLeft,
  registerFailure,
  registerSuccess,
} from './login-protection.js';

let dummyHash: Promise<string> | undefined;

/** A hash to verify against when the email is unknown, so both answers take the same time. */
function getDummyHash(): Promise<string> {
  dummyHash ??= hash('no-account-has-this-password');
  return dummyHash;
}

/** Checks `password` against an argon2 hash; false for a wrong password or an unusable hash. */
export function checkPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

/**
 * Checks an email and password on a site (SPEC.md 4, session: logged out → logged in; SPEC.md 8).
 * The same error and the same work (one argon2 verify) for an unknown email, a wrong password and
 * a locked account. Five failures in a row lock the account for 15 minutes; an IP is refused for a
 * login name after 10 failures for it in 15 minutes, and for every name after 100 failures
 * (services/access/login-protection.ts). A not_confirmed member may log in. Staff sanctions
 * (issue: back office I) are told only after a correct password, so they reveal no account: a banned
 * account gets account_banned, a suspended one account_suspended until its end; a suspension that
 * ended is cleared and the member logs in as before. Input: `{ site, email, password, ip, now }`
 * (ip: the client's, proxy-aware; now: the clock's time).
 * @throws AppError login_failed (401) "Login mislukt, probeer opnieuw"
 * @throws AppError too_many_attempts (429, data { minutes }) while the account is locked
 * @throws AppError rate_limited (429) for an IP over its limit
 * @throws AppError account_banned (403) for a correct password of a banned account (client: /pages/ban)
 * @throws AppError account_suspended (403, data { until }: ISO time) for a correct password during a suspension
 * @throws AppError account_pending_deletion (403) for a correct password of an account being deleted
 */
export async function verifyLogin(
  { db }: Pick<AppDeps, 'db'>,
  attempt: { site: SiteRow; email: string; password: string; ip: string; now: Date },
): Promise<UserRow> {
  const { site, email, password } = attempt;
  const ctx = { siteId: site.id, ip: attempt.ip, email, now: attempt.now };
  await assertIpAllowed(db, ctx);
  const user = await findUserByEmail(db, site.id, email);
  const ok = await checkPassword(user?.password_hash ?? (await getDummyHash()), password);
  const minutesLeft = user ? lockMinutesLeft(user, ctx.now) : 0;
  if (minutesLeft > 0) {
    await registerFailure(db, user, ctx, false);
    throw tooManyAttempts(minutesLeft);
  }
  if (!user || !ok) {
    await registerFailure(db, user, ctx);
    throw loginFailed();
  }
  return admitMember(db, user, ctx);
}

/**
 * The rules after a correct credential, shared by the password and the passkey login (issue:
 * passkeys): banned, suspended and pending-deletion accounts are refused; an ended suspension is
 * cleared; the success is recorded (failure count reset). A not_confirmed member may log in.
 * @throws AppError account_banned (403), account_suspended (403, data { until }), account_pending_deletion (403)
 */
export async function admitMember(db: Db, user: UserRow, ctx: AttemptContext): Promise<UserRow> {
  if (user.status === 'banned') throw new AppError('account_banned', 403);
  if (user.suspended_until && user.suspended_until > ctx.now) {
    throw new AppError('account_suspended', 403, { until: user.suspended_until.toISOString() });
  }
  if (user.status === 'pending_deletion') throw accountPendingDeletion(403);
  if (user.suspended_until) {
    await clearEndedSuspension(db, user.id, ctx.now);
    user.suspended_until = null;
  }
  await registerSuccess(db, user, ctx);
  return user;
}

/** Hashes a password with argon2id (library defaults: 19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}
