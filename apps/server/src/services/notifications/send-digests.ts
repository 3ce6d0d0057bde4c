import type { Db } from '../../db/client.js';
import { markBatchSent } from '../../db/repositories/notification-batches.js';
import {
  findDigestProfiles,
  findDigestRecipients,
  findMailProfiles,
  type MailRecipient,
} from '../../db/repositories/notification-mail.js';
import { findSiteById, type SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { renderNotificationMail } from '../../mail/notification-templates.js';
import { defaultMemberPreferences } from '../discovery/preferences.js';
import { linksFor } from '../sites/site-url.js';
import { mailContent, mailFrame, toMailProfiles } from './mail-notification-content.js';
import { isRecipientOnline } from './mail-notification-rules.js';
import { NOTIFICATION_OUTBOX_KINDS } from './send-mail-notification.js';

/** New members a digest shows at most. */
export const DIGEST_PROFILES = 6;
/** A member counts as new for this many days after their profile was made. */
export const DIGEST_NEW_DAYS = 7;
/** At most one digest per member this often (days): a retried or repeated run sends none twice. */
export const DIGEST_MIN_DAYS = 6;
/** Members read per page while the job walks them. */
const PAGE = 200;

type DigestDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'secrets'>;

/** One member's digest: the new members who suit them, written with its batch row; false when none. */
async function sendDigest(deps: DigestDeps, recipient: MailRecipient, site: SiteRow, now: Date): Promise<boolean> {
  const own = recipient.profile;
  const prefs = defaultMemberPreferences(own, now);
  const ids = await findDigestProfiles(deps.db, {
    siteId: site.id,
    viewer: own,
    fit: prefs.fit,
    minAge: prefs.minAge,
    maxAge: prefs.maxAge,
    since: new Date(now.getTime() - DIGEST_NEW_DAYS * 86_400_000),
    now,
    limit: DIGEST_PROFILES,
  });
  if (ids.length === 0) return false;
  const { frame, headers } = mailFrame(
    { site, config: deps.config, secret: deps.secrets.unsubscribeSecret, now },
    recipient,
    'digest',
  );
  const profiles = toMailProfiles(await findMailProfiles(deps.db, ids), frame);
  const content = mailContent('digest', frame, {
    count: profiles.length,
    profiles,
    others: 0,
    preview: undefined,
    actionLink: linksFor(site, deps.config)('/members'),
  });
  const rendered = renderNotificationMail(content);
  await deps.db.transaction(async (tx) => {
    const mail = {
      siteId: site.id,
      kind: NOTIFICATION_OUTBOX_KINDS.digest,
      from: deps.mailer.fromFor(site),
      to: recipient.email,
    };
    await deps.mailer.send({ ...mail, ...rendered, headers }, { tx });
    await markBatchSent(tx, recipient.userId, 'digest', now);
  });
  return true;
}

/**
 * The weekly `mail_digest` job (issue: notifications): every member who may get the digest
 * (confirmed, not erased, suspended or with mail disabled, the digest on, an active profile, none
 * in the last DIGEST_MIN_DAYS days) and is not online gets up to DIGEST_PROFILES members who joined
 * in the last DIGEST_NEW_DAYS days and suit them (the discovery defaults: mutual gender fit, own age
 * −8/+8, visible as in search, approved public photo, not liked yet; fictional ones labelled). No
 * such members, no mail. Each mail and its batch row (kind `digest`) are one transaction.
 * @returns how many digests were written
 * @throws database errors, so the queue retries (members already mailed are skipped then)
 */
export async function sendDigests(deps: DigestDeps): Promise<number> {
  const now = deps.clock.now();
  const sentBefore = new Date(now.getTime() - DIGEST_MIN_DAYS * 86_400_000);
  const sites = new Map<number, SiteRow | null>();
  let sent = 0;
  for (let after = 0; ; ) {
    const page = await findDigestRecipients(deps.db, { afterUserId: after, limit: PAGE, now, sentBefore });
    for (const recipient of page) {
      if (isRecipientOnline(recipient, now)) continue;
      if (!sites.has(recipient.siteId))
        sites.set(recipient.siteId, await findSiteById(deps.db as Db, recipient.siteId));
      const site = sites.get(recipient.siteId);
      if (site && (await sendDigest(deps, recipient, site, now))) sent += 1;
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) return sent;
    after = last.userId;
  }
}
