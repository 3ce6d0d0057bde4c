/**
 * A software authenticator for the passkey tests (issue: passkeys): an ES256 key pair from
 * node:crypto, attestation "none", authenticatorData built by hand (WebAuthn Level 2, 6.1), so the
 * server's @simplewebauthn/server verifies real registration and login answers without a browser.
 * The browser journeys use Chromium's virtual authenticator instead (e2e/passkeys.spec.ts).
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer | string) => Buffer.from(bytes).toString('base64url');

/** Flags of authenticatorData: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

function authData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
  const head = Buffer.alloc(37);
  createHash('sha256').update(rpId).digest().copy(head, 0);
  head[32] = flags;
  head.writeUInt32BE(counter, 33);
  return attested ? Buffer.concat([head, attested]) : head;
}

/** One passkey held by the software authenticator. */
export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The next signature counter (0: an authenticator that keeps none). */
  counter: number;
  userHandle: string | undefined;

  constructor(
    /** The RP id the authenticator binds the passkey to (the page's host name in a browser). */
    readonly rpId: string,
    opts: { counter?: number } = {},
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
    this.counter = opts.counter ?? 1;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x as string, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y as string, 'base64url'))],
      ]),
    );
  }

  /**
   * A registration answer to creation `options` (as the server sent them) made at `origin`
   * (scheme://host:port of the page), like navigator.credentials.create() through @simplewebauthn/browser.
   */
  register(options: { challenge: string; user?: { id: string } }, origin: string) {
    this.userHandle = options.user?.id;
    const clientData = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin,
      crossOrigin: false,
    });
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, Buffer.from(this.coseKey())]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData(this.rpId, UP | UV | AT, this.counter, attested))],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /**
   * A login answer to request `options` made at `origin`, signed with the passkey's key; the counter
   * goes up by one first (unless it is 0, or `counter` sets the value sent).
   */
  authenticate(options: { challenge: string }, origin: string, opts: { counter?: number } = {}) {
    if (opts.counter !== undefined) this.counter = opts.counter;
    else if (this.counter > 0) this.counter += 1;
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin }));
    const data = authData(this.rpId, UP | UV, this.counter);
    const signature = sign(
      'sha256',
      Buffer.concat([data, createHash('sha256').update(clientData).digest()]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(data),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
