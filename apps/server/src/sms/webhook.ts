import type { SmsProvider } from './provider.js';

/** Seconds the gateway gets to accept an SMS. */
const TIMEOUT_SECONDS = 10;

/**
 * An SMS provider that POSTs `{ from, to, text }` as JSON to `url` (a small relay in front of any
 * SMS service: MessageBird, Twilio, an operator's HTTP API), with `Authorization: Bearer <token>`
 * when a token is given. Any 2xx answer counts as accepted.
 * @throws Error on a non-2xx answer, a network failure or after 10 seconds
 */
export function webhookSmsProvider(url: string, opts: { token?: string | undefined } = {}): SmsProvider {
  return {
    async send(sms) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      const res = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ from: sms.from, to: sms.to, text: sms.text }),
        signal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000),
      });
      if (!res.ok) {
        const detail = (await res.text().catch(() => '')).slice(0, 200);
        throw new Error(`SMS gateway answered ${res.status}${detail ? `: ${detail}` : ''}`);
      }
    },
  };
}
