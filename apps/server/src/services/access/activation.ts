import type { Db } from '../../db/client.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { Mailer } from '../../mail/mailer.js';
import { sendMemberMail } from '../../mail/member-mail.js';
import type { LinkBuilder } from '../sites/site-url.js';
import { issueToken, TOKEN_SECONDS } from './user-tokens.js';

/** Activation mails a member may ask for again per 24 hours (SPEC.md 4: "the activation mail can be resent"). */
export const ACTIVATION_RESENDS_PER_DAY = 5;

/** Request facts for mails with a link. */
export interface LinkContext {
  now: Date;
  /** Builds the site's outside URLs from its configured origin, never from the request (services/sites/site-url.ts). */
  links: LinkBuilder;
}

/** Mails a fresh activation link `<site origin>/activate/done?token=...` (valid 7 days) to the member. */
export async function sendActivationMail(
  db: Db,
  mailer: Mailer,
  site: SiteRow,
  user: UserRow,
  name: string,
  ctx: LinkContext,
): Promise<void> {
  const token = await issueToken(db, user.id, 'activation', ctx.now);
  await sendMemberMail(mailer, site, {
    to: user.email,
    kind: 'activation',
    locale: user.language,
    memberName: name,
    link: ctx.links('/activate/done', { token }),
    values: { days: TOKEN_SECONDS.activation / 86400 },
  });
}
