import {
  type ChatMessage,
  catalogueText,
  type Gift,
  RECIPIENT_WARN_KINDS,
  type RecipientWarnKind,
  siteLanguage,
} from '@app/contracts';
import type { GiftRow } from '../db/repositories/gifts.js';
import type { MessageWithGift } from '../db/repositories/messages.js';
import type { SiteRow } from '../db/repositories/sites.js';

// Apart from chat.ts, which types its input from the chat use cases: the realtime subscriber presents
// sent messages, and importing chat.ts there would make deps.ts import the services in a circle.

/**
 * The languages a text from the database is read in (docs/decisions/019-catalogue-texts.md): the
 * viewer's `lng` (the request's locale), else `siteLng` (the site's language), else the stored column.
 */
export interface TextLanguage {
  lng: string;
  siteLng: string;
}

/** The TextLanguage of a request: its locale on its site. */
export function textLanguage(locale: string, site: Pick<SiteRow, 'languages' | 'domain_language'>): TextLanguage {
  return { lng: locale, siteLng: siteLanguage(site) };
}

/** A gift's name in `lang` (contracts catalogueText); without `lang`, the stored site-language name. */
export function giftName(row: GiftRow, lang?: TextLanguage): string {
  return lang ? catalogueText(row.names, lang.lng, lang.siteLng, row.name) : row.name;
}

/** A catalogue gift on the wire, its name in the viewer's language (`lang`). */
export function presentGift(row: GiftRow, lang?: TextLanguage): Gift {
  return { id: row.id, name: giftName(row, lang), image: row.image, credits: row.credits };
}

/**
 * The warn kinds of a message's stored signals, each once, in RECIPIENT_WARN_KINDS order (the
 * recipient's safety note; issue: safer conversations); empty when none.
 */
export function safetySignalsOf(message: MessageWithGift['message']): RecipientWarnKind[] {
  if (!message.signals || message.signals.length === 0) return [];
  const found = new Set(message.signals.map((s) => s.kind));
  return RECIPIENT_WARN_KINDS.filter((kind) => found.has(kind));
}

/**
 * A message on the wire (SPEC.md 2 message bubbles); a gift's name in the viewer's language (`lang`;
 * without it the stored site-language name, which is why realtime pushes gift messages as ids only).
 * `viewerProfileId`, the member who reads it (issue: safer conversations): the other side's message
 * carries `safety_signals` (its warn kinds, when any); the viewer's own held message carries
 * `held: true` and `credits_spent` 0 (not charged until released). Without a viewer neither appears.
 * `photoCheck`: what the explicit-photo model says of a received photo (issue: explicit photos).
 */
export function presentMessage(
  { message, gift }: MessageWithGift,
  lang?: TextLanguage,
  viewerProfileId?: number,
  photoCheck?: 'pending' | 'explicit',
): ChatMessage {
  const own = viewerProfileId !== undefined && viewerProfileId === message.sender_profile_id;
  const held = own && message.held_at !== null;
  const warn = viewerProfileId !== undefined && !own ? safetySignalsOf(message) : [];
  return {
    ...(photoCheck && { photo_check: photoCheck }),
    id: message.id,
    conversation: message.conversation_id,
    sender: message.sender_profile_id,
    kind: message.kind as ChatMessage['kind'],
    body: message.body,
    photo:
      message.photo_filename && message.photo_thumb_filename
        ? { filename: message.photo_filename, thumb_filename: message.photo_thumb_filename }
        : null,
    gift: gift ? presentGift(gift, lang) : null,
    credits_spent: held ? 0 : message.credits_spent,
    client_id: message.client_id,
    created_at: message.created_at.toISOString(),
    ...(warn.length > 0 && { safety_signals: warn }),
    ...(held && { held: true as const }),
  };
}
