import type { PasskeyCredential, PasskeyOptions } from '@app/contracts';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Db } from '../../db/client.js';
import {
  type ChallengePurpose,
  type ChallengeRow,
  insertChallenge,
  type PasskeyRow,
  takeChallenge,
} from '../../db/repositories/passkeys.js';
import { AppError } from '../../errors.js';
import type { RelyingParty } from './relying-party.js';

/** Seconds a ceremony's challenge stays usable (issue: passkeys: single use, short-lived). */
export const CHALLENGE_SECONDS = 5 * 60;

/** 400 passkey_failed: the ceremony could not be verified (one answer for every reason, as for a password). */
export const passkeyFailed = () => new AppError('passkey_failed', 400);

/** Where a challenge belongs: the site of a member ceremony, the member or the staff account. */
export interface ChallengeOwner {
  siteId?: number | null;
  userId?: number | null;
  staffId?: number | null;
}

type Transport = NonNullable<PublicKeyCredentialCreationOptionsJSON['excludeCredentials']>[number]['transports'];

/** A stored passkey as a descriptor for `excludeCredentials` / `allowCredentials`. */
function descriptor(row: PasskeyRow): { id: string; transports: Transport } {
  return { id: row.credential_id, transports: row.transports as Transport };
}

/**
 * Creation options for a new passkey (a discoverable credential, user verification required,
 * attestation none), its challenge stored for `purpose` and `owner` for CHALLENGE_SECONDS. `existing`
 * are the owner's passkeys, which the authenticator must not register twice. `userHandle`: the
 * opaque WebAuthn user id (bytes), `userName`: what the browser's dialog shows.
 */
export async function creationOptions(
  db: Db,
  rp: RelyingParty,
  input: {
    purpose: Extract<ChallengePurpose, 'member_register' | 'staff_register'>;
    owner: ChallengeOwner;
    userHandle: Uint8Array;
    userName: string;
    existing: PasskeyRow[];
    now: Date;
  },
): Promise<PasskeyOptions> {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.rpId,
    userName: input.userName,
    userID: input.userHandle as Uint8Array<ArrayBuffer>,
    attestationType: 'none',
    excludeCredentials: input.existing.map(descriptor),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CHALLENGE_SECONDS * 1000,
  });
  await storeChallenge(db, options.challenge, input.purpose, input.owner, input.now);
  // WebAuthn's JSON form, answered as it is (contracts PasskeyOptionsSchema keeps every field); the
  // library's interface has no index signature, so it converts through unknown.
  return options as unknown as PasskeyOptions;
}

/**
 * Request (login) options: for a member login no allowed list (the browser offers the site's
 * discoverable passkeys), for staff the account's passkeys; user verification required.
 */
export async function requestOptions(
  db: Db,
  rp: RelyingParty,
  input: {
    purpose: Extract<ChallengePurpose, 'member_login' | 'staff_login'>;
    owner: ChallengeOwner;
    allow?: PasskeyRow[];
    now: Date;
  },
): Promise<PasskeyOptions> {
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    allowCredentials: input.allow?.map(descriptor),
    userVerification: 'required',
    timeout: CHALLENGE_SECONDS * 1000,
  });
  await storeChallenge(db, options.challenge, input.purpose, input.owner, input.now);
  return options as unknown as PasskeyOptions;
}

async function storeChallenge(db: Db, challenge: string, purpose: ChallengePurpose, owner: ChallengeOwner, now: Date) {
  await insertChallenge(
    db,
    {
      challenge,
      purpose,
      site_id: owner.siteId ?? null,
      user_id: owner.userId ?? null,
      staff_id: owner.staffId ?? null,
      expires_at: new Date(now.getTime() + CHALLENGE_SECONDS * 1000),
    },
    now,
  );
}

/**
 * Takes the challenge the browser signed (from clientDataJSON) once, if it is live, of `purpose` and
 * belongs to `owner` (every field given must match).
 * @throws AppError passkey_failed (400) for a missing, used, expired or foreign challenge
 */
export async function takeOwnChallenge(
  db: Db,
  credential: PasskeyCredential,
  purpose: ChallengePurpose,
  owner: ChallengeOwner,
  now: Date,
): Promise<ChallengeRow> {
  let challenge: unknown;
  try {
    challenge = JSON.parse(isoBase64URL.toUTF8String(credential.response.clientDataJSON)).challenge;
  } catch {
    throw passkeyFailed();
  }
  if (typeof challenge !== 'string' || challenge.length === 0 || challenge.length > 512) throw passkeyFailed();
  const row = await takeChallenge(db, challenge, purpose, now);
  if (!row) throw passkeyFailed();
  const mismatch = (key: keyof ChallengeOwner, column: number | null) =>
    owner[key] !== undefined && owner[key] !== column;
  if (mismatch('siteId', row.site_id) || mismatch('userId', row.user_id) || mismatch('staffId', row.staff_id)) {
    throw passkeyFailed();
  }
  return row;
}

/** A verified new passkey, ready to store. */
export interface NewPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  backedUp: boolean;
}

/**
 * Verifies a registration answer against the challenge, the relying party's origin and RP id
 * (attestation none; user verification required).
 * @throws AppError passkey_failed (400) when it does not verify
 */
export async function verifyNewPasskey(
  rp: RelyingParty,
  credential: PasskeyCredential,
  challenge: string,
): Promise<NewPasskey> {
  try {
    const result = await verifyRegistrationResponse({
      response: credential as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
    });
    if (!result.verified) throw passkeyFailed();
    const { credential: made, credentialBackedUp } = result.registrationInfo;
    return {
      credentialId: made.id,
      publicKey: isoBase64URL.fromBuffer(made.publicKey),
      counter: made.counter,
      transports: (credential.response.transports ?? made.transports ?? []).slice(0, 10),
      backedUp: credentialBackedUp,
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw passkeyFailed();
  }
}

/** The signature counter in an assertion's authenticatorData (bytes 33–36, big-endian); null when unreadable. */
export function assertionCounter(credential: PasskeyCredential): number | null {
  const data = credential.response.authenticatorData;
  if (!data) return null;
  try {
    const bytes = isoBase64URL.toBuffer(data);
    if (bytes.length < 37) return null;
    return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(33);
  } catch {
    return null;
  }
}

/** Whether a counter went backwards: both the stored and the new counter are non-zero and the new one is not higher. */
export function counterWentBack(stored: number, next: number): boolean {
  return stored > 0 && next > 0 && next <= stored;
}

/**
 * Verifies a login answer with the stored passkey: signature, challenge, origin, RP id, user
 * verification. The counter rule (counterWentBack) is the caller's, checked after this succeeds, so
 * only a validly signed answer is logged as a cloned authenticator. Answers the new counter.
 * @throws AppError passkey_failed (400) when it does not verify
 */
export async function verifyPasskeyUse(
  rp: RelyingParty,
  credential: PasskeyCredential,
  challenge: string,
  passkey: PasskeyRow,
): Promise<number> {
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
      // The library's own counter check also refuses a stored counter with a new 0; ours is counterWentBack.
      credential: {
        id: passkey.credential_id,
        publicKey: isoBase64URL.toBuffer(passkey.public_key),
        counter: 0,
        transports: passkey.transports as Transport,
      },
    });
    if (!result.verified) throw passkeyFailed();
    return result.authenticationInfo.newCounter;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw passkeyFailed();
  }
}

/** A new passkey's default name: the date it was added (YYYY-MM-DD), when its owner gave none. */
export function passkeyName(name: string, now: Date): string {
  return name.trim() || now.toISOString().slice(0, 10);
}
