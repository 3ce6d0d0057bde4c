import type { ChatMessage, Gift } from '@app/contracts';
import type { GiftRow } from '../db/repositories/gifts.js';
import type { MessageWithGift } from '../db/repositories/messages.js';

// Apart from chat.ts, which types its input from the chat use cases: the realtime subscriber presents
// sent messages, and importing chat.ts there would make deps.ts import the services in a circle.

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
