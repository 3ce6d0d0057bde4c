import { createPublicKey } from 'node:crypto';

/**
 * Hosts of the browsers' push services (Chrome and Edge through FCM, Firefox, Windows, Safari). A
 * subscription's endpoint must be https at one of them or below one of them (docs/security.md,
 * server-side request forgery through push).
 */
export const KNOWN_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
] as const;

/** Whether `hostname` is `suffix` or a name below it (`wns2-db5p.notify.windows.com`). */
function isAtOrBelow(hostname: string, suffix: string): boolean {
  return hostname === suffix || hostname.endsWith(`.${suffix}`);
}

/**
 * Whether the server may send pushes to `endpoint` (docs/decisions/013-notifications.md): https on
 * the default port at a known push service, or a host the operator names in PUSH_ENDPOINT_HOSTS
 * (`extraHosts`, lower case, as `host` or `host:port`; http allowed there, for a push service of
 * the operator's own or a test's). Never a URL with credentials. Anything else would let a member
 * make the server post to internal addresses.
 */
export function isAllowedPushEndpoint(endpoint: string, extraHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const hostname = url.hostname.toLowerCase();
  if (extraHosts.includes(hostname) || extraHosts.includes(url.host.toLowerCase())) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  return KNOWN_PUSH_SERVICE_HOSTS.some((suffix) => isAtOrBelow(hostname, suffix));
}

/**
 * Whether a subscription's keys can encrypt a payload (RFC 8291): `p256dh` an uncompressed point
 * on P-256 (65 bytes, base64url) and `auth` a 16-byte secret. Checked when a subscription is
 * attached, so a send never fails on the keys.
 */
export function isUsablePushKey(p256dh: string, auth: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  if (Buffer.from(auth, 'base64url').length !== 16) return false;
  if (point.length !== 65 || point[0] !== 0x04) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}
