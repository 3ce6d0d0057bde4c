import type { Db } from '../../db/client.js';
import { markBatchSent, takeBatch } from '../../db/repositories/notification-batches.js';
import { findMailRecipientByUser } from '../../db/repositories/notification-mail.js';
import { findSiteById } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import type { JobPayloads } from '../../jobs/kinds.js';
import { renderNotificationMail } from '../../mail/notification-templates.js';
import { buildNotificationMail, mailFrame } from './mail-notification-content.js';
import { isRecipientOnline, mayGetNotificationMail } from './mail-notification-rules.js';

/** The outbox kind of each notification mail. */
export const NOTIFICATION_OUTBOX_KINDS = {
  message: 'notify_message',
  like: 'notify_like',
  match: 'notify_match',
  digest: 'digest',
} as const;

/**
 * The `notify_mail` job (issue: notifications; docs/decisions/013-notifications.md): one batched
 * mail of `payload.kind` to user `payload.user_id`. In one transaction it takes the batch (clears
 * `scheduled_at`, so the next event schedules the next mail), reads the current state and, when
 * the member may get this mail, is not online and something is left (messages unread, likes and
 * matches not seen) since the last mail of the kind, writes the mail to the outbox (with its SMTP
 * job when SMTP is configured) and sets `last_sent_at`. A rollback sends nothing.
 * Payload: `{ user_id, kind }`.
 * @throws database errors, so the queue retries
 */
export async function sendMailNotification(deps: MailJobDeps, payload: JobPayloads['notify_mail']): Promise<void> {
  await writeMailNotification(deps, payload);
}

type MailJobDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'secrets'>;

/** sendMailNotification, answering whether a mail was written (tests, logs). */
export async function writeMailNotification(deps: MailJobDeps, payload: JobPayloads['notify_mail']): Promise<boolean> {
  const { user_id: userId, kind } = payload;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const batch = await takeBatch(tx, userId, kind);
    if (!batch) return false;
    const recipient = await findMailRecipientByUser(tx, userId);
    if (!recipient || !mayGetNotificationMail(recipient, kind, now)) return false;
    if (isRecipientOnline(recipient, now)) return false;
    const site = await findSiteById(tx as Db, recipient.siteId);
    if (!site) return false;
    const { frame, headers } = mailFrame(
      { site, config: deps.config, secret: deps.secrets.unsubscribeSecret, now },
      recipient,
      kind,
    );
    const content = await buildNotificationMail(tx, {
      kind,
      profileId: recipient.profile.id,
      since: batch.lastSentAt,
      frame,
    });
    if (!content) return false;
    const rendered = renderNotificationMail(content);
    await deps.mailer.send(
      {
        siteId: site.id,
        kind: NOTIFICATION_OUTBOX_KINDS[kind],
        from: deps.mailer.fromFor(site),
        to: recipient.email,
        ...rendered,
        headers,
      },
      { tx },
    );
    await markBatchSent(tx, userId, kind, now);
    return true;
  });
}
