import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { countFailedAttemptsFromIp, insertLoginAttempt } from '../../db/repositories/login-attempts.js';
import { clearLoginFailures, recordLoginFailure, type UserRow } from '../../db/repositories/users.js';
import { rateLimited, tooManyAttempts } from './access-errors.js';

/** Consecutive failures that lock an account (SPEC.md 8: "Te veel foute pogingen"). */
export const MAX_FAILED_LOGINS = 5;
/** Lock length after too many failures, in seconds. */
export const LOCK_SECONDS = 15 * 60;
/**
 * Failed attempts one IP may make for one login name within IP_WINDOW_SECONDS before that pair is
 * refused: one person's typos behind a shared address (office, school, mobile carrier) lock out
 * only themselves, and the account lock (MAX_FAILED_LOGINS) usually comes first.
 */
export const MAX_FAILED_PER_IP_ACCOUNT = 10;
/**
 * Failed attempts one IP may make over all login names within IP_WINDOW_SECONDS: the ceiling that
 * stops guessing across many accounts (a few per account stay under the pair limit), set far above
 * what the members of one shared network mistype.
 */
export const MAX_FAILED_PER_IP = 100;
/** Window of the per-IP limits, in seconds. */
export const IP_WINDOW_SECONDS = 15 * 60;

/** Context of one login attempt: the site, the client's IP (proxy-aware, see config TRUST_PROXY), the login name and the clock's time. */
export interface AttemptContext {
  siteId: number;
  ip: string;
  /** The e-mail address typed, as given; stored only as loginKey() (a hash). */
  email: string;
  now: Date;
}

/** The login name as stored with an attempt: SHA-256 of the trimmed, lower-cased e-mail, hex. */
export function loginKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/**
 * Refuses an attempt when its IP failed MAX_FAILED_PER_IP_ACCOUNT times for this login name, or
 * MAX_FAILED_PER_IP times over all names, in the last IP_WINDOW_SECONDS (15 minutes). The refused
 * attempt is recorded as a failure too.
 * @throws AppError rate_limited (429)
 */
export async function assertIpAllowed(db: Db, ctx: AttemptContext): Promise<void> {
  const since = new Date(ctx.now.getTime() - IP_WINDOW_SECONDS * 1000);
  const failed = await countFailedAttemptsFromIp(db, ctx.ip, loginKey(ctx.email), since);
  if (failed.forLogin < MAX_FAILED_PER_IP_ACCOUNT && failed.total < MAX_FAILED_PER_IP) return;
  await insertLoginAttempt(db, {
    site_id: ctx.siteId,
    ip: ctx.ip,
    login_key: loginKey(ctx.email),
    user_id: null,
    succeeded: false,
    created_at: ctx.now,
  });
  throw rateLimited();
}

/** Whole minutes (rounded up) an account stays locked, or 0 when it is not locked at `now`. */
export function lockMinutesLeft(user: UserRow, now: Date): number {
  if (!user.locked_until || user.locked_until <= now) return 0;
  return Math.ceil((user.locked_until.getTime() - now.getTime()) / 60_000);
}

/**
 * Records a failed attempt; for a known account counts it (unless `count` is false, as during a
 * lock), and the fifth in a row locks it.
 * @throws AppError too_many_attempts (429, data { minutes }) when this failure locked the account
 */
export async function registerFailure(db: Db, user: UserRow | null, ctx: AttemptContext, count = true): Promise<void> {
  await insertLoginAttempt(db, {
    site_id: ctx.siteId,
    ip: ctx.ip,
    login_key: loginKey(ctx.email),
    user_id: user?.id ?? null,
    succeeded: false,
    created_at: ctx.now,
  });
  if (!user || !count) return;
  const lockUntil = new Date(ctx.now.getTime() + LOCK_SECONDS * 1000);
  const locked = await recordLoginFailure(db, user.id, MAX_FAILED_LOGINS, lockUntil);
  if (locked) throw tooManyAttempts(Math.ceil(LOCK_SECONDS / 60));
}

/** Records a successful attempt and resets the failure count. */
export async function registerSuccess(db: Db, user: UserRow, ctx: AttemptContext): Promise<void> {
  await insertLoginAttempt(db, {
    site_id: ctx.siteId,
    ip: ctx.ip,
    login_key: loginKey(ctx.email),
    user_id: user.id,
    succeeded: true,
    created_at: ctx.now,
  });
  if (user.failed_logins > 0 || user.locked_until) await clearLoginFailures(db, user.id);
}
