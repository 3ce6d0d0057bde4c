import { ageOn, localizeText, type MailNotificationKind } from '@app/contracts';
import type { Config } from '../../config.js';
import {
  findMailProfiles,
  findNewLikes,
  findNewMatches,
  findUnreadMessages,
  type MailProfileRow,
  type MailRecipient,
} from '../../db/repositories/notification-mail.js';
import type { DbOrTx } from '../../db/repositories/photos.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import {
  MAIL_NAMED_PROFILES,
  type MailProfile,
  type NotificationMailContent,
} from '../../mail/notification-templates.js';
import { type LinkBuilder, linksFor, siteOrigin } from '../sites/site-url.js';
import { mailLocale, mailPreview } from './mail-notification-rules.js';
import { unsubscribeLinks } from './unsubscribe-links.js';

/** The parts of a notification mail that do not depend on its kind (the member, the site, the links). */
export interface MailFrame {
  site: SiteRow;
  config: Pick<Config, 'publicUrl' | 'port'>;
  locale: string;
  memberName: string;
  unsubscribeLink: string;
  now: Date;
}

/**
 * The frame of a notification mail of `kind` to `recipient` on `site`, in the member's mail
 * language, and its unsubscribe links (the page link in the frame, the List-Unsubscribe headers
 * for the mailer).
 */
export function mailFrame(
  input: { site: SiteRow; config: MailFrame['config']; secret: string; now: Date },
  recipient: MailRecipient,
  kind: MailNotificationKind,
): { frame: MailFrame; headers: Record<string, string> } {
  const links = unsubscribeLinks(input.site, input.config, input.secret, recipient.userId, kind);
  const frame: MailFrame = {
    site: input.site,
    config: input.config,
    locale: mailLocale(recipient),
    memberName: recipient.profile.name,
    unsubscribeLink: links.pageUrl,
    now: input.now,
  };
  return { frame, headers: links.headers };
}

/** What a kind's summary adds to the frame: the counts, the profiles named, the preview, the button. */
type Summary = Pick<NotificationMailContent, 'count' | 'profiles' | 'others' | 'preview' | 'actionLink'>;

/** A public file of the site as an absolute URL (its cdn_prefix may be a path or a CDN origin). */
function fileUrl(site: SiteRow, config: MailFrame['config'], file: string): string {
  return new URL(`${site.cdn_prefix}${file}`, `${siteOrigin(site, config)}/`).toString();
}

/** Profile rows as mails show them: age on `now`, photo URL, the profile's page on the site. */
export function toMailProfiles(rows: MailProfileRow[], frame: MailFrame): MailProfile[] {
  const links = linksFor(frame.site, frame.config);
  return rows.map((row) => ({
    name: row.name,
    age: ageOn(row.date_of_birth, frame.now),
    city: row.city,
    photoUrl: row.photo ? fileUrl(frame.site, frame.config, row.photo) : null,
    link: links(`/members/${row.id}`),
    fictional: row.is_fictional,
  }));
}

/** The full content of a mail from its frame and its kind's summary. */
export function mailContent(
  kind: NotificationMailContent['kind'],
  frame: MailFrame,
  summary: Summary,
): NotificationMailContent {
  const { site, locale } = frame;
  const texts = site.texts ?? {};
  return {
    kind,
    locale,
    siteName: site.name,
    memberName: frame.memberName,
    ...summary,
    fictionalLabel:
      `${site.fictional_icon} ${localizeText(texts.fictional_singular, locale, site.fictional_singular)}`.trim(),
    fictionalWarning: localizeText(texts.fictional_warning, locale, site.fictional_warning),
    settingsLink: linksFor(site, frame.config)('/notifications'),
    unsubscribeLink: frame.unsubscribeLink,
  };
}

async function messageSummary(
  db: DbOrTx,
  profileId: number,
  since: Date | null,
  frame: MailFrame,
  links: LinkBuilder,
): Promise<Summary | null> {
  const unread = await findUnreadMessages(db, profileId, since, frame.now);
  if (!unread.newest) return null;
  const named = unread.senders.slice(0, MAIL_NAMED_PROFILES);
  const profiles = toMailProfiles(await findMailProfiles(db, named), frame);
  const [from] = toMailProfiles(await findMailProfiles(db, [unread.newest.sender]), frame);
  const kind = unread.newest.kind === 'photo' || unread.newest.kind === 'gift' ? unread.newest.kind : 'text';
  return {
    count: unread.count,
    profiles,
    others: unread.senders.length - named.length,
    // Only ever the short preview, also (and above all) in a fictional profile's conversation.
    preview: from ? { from, kind, text: kind === 'text' ? mailPreview(unread.newest.body) : '' } : undefined,
    actionLink: links(unread.senders.length === 1 ? `/chats/${unread.newest.conversationId}` : '/chats'),
  };
}

async function profilesSummary(
  db: DbOrTx,
  found: { count: number; ids: number[] },
  frame: MailFrame,
  actionLink: (ids: number[]) => string,
): Promise<Summary | null> {
  if (found.count === 0 || found.ids.length === 0) return null;
  const profiles = toMailProfiles(await findMailProfiles(db, found.ids), frame);
  return {
    count: found.count,
    profiles,
    others: Math.max(0, found.count - profiles.length),
    actionLink: actionLink(found.ids),
  };
}

/**
 * The message, like or match mail for the member of profile `profileId`: what arrived after
 * `since` (their last mail of that kind; null: ever) and is still new (messages unread, likes and
 * matches not seen). Null when nothing is left, so no mail goes.
 */
export async function buildNotificationMail(
  db: DbOrTx,
  input: { kind: 'message' | 'like' | 'match'; profileId: number; since: Date | null; frame: MailFrame },
): Promise<NotificationMailContent | null> {
  const { kind, profileId, since, frame } = input;
  const links = linksFor(frame.site, frame.config);
  let summary: Summary | null;
  if (kind === 'message') summary = await messageSummary(db, profileId, since, frame, links);
  else if (kind === 'like') {
    const found = await findNewLikes(db, profileId, since, frame.now, MAIL_NAMED_PROFILES);
    summary = await profilesSummary(db, found, frame, () => links('/likes/received'));
  } else {
    const found = await findNewMatches(db, profileId, since, frame.now, MAIL_NAMED_PROFILES);
    summary = await profilesSummary(db, found, frame, (ids) =>
      found.count === 1 && ids[0] ? links(`/members/${ids[0]}`) : links('/likes/mutual'),
    );
  }
  return summary ? mailContent(kind, frame, summary) : null;
}
