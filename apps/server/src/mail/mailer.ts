import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { findOutbox, insertOutbox } from '../db/repositories/outbox.js';
import type { DbOrTx } from '../db/repositories/photos.js';
import type { JobPayloads } from '../jobs/kinds.js';
import type { JobQueue } from '../jobs/queue.js';
import { recordDelivery } from './outbox-delivery.js';

/** Attempts to deliver a mail through SMTP: with the queue's backoff about 2.3 hours of retries. */
export const MAIL_MAX_ATTEMPTS = 12;

/** A rendered mail ready to go out. */
export interface OutgoingMail {
  siteId: number;
  /**
   * What the mail is for: activation, password_reset, mail_change, mail_change_notice,
   * deletion_confirmed, reactivation, …; notification mails notify_message, notify_like,
   * notify_match and digest.
   */
  kind: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra header lines by name, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` of notification
   * mails (RFC 2369, RFC 8058). Kept in `outbox.headers` and handed to the SMTP transport.
   */
  headers?: Record<string, string> | undefined;
}

/** Something that delivers a mail for real (SMTP); throws when it was not accepted. */
export interface MailTransport {
  deliver(mail: OutgoingMail): Promise<void>;
}

/** Sends mail. Every mail is logged in the outbox table, whatever the transport. */
export interface Mailer {
  /**
   * Logs `mail` in the outbox (in `opts.tx` when given, so a rollback drops it) and has it
   * delivered: with a job queue a `send_mail` job is written with the outbox row and the worker
   * delivers it (docs/decisions/009-jobs.md); without one it is delivered before this returns. A
   * transport failure is stored with the outbox row, never thrown. Without SMTP the outbox row is
   * the whole delivery (/dev/outbox).
   */
  send(mail: OutgoingMail, opts?: { tx?: DbOrTx }): Promise<void>;
  /**
   * The `send_mail` job: delivers outbox mail `payload.outbox_id` unless it was sent already or
   * erased, and records the outcome on the row.
   * @throws the transport's error, so the queue retries with backoff
   */
  deliverQueued(payload: JobPayloads['send_mail']): Promise<void>;
  /** The sender when SMTP_FROM is unset: `"<mail_name>" <noreply@<domain>>`. */
  fromFor(site: { mail_name: string; domain: string }): string;
}

/** Delivers through an SMTP server with nodemailer. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async deliver(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
  };
}

/**
 * The mailer of the app: SMTP when `config.smtpUrl` is set, otherwise the local outbox only
 * (DECISIONS.md: mail stays in an outbox shown at /dev/outbox when no SMTP server is configured).
 * `now` stamps created_at and sent_at. With `jobs` (the app's queue) SMTP delivery is a durable
 * job; without it (commands, unit tests) it happens inline.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'smtpFrom'>,
  db: Db,
  now: () => Date,
  transport: MailTransport | undefined = config.smtpUrl ? smtpTransport(config.smtpUrl) : undefined,
  jobs?: JobQueue,
): Mailer {
  const log = (tx: DbOrTx, mail: OutgoingMail) =>
    insertOutbox(tx as Db, {
      site_id: mail.siteId,
      channel: 'mail',
      kind: mail.kind,
      recipient: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers ?? null,
      created_at: now(),
    });
  const deliver = async (id: number, mail: OutgoingMail, rethrow: boolean) => {
    if (!transport) return;
    const error = await recordDelivery(db, id, now, () => transport.deliver(mail));
    if (error !== undefined && rethrow) throw error;
  };
  return {
    fromFor: (site) => config.smtpFrom ?? `"${site.mail_name.replace(/["\\]/g, '')}" <noreply@${site.domain}>`,
    async send(mail, opts = {}) {
      if (transport && jobs) {
        const queue = jobs;
        const write = async (tx: DbOrTx) => {
          const id = await log(tx, mail);
          await queue.enqueue(tx, 'send_mail', { outbox_id: id, from: mail.from }, { maxAttempts: MAIL_MAX_ATTEMPTS });
        };
        await (opts.tx ? write(opts.tx) : db.transaction(write));
        return;
      }
      const id = await log(opts.tx ?? db, mail);
      // Without a queue, a mail inside a caller's transaction is only logged: delivering it before the
      // commit would send a mail a rollback cannot take back.
      if (!opts.tx) await deliver(id, mail, false);
    },
    async deliverQueued(payload) {
      const row = await findOutbox(db, payload.outbox_id);
      if (!row || row.sent_at) return;
      const mail: OutgoingMail = {
        siteId: row.site_id,
        kind: row.kind,
        from: payload.from,
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html ?? '',
        headers: row.headers ?? undefined,
      };
      await deliver(row.id, mail, true);
    },
  };
}
