import { z } from 'zod';
import { text } from './text.js';

/**
 * Passkeys (WebAuthn) of members and staff (issue: passkeys; docs/decisions/022-passkeys.md). The
 * options and responses are WebAuthn's JSON forms as @simplewebauthn/browser sends and takes them;
 * the server checks them, the schemas only bound their size.
 */

const base64url = () =>
  text()
    .max(4096)
    .regex(/^[A-Za-z0-9_-]*$/, 'base64url');

/** The options of a registration or login ceremony (PublicKeyCredentialCreation/RequestOptionsJSON). */
export const PasskeyOptionsSchema = z
  .object({ challenge: text() })
  .catchall(z.unknown())
  .meta({ id: 'PasskeyOptions', description: "WebAuthn options for the browser's navigator.credentials call" });
export type PasskeyOptions = z.infer<typeof PasskeyOptionsSchema>;

/** A browser's answer to navigator.credentials (RegistrationResponseJSON or AuthenticationResponseJSON). */
export const PasskeyCredentialSchema = z
  .object({
    id: base64url(),
    rawId: base64url(),
    type: z.literal('public-key'),
    response: z
      .object({
        clientDataJSON: base64url(),
        attestationObject: base64url().optional(),
        authenticatorData: base64url().optional(),
        signature: base64url().optional(),
        userHandle: base64url().optional(),
        transports: z.array(text().max(32)).max(10).optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        publicKey: base64url().optional(),
      })
      .strip(),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: z.record(text().max(64), z.unknown()).default({}),
  })
  .meta({ id: 'PasskeyCredential' });
export type PasskeyCredential = z.infer<typeof PasskeyCredentialSchema>;

/** Adds a passkey: the browser's registration answer and a name (empty: the server names it by date). */
export const PasskeyRegisterBodySchema = z.object({
  name: text().trim().max(60).default(''),
  credential: PasskeyCredentialSchema,
});

/** Logs in with a passkey: the browser's answer to the login options. */
export const PasskeyLoginBodySchema = z.object({ credential: PasskeyCredentialSchema });

/** One passkey as its owner sees it. */
export const PasskeySchema = z
  .object({
    id: z.number().int(),
    name: text(),
    /** ISO time. */
    created_at: text(),
    /** ISO time of the last login with it; null before the first. */
    last_used_at: text().nullable(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof PasskeySchema>;

/** A member's passkeys and whether to offer adding one (no passkey, offer not dismissed). */
export const PasskeyListSchema = z
  .object({ passkeys: z.array(PasskeySchema), offer: z.boolean() })
  .meta({ id: 'PasskeyList' });
export type PasskeyList = z.infer<typeof PasskeyListSchema>;

/** Removes one of the caller's passkeys. */
export const PasskeyIdBodySchema = z.object({ id: z.number().int().positive() });
