import { createECDH, createPublicKey, type ECDH, randomBytes, randomUUID, verify } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';

/** What http_ece (no type declarations) offers the tests: RFC 8188 decryption as a push receiver. */
interface Ece {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
}
const ece = createRequire(import.meta.url)('http_ece') as Ece;

/** One request the fake push service received. */
export interface RecordedPush {
  /** The endpoint's id (the last path segment). */
  id: string;
  method: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The status it answered. */
  status: number;
}

/**
 * A push service on 127.0.0.1 that records every request. Each endpoint is `<url>/push/<id>`; it
 * answers 201 Created unless `answer(id, status)` said otherwise (410 Gone, 404, 500, ...).
 */
export interface FakePushService {
  url: string;
  requests: RecordedPush[];
  /** The requests to endpoint `id`. */
  requestsFor(id: string): RecordedPush[];
  /** Answer `status` to every later request for endpoint `id`. */
  answer(id: string, status: number): void;
  close(): Promise<void>;
}

/** Starts the fake push service on a random loopback port. */
export async function startFakePushService(): Promise<FakePushService> {
  const requests: RecordedPush[] = [];
  const answers = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (req.url ?? '').split('?')[0]?.split('/').pop() ?? '';
      const status = answers.get(id) ?? 201;
      requests.push({ id, method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks), status });
      res.writeHead(status, { location: `/message/${randomUUID()}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    requestsFor: (id) => requests.filter((r) => r.id === id),
    answer: (id, status) => answers.set(id, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's push subscription made in the test: a real P-256 key pair and auth secret. */
export interface TestSubscription {
  id: string;
  /** As the browser's `subscription.toJSON()` gives it (the API's `{subscription}`). */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** The receiver's private key, to decrypt what the service got. */
  ecdh: ECDH;
}

/** A subscription at endpoint `<base>/push/<id>` (the fake push service's, or any other URL base). */
export function makeTestSubscription(base: string, id: string = randomUUID()): TestSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    id,
    json: {
      endpoint: `${base}/push/${id}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    },
    ecdh,
  };
}

/** Decrypts a recorded push body (RFC 8291, aes128gcm) with the subscription's keys; answers the JSON it carried. */
export function decryptPush(push: RecordedPush, subscription: TestSubscription): unknown {
  const plain = ece.decrypt(push.body, {
    version: 'aes128gcm',
    privateKey: subscription.ecdh,
    authSecret: subscription.json.keys.auth,
  });
  return JSON.parse(plain.toString('utf8'));
}

/** The VAPID claims of a push, once the signature checked out. */
export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
  /** The `k=` public key of the Authorization header. */
  key: string;
}

/**
 * Checks the RFC 8292 `Authorization: vapid t=<JWT>, k=<key>` header of a push: `k` must be
 * `publicKey` (base64url, the deployment's), the JWT's header ES256, and its signature valid for
 * that key. Answers the claims.
 * @throws when the header is missing or malformed, the key differs or the signature fails
 */
export function verifyVapid(push: RecordedPush, publicKey: string): VapidClaims {
  const header = String(push.headers.authorization ?? '');
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, jwt = '', key = ''] = match;
  if (key !== publicKey) throw new Error(`signed with another key: ${key}`);
  const [head = '', body = '', signature = ''] = jwt.split('.');
  const alg = (JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string }).alg;
  if (alg !== 'ES256') throw new Error(`JWT algorithm ${alg}`);
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const isValid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!isValid) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Omit<VapidClaims, 'key'>;
  return { ...claims, key };
}
