/** How urgently a push service should wake the device (RFC 8030 5.3). */
export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

/** What one push to one device should carry besides its payload. */
export interface PushSendOptions {
  /** Seconds the push service keeps the push for an offline device (RFC 8030 `TTL`). */
  ttlSeconds: number;
  /**
   * Replaces an undelivered push with the same topic at the push service (RFC 8030 `Topic`): at
   * most 32 URL-safe base64 characters (`pushTopic` in services/notifications/push-payload.ts).
   */
  topic?: string;
  urgency?: PushUrgency;
}

/** A browser's push subscription as stored: its push service URL and the keys of the payload encryption. */
export interface PushTarget {
  endpoint: string;
  /** The browser's P-256 public key (base64url, 65 bytes uncompressed). */
  p256dh: string;
  /** The browser's auth secret (base64url, 16 bytes). */
  auth: string;
}

/**
 * A push the push service did not take. `isTransient` tells a failure worth retrying (network,
 * timeout, 408, 429, 5xx, an unusable VAPID configuration) from a refusal that a retry would only
 * repeat (400, 401, 403 — e.g. a subscription made with another VAPID key — 413, other answers).
 */
export class PushDeliveryError extends Error {
  constructor(
    message: string,
    /** The push service's HTTP status; null when no answer came. */
    readonly statusCode: number | null,
    readonly isTransient: boolean,
  ) {
    super(message);
    this.name = 'PushDeliveryError';
  }
}

/**
 * Sends Web Push messages (issue: notifications): the payload encrypted for one subscription
 * (RFC 8291 aes128gcm) and signed with the deployment's VAPID key (RFC 8292).
 */
export interface PushSender {
  /**
   * Delivers `payload` (JSON text) to `subscription`. `ttlSeconds` is how long the push service
   * keeps it for an offline device; `topic` replaces an undelivered push with the same topic.
   * Answers `gone` when the push service says the subscription no longer exists (404/410),
   * so the caller deletes it.
   * @throws PushDeliveryError on other failures: `isTransient` for network, timeout, 408, 429 and
   *   5xx (the job retries), not for refusals (400, 401, 403, 413, ...)
   */
  send(subscription: PushTarget, payload: string, opts: PushSendOptions): Promise<'sent' | 'gone'>;
}
