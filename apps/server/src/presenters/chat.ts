import { CHAT_PREVIEW_LENGTH, type ChatMessage, type ConversationSummary, type Gift } from '@app/contracts';
import type { ConversationRow } from '../db/repositories/conversations.js';
import type { GiftRow } from '../db/repositories/gifts.js';
import type { MessageRow, MessageWithGift } from '../db/repositories/messages.js';

/** A catalogue gift on the wire. */
export function presentGift(row: GiftRow): Gift {
  return { id: row.id, name: row.name, image: row.image, credits: row.credits };
}

/** A message on the wire (SPEC.md 2 message bubbles). */
export function presentMessage({ message, gift }: MessageWithGift): ChatMessage {
  return {
    id: message.id,
    conversation: message.conversation_id,
    sender: message.sender_profile_id,
    kind: message.kind as ChatMessage['kind'],
    body: message.body,
    photo:
      message.photo_filename && message.photo_thumb_filename
        ? { filename: message.photo_filename, thumb_filename: message.photo_thumb_filename }
        : null,
    gift: gift ? presentGift(gift) : null,
    credits_spent: message.credits_spent,
    client_id: message.client_id,
    created_at: message.created_at.toISOString(),
  };
}

/** The conversation of a chat list entry; the last message only when this side still sees it. */
export function presentSummary(
  conversation: ConversationRow,
  last: MessageRow | undefined,
  clearedAt: Date | null,
): ConversationSummary {
  const visible = last && (!clearedAt || last.created_at > clearedAt) ? last : undefined;
  const updated = conversation.last_message_at ?? conversation.created_at;
  return {
    id: conversation.id,
    last_message: visible
      ? {
          id: visible.id,
          sender: visible.sender_profile_id,
          kind: visible.kind as ChatMessage['kind'],
          preview: visible.body.slice(0, CHAT_PREVIEW_LENGTH),
          created_at: visible.created_at.toISOString(),
        }
      : null,
    updated: updated.toISOString(),
  };
}
