import type { Db } from '../db/client.js';
import { countFailedAttemptsFromIp, insertLoginAttempt } from '../db/repositories/login-attempts.js';
import { clearLoginFailures, recordLoginFailure, type UserRow } from '../db/repositories/users.js';
import { rateLimited, tooManyAttempts } from './access-errors.js';

/** Consecutive failures that lock an account (SPEC.md 8: "Te veel foute pogingen"). */
export const MAX_FAILED_LOGINS = 5;
/** Lock length after too many failures, in seconds. */
export const LOCK_SECONDS = 15 * 60;
/** Failed attempts one IP may make within IP_WINDOW_SECONDS before it is refused. */
export const MAX_FAILED_PER_IP = 20;
/** Window of the per-IP limit, in seconds. */
export const IP_WINDOW_SECONDS = 15 * 60;

/** Context of one login attempt: the client's IP and the injected clock's time. */
export interface AttemptContext {
  siteId: number;
  ip: string;
  now: Date;
}

/**
 * Refuses an IP that failed more than MAX_FAILED_PER_IP times in the last 15 minutes.
 * @throws AppError rate_limited (429)
 */
export async function assertIpAllowed(db: Db, ctx: AttemptContext): Promise<void> {
  const since = new Date(ctx.now.getTime() - IP_WINDOW_SECONDS * 1000);
  const failed = await countFailedAttemptsFromIp(db, ctx.ip, since);
  if (failed < MAX_FAILED_PER_IP) return;
  await insertLoginAttempt(db, {
    site_id: ctx.siteId,
    ip: ctx.ip,
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
    user_id: user.id,
    succeeded: true,
    created_at: ctx.now,
  });
  if (user.failed_logins > 0 || user.locked_until) await clearLoginFailures(db, user.id);
}
