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
   * @throws on other failures (network, 5xx, 429), so the job retries
   */
  send(
    subscription: { endpoint: string; p256dh: string; auth: string },
    payload: string,
    opts: { ttlSeconds: number; topic?: string; urgency?: 'normal' | 'high' },
  ): Promise<'sent' | 'gone'>;
}
