import {
  ChatDeleteBodySchema,
  ChatListSchema,
  ChatQuerySchema,
  ChatReadBodySchema,
  ChatViewSchema,
  ExplicitPhotosChoiceSchema,
  GiftListSchema,
  SendMessageBodySchema,
  SendMessageResultSchema,
  SendPhotoFieldsSchema,
} from '../chat.js';
import { OkSchema } from '../user.js';
import { defineCall } from './define.js';

const tags = ['chat'] as const;
const errors = [400, 402, 403, 404] as const;
const sendErrors = [...errors, 409] as const;

/**
 * Conversations, messages and gifts (SPEC.md 2 chats and chat screen, 3-5, 7, 9). Members only (403
 * authentication_required); sends cost credits (402 not_enough_credits with data {cost, credits}).
 */
export const chatCalls = {
  /** GET /api/chats.php: conversation, profile, num_unread_messages; newest activity first (SPEC.md 7). */
  chats: defineCall({
    method: 'GET',
    path: '/api/chats.php',
    kind: 'json',
    response: ChatListSchema,
    errors: [403],
    tags,
    summary: 'The chat list: conversation, profile, num_unread_messages; newest activity first (SPEC.md 7)',
  }),
  /** GET /api/chat.php?conversation=|profile=&before=: a conversation, 50 messages a page; not marked read. */
  conversation: defineCall({
    method: 'GET',
    path: '/api/chat.php',
    kind: 'json',
    query: ChatQuerySchema,
    response: ChatViewSchema,
    errors,
    tags,
    summary: 'A conversation (by conversation id or with a profile), 50 messages a page; does not mark it read',
  }),
  /** DELETE /api/chat.php {conversation} or {profile} (SPEC.md 4, 7); the client alerts and reloads on failure. */
  deleteChat: defineCall({
    method: 'DELETE',
    path: '/api/chat.php',
    kind: 'json',
    body: ChatDeleteBodySchema,
    response: OkSchema,
    errors,
    tags,
    summary: 'Delete a chat from the own list, or every chat with a profile (SPEC.md 4, 7)',
  }),
  /** POST /api/chat-read.php {conversation}: its unread count becomes 0 (SPEC.md 4). */
  readChat: defineCall({
    method: 'POST',
    path: '/api/chat-read.php',
    kind: 'json',
    body: ChatReadBodySchema,
    response: OkSchema,
    errors,
    tags,
    summary: 'The member opened the conversation: its unread count becomes 0 (SPEC.md 4)',
  }),
  /**
   * POST /api/chat-explicit-photos.php {conversation, show}: the member's choice to see possibly
   * explicit photos of this chat unblurred, remembered per conversation (issue: explicit photos).
   */
  explicitPhotos: defineCall({
    method: 'POST',
    path: '/api/chat-explicit-photos.php',
    kind: 'json',
    body: ExplicitPhotosChoiceSchema,
    response: OkSchema,
    errors,
    tags,
    summary: 'Show (or blur again) the possibly explicit photos of one conversation for this member',
  }),
  /** POST /api/message.php: a text or a gift, paid in credits; idempotent per client_id. */
  sendMessage: defineCall({
    method: 'POST',
    path: '/api/message.php',
    kind: 'json',
    body: SendMessageBodySchema,
    response: SendMessageResultSchema,
    errors: sendErrors,
    tags,
    summary: 'Send a text or a gift to a profile; paid in credits; idempotent per client_id',
    description:
      'Costs: text max(message_credits, minimum_message_costs of the sender country), gift its price. ' +
      'Errors: 402 not_enough_credits (data {cost, credits}); 403 premium_required (data.reason ' +
      'conversation_limit: free members have at most 2 conversations), blocked, recipient_not_confirmed; ' +
      '400 validation_failed (empty or longer than message_length); 409 message_needs_confirmation (data ' +
      '{kinds, signals}: a link, phone number, e-mail or messenger handle; nothing stored or charged) unless ' +
      "confirmed is true. A member above the site's hold threshold gets the message back with held: true " +
      '(not delivered, not charged until a moderator releases it).',
  }),
  /** POST /api/chat-photo.php, multipart file, profile, client_id: a photo message (photo_credits); 413 too large. */
  sendPhoto: defineCall({
    method: 'POST',
    path: '/api/chat-photo.php',
    kind: 'multipart',
    fields: SendPhotoFieldsSchema,
    response: SendMessageResultSchema,
    errors: [...errors, 413],
    tags,
    summary: 'Send a photo (multipart: file, profile, client_id); re-encoded without metadata; photo_credits',
  }),
  /** GET /api/gifts.php: the site's gift catalogue (image relative to cdn_prefix, price in credits). */
  gifts: defineCall({
    method: 'GET',
    path: '/api/gifts.php',
    kind: 'json',
    response: GiftListSchema,
    errors: [403],
    tags,
    summary: "The site's gift catalogue: image (relative to cdn_prefix), name, price in credits",
  }),
};
