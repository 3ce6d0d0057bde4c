import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { findOutbox, insertOutbox } from '../db/repositories/outbox.js';
import { translate } from '../i18n.js';
import type { JobPayloads } from '../jobs/kinds.js';
import type { JobQueue } from '../jobs/queue.js';
import { settleClaimedJob } from '../jobs/worker.js';
import { recordDelivery } from '../mail/outbox-delivery.js';
import type { OutgoingSms, SmsProvider } from './provider.js';
import { webhookSmsProvider } from './webhook.js';

export type { OutgoingSms, SmsProvider } from './provider.js';

/** Attempts to deliver an SMS (a code is useless after DIRECT_DEBIT_OTP.minutes anyway). */
export const SMS_MAX_ATTEMPTS = 5;
/** Seconds the sender holds its own claim on the send_sms job while it posts to the gateway (10 s timeout). */
const INLINE_LEASE_SECONDS = 60;

/** Sends SMS. Every SMS is logged in the outbox table (channel 'sms'), whatever the provider. */
export interface SmsSender {
  /**
   * Logs and delivers `sms`; a provider failure is stored with the outbox row, never thrown. With a
   * job queue the outbox row and a `send_sms` job are written first, so an SMS the gateway refused,
   * or one lost to a crash, is retried by the workers (docs/decisions/009-jobs.md).
   */
  send(sms: OutgoingSms): Promise<void>;
  /**
   * The `send_sms` job: delivers outbox SMS `payload.outbox_id` unless it was sent already or erased.
   * @throws the provider's error, so the queue retries with backoff
   */
  deliverQueued(payload: JobPayloads['send_sms']): Promise<void>;
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
 * `now` stamps created_at and sent_at. With `jobs` the first delivery still happens before `send`
 * returns (a member waits for the code), under the sender's own claim of the job.
 */
export function createSmsSender(
  config: Pick<Config, 'smsWebhookUrl' | 'smsWebhookToken' | 'smsFrom'>,
  db: Db,
  now: () => Date,
  provider: SmsProvider | undefined = config.smsWebhookUrl
    ? webhookSmsProvider(config.smsWebhookUrl, { token: config.smsWebhookToken })
    : undefined,
  jobs?: JobQueue,
): SmsSender {
  const deliver = async (id: number, sms: Pick<OutgoingSms, 'from' | 'to' | 'text'>): Promise<unknown> => {
    if (!provider) return undefined;
    return recordDelivery(db, id, now, () => provider.send({ from: sms.from, to: sms.to, text: sms.text }));
  };
  return {
    fromFor: (site) => config.smsFrom ?? (site.name.replace(/[^A-Za-z0-9]/g, '').slice(0, 11) || 'SMS'),
    async send(sms) {
      const queue = provider ? jobs : undefined;
      const stored = await db.transaction(async (tx) => {
        const id = await insertOutbox(tx as Db, {
          site_id: sms.siteId,
          channel: 'sms',
          kind: sms.kind,
          recipient: sms.to,
          subject: '',
          text: sms.text,
          created_at: now(),
        });
        const job = queue
          ? await queue.enqueue(
              tx,
              'send_sms',
              { outbox_id: id, from: sms.from },
              { maxAttempts: SMS_MAX_ATTEMPTS, claim: { leaseSeconds: INLINE_LEASE_SECONDS } },
            )
          : null;
        return { id, job };
      });
      const error = await deliver(stored.id, sms);
      const { job } = stored;
      if (job?.id && job.lockToken) {
        await settleClaimedJob(db, now(), { id: job.id, lockToken: job.lockToken, attempts: 1 }, error);
      }
    },
    async deliverQueued(payload) {
      const row = await findOutbox(db, payload.outbox_id);
      if (!row || row.sent_at) return;
      const error = await deliver(row.id, { from: payload.from, to: row.recipient, text: row.text });
      if (error !== undefined) throw error;
    },
  };
}
