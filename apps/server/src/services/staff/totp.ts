/**
 * The staff second factor: TOTP (RFC 6238, 30 s steps, 6 digits) through otplib, a QR code of the
 * otpauth URI through qrcode, and one-time recovery codes (issue: back office I, staff and access).
 */
import { createHash, randomBytes } from 'node:crypto';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** Seconds a code is accepted before and after its own step (one step either side for clock drift). */
const TOLERANCE_SECONDS = 30;
/** Length of a TOTP time step in seconds. */
const STEP_SECONDS = 30;
/** How many recovery codes an enrolment makes. */
export const RECOVERY_CODE_COUNT = 10;

/** A new base32 secret (160 bits). */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI an authenticator app reads: `issuer` names the back office, `label` the account. */
export function totpUri(secret: string, label: string, issuer: string): string {
  return generateURI({ issuer, label, secret });
}

/** The QR code of `uri` as an SVG document (shown at enrolment). */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/**
 * The time step (`floor(seconds / 30)`) a 6-digit `code` belongs to when it is valid for `secret` at
 * `now` (± one step), else null. The caller accepts each step once (repositories/staff claimTotpStep).
 */
export async function matchTotp(secret: string, code: string, now: Date): Promise<number | null> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({ secret, token, epoch, epochTolerance: TOLERANCE_SECONDS });
  return result.valid ? Math.floor(epoch / STEP_SECONDS) + result.delta : null;
}

/** The code of `secret` at `now` (tests and the demo; staff read theirs from an app). */
export function totpCode(secret: string, now: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
}

/** New recovery codes, `xxxxx-xxxxx` of lower-case base32 letters and digits (50 bits each). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** SHA-256 of a recovery code as typed (case, spaces and hyphens ignored): only this is stored. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(code.toLowerCase().replace(/[\s-]+/g, ''))
    .digest('hex');
}
