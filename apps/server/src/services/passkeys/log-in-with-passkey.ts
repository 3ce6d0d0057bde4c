import type { PasskeyCredential } from '@app/contracts';
import { findPasskeyByCredential, recordPasskeyUse } from '../../db/repositories/passkeys.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import { findUserById, type UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { tooManyAttempts } from '../access/access-errors.js';
import { admitMember } from '../access/login.js';
import { type AttemptContext, assertIpAllowed, lockMinutesLeft, registerFailure } from '../access/login-protection.js';
import { counterWentBack, passkeyFailed, takeOwnChallenge, verifyPasskeyUse } from './ceremony.js';
import { memberRelyingParty } from './relying-party.js';

/** Where a refused passkey login is reported (the route's request log); a counter going backwards is a cloned authenticator. */
export type PasskeyWarn = (message: string, data: Record<string, unknown>) => void;

/**
 * Logs a member in with a passkey (issue: passkeys) from the browser's answer to beginPasskeyLogin's
 * options: the challenge must be live, unused and this site's; the passkey must be a member's of
 * this site (another site's is refused and reported); origin and RP id are the site's configured
 * ones; the signature and user verification must verify; a signature counter that goes backwards
 * (both non-zero) is refused and reported. Then the password login's rules apply (login-protection:
 * the per-IP limits, the account lock, five failures lock it; admitMember: banned, suspended,
 * pending deletion). Input `{ site, credential, ip, warn }`. Answers the member; the route starts the
 * same session as after a password.
 * @throws AppError passkey_failed (400) for anything that does not verify
 * @throws AppError too_many_attempts (429, data { minutes }) while the account is locked
 * @throws AppError rate_limited (429) for an IP over its limit
 * @throws AppError account_banned, account_suspended, account_pending_deletion (403) as a password login
 */
export async function logInWithPasskey(
  { db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { site: SiteRow; credential: PasskeyCredential; ip: string; warn: PasskeyWarn },
): Promise<UserRow> {
  const { site, credential } = input;
  const now = clock.now();
  // Before the member is known, the attempt's login name is the credential id (stored hashed).
  const anonymous: AttemptContext = { siteId: site.id, ip: input.ip, email: `passkey:${credential.id}`, now };
  await assertIpAllowed(db, anonymous);
  const refuse = async (user: UserRow | null, ctx: AttemptContext): Promise<never> => {
    await registerFailure(db, user, ctx);
    throw passkeyFailed();
  };
  const challenge = await takeOwnChallenge(db, credential, 'member_login', { siteId: site.id }, now).catch(() =>
    refuse(null, anonymous),
  );
  const passkey = await findPasskeyByCredential(db, credential.id);
  if (!passkey?.user_id) return refuse(null, anonymous);
  if (passkey.site_id !== site.id) {
    input.warn('passkey of another site refused', {
      passkeyId: passkey.id,
      siteId: site.id,
      passkeySiteId: passkey.site_id,
    });
    return refuse(null, anonymous);
  }
  const user = await findUserById(db, passkey.user_id);
  if (!user || user.site_id !== site.id) return refuse(null, anonymous);
  const ctx: AttemptContext = { ...anonymous, email: user.email };
  const minutesLeft = lockMinutesLeft(user, now);
  if (minutesLeft > 0) {
    await registerFailure(db, user, ctx, false);
    throw tooManyAttempts(minutesLeft);
  }
  const counter = await verifyPasskeyUse(
    memberRelyingParty(site, config),
    credential,
    challenge.challenge,
    passkey,
  ).catch(() => refuse(user, ctx));
  if (counterWentBack(passkey.counter, counter)) {
    input.warn('passkey counter went backwards: refused', {
      passkeyId: passkey.id,
      userId: user.id,
      stored: passkey.counter,
      received: counter,
    });
    return refuse(user, ctx);
  }
  // Conditional on the counter read above: of two logins with one answer only one moves it.
  if (!(await recordPasskeyUse(db, passkey.id, passkey.counter, counter, now))) return refuse(user, ctx);
  return admitMember(db, user, ctx);
}
