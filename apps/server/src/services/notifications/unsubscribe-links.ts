import { type MailNotificationKind, notificationCalls } from '@app/contracts';
import type { Config } from '../../config.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import { siteUrl } from '../sites/site-url.js';
import { unsubscribeToken } from './unsubscribe-token.js';

/** The unsubscribe addresses of one notification mail and the header lines that carry them. */
export interface UnsubscribeLinks {
  /** `POST` target of mail clients' one-click unsubscribe: `/api/unsubscribe.php?u=&k=&t=`. */
  oneClickUrl: string;
  /** The visible link: the page `/unsubscribe?u=&k=&t=&a=` (`a`: the token for all notification mails). */
  pageUrl: string;
  /** `List-Unsubscribe` (RFC 2369) and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058). */
  headers: Record<string, string>;
}

/** The header of RFC 8058 that says the List-Unsubscribe URL takes a one-click POST. */
export const LIST_UNSUBSCRIBE_POST = 'List-Unsubscribe=One-Click';

/**
 * The unsubscribe links of a mail of `kind` to user `userId` of `site` (issue: notifications),
 * built from the site's configured origin (services/sites/site-url.ts), never from a request. The
 * tokens are HMACs of user and kind (unsubscribe-token.ts); the page link also carries the token of
 * `all`, so the page can offer to stop every notification mail.
 */
export function unsubscribeLinks(
  site: Pick<SiteRow, 'public_url' | 'domain' | 'is_default'>,
  config: Pick<Config, 'publicUrl' | 'port'>,
  secret: string,
  userId: number,
  kind: MailNotificationKind,
): UnsubscribeLinks {
  const query = { u: userId, k: kind, t: unsubscribeToken(secret, userId, kind) };
  const oneClickUrl = siteUrl(site, config, notificationCalls.unsubscribe.path, query);
  const pageUrl = siteUrl(site, config, '/unsubscribe', { ...query, a: unsubscribeToken(secret, userId, 'all') });
  return {
    oneClickUrl,
    pageUrl,
    headers: { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': LIST_UNSUBSCRIBE_POST },
  };
}
