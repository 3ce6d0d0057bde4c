import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { insertOutbox, markOutboxResult } from '../db/repositories/outbox.js';

/** A rendered mail ready to go out. */
export interface OutgoingMail {
  siteId: number;
  /** What the mail is for: activation, password_reset, mail_change, mail_change_notice, deletion_confirmed, reactivation. */
  kind: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Something that delivers a mail for real (SMTP); throws when it was not accepted. */
export interface MailTransport {
  deliver(mail: OutgoingMail): Promise<void>;
}

/** Sends mail. Every mail is logged in the outbox table, whatever the transport. */
export interface Mailer {
  /** Logs and delivers `mail`; a transport failure is stored with the outbox row, never thrown. */
  send(mail: OutgoingMail): Promise<void>;
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
      });
    },
  };
}

/**
 * The mailer of the app: SMTP when `config.smtpUrl` is set, otherwise the local outbox only
 * (DECISIONS.md: mail stays in an outbox shown at /dev/outbox when no SMTP server is configured).
 * `now` stamps sent_at when the transport accepted the mail.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'smtpFrom'>,
  db: Db,
  now: () => Date,
  transport: MailTransport | undefined = config.smtpUrl ? smtpTransport(config.smtpUrl) : undefined,
): Mailer {
  return {
    fromFor: (site) => config.smtpFrom ?? `"${site.mail_name.replace(/["\\]/g, '')}" <noreply@${site.domain}>`,
    async send(mail) {
      const id = await insertOutbox(db, {
        site_id: mail.siteId,
        channel: 'mail',
        kind: mail.kind,
        recipient: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        created_at: now(),
      });
      if (!transport) return;
      try {
        await transport.deliver(mail);
        await markOutboxResult(db, id, { sentAt: now() });
      } catch (err) {
        await markOutboxResult(db, id, { error: err instanceof Error ? err.message : String(err) });
      }
    },
  };
}
