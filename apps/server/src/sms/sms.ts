import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { insertOutbox, markOutboxResult } from '../db/repositories/outbox.js';
import { translate } from '../i18n.js';
import type { OutgoingSms, SmsProvider } from './provider.js';
import { webhookSmsProvider } from './webhook.js';

export type { OutgoingSms, SmsProvider } from './provider.js';

/** Sends SMS. Every SMS is logged in the outbox table (channel 'sms'), whatever the provider. */
export interface SmsSender {
  /** Logs and delivers `sms`; a provider failure is stored with the outbox row, never thrown. */
  send(sms: OutgoingSms): Promise<void>;
  /** The sender when SMS_FROM is unset: the site name, letters and digits only, at most 11. */
  fromFor(site: { name: string }): string;
}

/** Kinds of SMS the app sends, each rendered from `sms_<kind>` in locales/<lng>/mail.json. */
export type SmsKind = 'direct_debit_code';

/** Renders an SMS text in `locale` (Dutch when missing) with `{{name}}` values; `site` is always set. */
export function renderSms(kind: SmsKind, locale: string, values: Record<string, string | number>): string {
  return translate(locale, 'mail', `sms_${kind}`, values);
}

/**
 * The SMS sender of the app: the HTTP gateway when `config.smsWebhookUrl` is set, otherwise the
 * local outbox only, shown at /dev/outbox (DECISIONS.md: SMS works the same way as mail).
 * `now` stamps created_at and sent_at.
 */
export function createSmsSender(
  config: Pick<Config, 'smsWebhookUrl' | 'smsWebhookToken' | 'smsFrom'>,
  db: Db,
  now: () => Date,
  provider: SmsProvider | undefined = config.smsWebhookUrl
    ? webhookSmsProvider(config.smsWebhookUrl, { token: config.smsWebhookToken })
    : undefined,
): SmsSender {
  return {
    fromFor: (site) => config.smsFrom ?? (site.name.replace(/[^A-Za-z0-9]/g, '').slice(0, 11) || 'SMS'),
    async send(sms) {
      const id = await insertOutbox(db, {
        site_id: sms.siteId,
        channel: 'sms',
        kind: sms.kind,
        recipient: sms.to,
        subject: '',
        text: sms.text,
        created_at: now(),
      });
      if (!provider) return;
      try {
        await provider.send({ from: sms.from, to: sms.to, text: sms.text });
        await markOutboxResult(db, id, { sentAt: now() });
      } catch (err) {
        await markOutboxResult(db, id, { error: err instanceof Error ? err.message : String(err) });
      }
    },
  };
}
