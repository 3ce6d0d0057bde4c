import type { DbOrTx } from '../db/repositories/photos.js';
import type { SiteRow } from '../db/repositories/sites.js';
import type { Mailer } from './mailer.js';
import { type MailContent, renderMail } from './templates.js';

/**
 * Renders a mail in the member's language and sends it from the site (SPEC.md 4: access mails).
 * With `opts.tx` the outbox row is written in that transaction, so a rollback drops the mail.
 */
export async function sendMemberMail(
  mailer: Mailer,
  site: SiteRow,
  mail: { to: string } & Omit<MailContent, 'siteName'>,
  opts: { tx?: DbOrTx } = {},
): Promise<void> {
  const rendered = renderMail({ ...mail, siteName: site.name });
  await mailer.send({ siteId: site.id, kind: mail.kind, from: mailer.fromFor(site), to: mail.to, ...rendered }, opts);
}
