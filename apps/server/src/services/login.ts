import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../db/client.js';
import type { SiteRow } from '../db/repositories/sites.js';
import { findUserByEmail, type UserRow } from '../db/repositories/users.js';
import { loginFailed } from '../errors.js';

let dummyHash: Promise<string> | undefined;

/** A hash to verify against when the email is unknown, so both answers take the same time. */
function getDummyHash(): Promise<string> {
  dummyHash ??= hash('no-account-has-this-password');
  return dummyHash;
}

/**
 * Checks an email and password on a site (SPEC.md 4, session: logged out → logged in).
 * The same error and the same work for an unknown email and a wrong password (no enumeration).
 * @throws AppError login_failed (401) "Login mislukt, probeer opnieuw"
 */
export async function verifyLogin(db: Db, site: SiteRow, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(db, site.id, email);
  const ok = await verify(user?.password_hash ?? (await getDummyHash()), password).catch(() => false);
  if (!user || !ok) throw loginFailed();
  if (user.status === 'banned') throw loginFailed();
  return user;
}

/** Hashes a password with argon2id (library defaults: 19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}
