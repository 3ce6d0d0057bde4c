import { createHash } from 'node:crypto';

/**
 * The WebAuthn user handle of a member on a site: 32 opaque bytes (SHA-256 of site and member id),
 * the same at every registration, so an authenticator keeps one passkey per member and site and
 * nothing personal is stored on it.
 */
export function memberUserHandle(siteId: number, userId: number): Uint8Array {
  return new Uint8Array(createHash('sha256').update(`member:${siteId}:${userId}`).digest());
}

/** The WebAuthn user handle of a staff account (SHA-256 of its id). */
export function staffUserHandle(staffId: number): Uint8Array {
  return new Uint8Array(createHash('sha256').update(`staff:${staffId}`).digest());
}
