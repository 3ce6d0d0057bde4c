import webpush, { type RequestDetails } from 'web-push';
import type { DeploymentSecrets } from '../secrets.js';
import { PushDeliveryError, type PushSender } from './push-sender.js';

/** Milliseconds a push service has to answer before the attempt counts as a transient failure. */
export const PUSH_TIMEOUT_MS = 10_000;

/** Statuses after which a push service may take the same push later (RFC 8030 8, 429 and 5xx). */
function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** The VAPID configuration's fault, or null when web-push accepts it (checked once, on first send). */
function vapidProblem(vapid: DeploymentSecrets['vapid'], subject: string): Error | null {
  try {
    webpush.getVapidHeaders('https://push.example', subject, vapid.publicKey, vapid.privateKey, 'aes128gcm');
    return null;
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

/**
 * The Web Push sender of the deployment, with its VAPID keys and `subject` (mailto: or https:).
 * The web-push library encrypts the payload for the subscription (aes128gcm) and signs the VAPID
 * JWT (ES256, `aud` the endpoint's origin, 12 hours); the request goes out with fetch, which also
 * reaches an http push service named in PUSH_ENDPOINT_HOSTS and never follows a redirect (the
 * endpoint rule of push-endpoints.ts must hold for the address actually called).
 */
export function createPushSender(vapid: DeploymentSecrets['vapid'], subject: string): PushSender {
  let configChecked = false;
  let configError: Error | null = null;
  return {
    async send(subscription, payload, opts) {
      if (!configChecked) {
        configError = vapidProblem(vapid, subject);
        configChecked = true;
      }
      if (configError) throw new PushDeliveryError(`VAPID configuration: ${configError.message}`, null, true);
      let details: RequestDetails;
      try {
        details = webpush.generateRequestDetails(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          payload,
          {
            vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
            TTL: opts.ttlSeconds,
            contentEncoding: 'aes128gcm',
            urgency: opts.urgency ?? 'normal',
            ...(opts.topic ? { topic: opts.topic } : {}),
          },
        );
      } catch (err) {
        throw new PushDeliveryError(`push not encrypted: ${(err as Error).message}`, null, false);
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) {
        // fetch sets the length of the body itself.
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      }
      let res: Response;
      try {
        res = await fetch(details.endpoint, {
          method: details.method,
          headers,
          body: details.body ? new Uint8Array(details.body) : null,
          redirect: 'manual',
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
      } catch (err) {
        throw new PushDeliveryError(`push service unreachable: ${(err as Error).message}`, null, true);
      }
      // Read the (short) answer so the connection can be reused.
      await res.arrayBuffer().catch(() => undefined);
      if (res.status >= 200 && res.status < 300) return 'sent';
      if (res.status === 404 || res.status === 410) return 'gone';
      throw new PushDeliveryError(`push service answered ${res.status}`, res.status, isTransientStatus(res.status));
    },
  };
}
