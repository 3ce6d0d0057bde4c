import { type PasskeyCredential, passkeyCalls, type User } from '@app/contracts';
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { ApiError, call } from '../../lib/api';

/** Whether this browser can make and use passkeys (WebAuthn); the offer and the buttons need it. */
export function supportsPasskeys(): boolean {
  return browserSupportsWebAuthn();
}

/**
 * Adds a passkey to the logged-in member (issue: passkeys): the server's options, the browser's
 * dialog (navigator.credentials.create through @simplewebauthn/browser), then the answer to the
 * server. Throws the browser's error when the member cancels, ApiError when the server refuses.
 */
export async function addPasskey(name: string) {
  const options = await call(passkeyCalls.registerOptions);
  const credential = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return call(passkeyCalls.register, { body: { name, credential: credential as PasskeyCredential } });
}

/**
 * Logs in with a passkey of this site without an e-mail: the site's options, the browser's passkey
 * picker, the answer to the server. Answers the logged-in User as the password login does.
 */
export async function logInWithPasskey(): Promise<User> {
  const options = await call(passkeyCalls.loginOptions);
  const credential = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return call(passkeyCalls.login, { body: { credential: credential as PasskeyCredential } });
}

/** Whether an error is the browser's own (the member cancelled, or no passkey), not the server's answer. */
export function isBrowserCeremonyError(err: unknown): boolean {
  return err instanceof Error && !(err instanceof ApiError);
}
