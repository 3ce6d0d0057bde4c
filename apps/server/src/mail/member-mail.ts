import type { SiteRow } from '../db/repositories/sites.js';
import type { Mailer } from './mailer.js';
import { type MailContent, renderMail } from './templates.js';

/** Renders a mail in the member's language and sends it from the site (SPEC.md 4: access mails). */
export async function sendMemberMail(
  mailer: Mailer,
  site: SiteRow,
  mail: { to: string } & Omit<MailContent, 'siteName'>,
): Promise<void> {
  const rendered = renderMail({ ...mail, siteName: site.name });
  await mailer.send({ siteId: site.id, kind: mail.kind, from: mailer.fromFor(site), to: mail.to, ...rendered });
}
