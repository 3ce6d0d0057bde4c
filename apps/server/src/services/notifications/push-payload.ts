import { createHash } from 'node:crypto';
import type { PushKind, PushPayload } from '@app/contracts';
import type { Config } from '../../config.js';
import type { PushMessage, PushOtherProfile } from '../../db/repositories/push-subscriptions.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import { translate } from '../../i18n.js';
import type { PushSendOptions } from '../../push/push-sender.js';
import { siteOrigin } from '../sites/site-url.js';

/** Longest message preview in a push, in characters (docs/security.md: message text in notifications). */
export const PUSH_PREVIEW_MAX = 80;

/** Seconds a push service keeps an undelivered push: a day for messages and matches, four days for likes. */
export const PUSH_TTL_SECONDS: Record<PushKind, number> = {
  message: 24 * 3600,
  like: 4 * 24 * 3600,
  match: 24 * 3600,
};

/** How urgently each kind wakes the device: a message or a match is worth waking for, a like can wait. */
const PUSH_URGENCY: Record<PushKind, NonNullable<PushSendOptions['urgency']>> = {
  message: 'high',
  like: 'normal',
  match: 'high',
};

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A message text as a notification shows it: whitespace runs become one space, and beyond `max`
 * characters it ends in "…" (`max` characters in all). Cut between graphemes, so no emoji or
 * accented letter is split (a lone surrogate would not even be valid JSON text for the payload).
 */
export function pushPreview(text: string, max = PUSH_PREVIEW_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const parts = Array.from(graphemes.segment(flat), (s) => s.segment);
  if (parts.length <= max) return flat;
  let out = '';
  for (const part of parts) {
    if (out.length + part.length > max - 1) break;
    out += part;
  }
  return `${out.trimEnd()}…`;
}

/**
 * The RFC 8030 `Topic` of a notification tag: 32 URL-safe base64 characters (the most the header
 * allows) of its SHA-256, so a newer push of the same conversation replaces an undelivered one.
 */
export function pushTopic(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

/** The absolute URL of a photo file under the site's cdn_prefix (which may itself be a path on the site). */
function photoUrl(site: SiteRow, config: Pick<Config, 'publicUrl' | 'port'>, file: string | null): string | null {
  if (!file) return null;
  const path = file.startsWith('/') ? file : `${site.cdn_prefix}${file}`;
  return new URL(path, `${siteOrigin(site, config)}/`).toString();
}

/** What one push is about, read by the notify_push job. */
export interface PushNotice {
  kind: PushKind;
  site: SiteRow;
  /** The recipient's language (users.language). */
  language: string;
  /** The sender, liker or new match. */
  other: PushOtherProfile;
  /** The message (kind message). */
  message?: PushMessage;
  /** Unread messages plus new likes of the recipient (SPEC.md 4 app badge). */
  badge: number;
  /** When the message was sent, the like given or the match made. */
  at: Date;
}

/** The body of a message push: the text's preview, or what was sent when it is a photo or a gift. */
function messageBody(language: string, message: PushMessage): string {
  if (message.kind === 'photo') return translate(language, 'push', 'message_photo');
  if (message.kind === 'gift') return translate(language, 'push', 'message_gift');
  return pushPreview(message.body) || translate(language, 'push', 'message_text');
}

/**
 * The push message of a notice (PushPayloadSchema, read by the service worker): title and body in
 * the recipient's language with the other member's name (a fictional profile's name carries the
 * site's fictional_icon), their main photo's thumbnail as icon (absolute URL, null without one),
 * the screen it opens (the conversation, /likes/received, the match's profile), the tag that groups
 * it (`conversation-<id>`, `likes`, `match-<profile>`), the badge, and the RFC 8030 options (TTL,
 * topic per tag, urgency).
 */
export function buildPushMessage(
  notice: PushNotice,
  config: Pick<Config, 'publicUrl' | 'port'>,
): { payload: PushPayload; options: PushSendOptions } {
  const { kind, language, other, site } = notice;
  const name = other.isFictional && site.fictional_icon ? `${other.name} ${site.fictional_icon}` : other.name;
  const common = {
    icon: photoUrl(site, config, other.thumbFilename),
    badge: notice.badge,
    profile: other.id,
    sent_at: notice.at.toISOString(),
  };
  let payload: PushPayload;
  if (kind === 'message') {
    const { message } = notice;
    if (!message) throw new Error('a message push needs its message');
    const count = message.unreadInConversation;
    payload = {
      type: 'message',
      title:
        count > 1
          ? translate(language, 'push', 'messages_title', { name, count })
          : translate(language, 'push', 'message_title', { name }),
      body: messageBody(language, message),
      url: `/chats/${message.conversationId}`,
      tag: `conversation-${message.conversationId}`,
      conversation: message.conversationId,
      ...common,
    };
  } else if (kind === 'like') {
    payload = {
      type: 'like',
      title: translate(language, 'push', 'like_title'),
      body: translate(language, 'push', 'like_body', { name }),
      url: '/likes/received',
      tag: 'likes',
      ...common,
    };
  } else {
    payload = {
      type: 'match',
      title: translate(language, 'push', 'match_title'),
      body: translate(language, 'push', 'match_body', { name }),
      url: `/members/${other.id}`,
      tag: `match-${other.id}`,
      ...common,
    };
  }
  return {
    payload,
    options: { ttlSeconds: PUSH_TTL_SECONDS[kind], topic: pushTopic(payload.tag), urgency: PUSH_URGENCY[kind] },
  };
}
