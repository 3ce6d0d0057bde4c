import { z } from 'zod';
import { CHAT_PREVIEW_LENGTH, CLIENT_ID_MAX, MESSAGE_KINDS } from './chat-constants.js';
import { MemberCardSchema } from './profile.js';
import { RECIPIENT_WARN_KINDS, SENDER_CONFIRM_KINDS } from './safety.js';
import { text } from './text.js';

/**
 * Calls of the chat (SPEC.md 2 chats and chat screen, 3 chat list entry, 4 unread and deletion,
 * 5 free conversation limit and message length, 7 GET /api/chats.php and DELETE /api/chat.php).
 */

/** A gift of the site's catalogue; `image` is relative to the site's cdn_prefix. */
export const GiftSchema = z
  .object({
    id: z.number().int(),
    name: text(),
    image: text().describe('path relative to cdn_prefix'),
    credits: z.number().int().nonnegative().describe('price in credits'),
  })
  .meta({ id: 'Gift' });
export type Gift = z.infer<typeof GiftSchema>;

/** One chat message. Whose it is follows from `sender` (a profile id); read state from the conversation. */
export const ChatMessageSchema = z
  .object({
    id: z.number().int(),
    conversation: z.number().int(),
    sender: z.number().int().describe('profile id of the sender'),
    kind: z.enum(MESSAGE_KINDS),
    body: text().describe('plain text, never HTML'),
    photo: z
      .object({ filename: text(), thumb_filename: text() })
      .nullable()
      .describe('file names relative to cdn_prefix (kind photo)'),
    gift: GiftSchema.nullable().describe('the gift (kind gift)'),
    credits_spent: z.number().int().nonnegative(),
    client_id: text().nullable(),
    created_at: text().describe('ISO 8601'),
    /**
     * Safety note (issue: safer conversations): the warn kinds found in this message (moving off the
     * site, asking for money), only in the recipient's view of the other side's message; absent when
     * none and always absent for the sender. The client shows one short note under the message with a
     * link to SAFETY_PAGE_PATH and a one-tap report (POST /api/report.php with `signal`).
     */
    safety_signals: z
      .array(z.enum(RECIPIENT_WARN_KINDS))
      .optional()
      .describe('warn kinds of the message, recipient only (safety note under the message)'),
    /**
     * Only in the sender's own view: true while the message is held for review (not delivered yet,
     * not charged yet: `credits_spent` is 0 until then); absent otherwise. The client marks it as
     * being checked. The recipient never sees a held message.
     */
    held: z.literal(true).optional().describe("sender's view only: held for review, not delivered nor charged yet"),
    photo_check: z
      .enum(['pending', 'explicit'])
      .optional()
      .describe(
        "a received photo: pending (not scored yet) or explicit (above the site's threshold): shown blurred unless show_explicit_photos",
      ),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** The conversation of a chat list entry: id, last message preview and time of the last activity. */
export const ConversationSummarySchema = z
  .object({
    id: z.number().int(),
    last_message: z
      .object({
        id: z.number().int(),
        sender: z.number().int(),
        kind: z.enum(MESSAGE_KINDS),
        preview: text().describe(`text, cut at ${CHAT_PREVIEW_LENGTH} characters`),
        created_at: text(),
      })
      .nullable(),
    updated: text().describe('ISO 8601 time of the last message (or of creation)'),
  })
  .meta({ id: 'ConversationSummary' });
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

/** Chat list entry of SPEC.md 3: conversation, profile, num_unread_messages. */
export const ChatListEntrySchema = z
  .object({
    conversation: ConversationSummarySchema,
    profile: MemberCardSchema,
    num_unread_messages: z.number().int().nonnegative(),
  })
  .meta({ id: 'ChatListEntry' });
export type ChatListEntry = z.infer<typeof ChatListEntrySchema>;

/** GET /api/chats.php: the member's chats, newest activity first (SPEC.md 7). */
export const ChatListSchema = z.array(ChatListEntrySchema).meta({ id: 'ChatList' });

/** GET /api/chat.php: a conversation by id, or with a profile (conversation may not exist yet). */
export const ChatQuerySchema = z
  .object({
    conversation: z.coerce.number().int().positive().optional(),
    profile: z.coerce.number().int().positive().optional(),
    before: z.coerce.number().int().positive().optional().describe('messages older than this message id'),
  })
  .refine((q) => Boolean(q.conversation) !== Boolean(q.profile), { message: 'conversation or profile' });
export type ChatQuery = z.infer<typeof ChatQuerySchema>;

/** What sending costs this member, in credits (SPEC.md 3 message/photo credits, minimum_message_costs). */
export const ChatCostsSchema = z.object({
  message: z.number().int().nonnegative(),
  photo: z.number().int().nonnegative(),
});
export type ChatCosts = z.infer<typeof ChatCostsSchema>;

/** Answer of GET /api/chat.php. */
export const ChatViewSchema = z
  .object({
    conversation: z.number().int().nullable().describe('null until the first message'),
    profile: MemberCardSchema,
    messages: z.array(ChatMessageSchema).describe('oldest first'),
    has_more: z.boolean().describe('older messages exist (page with `before`)'),
    other_last_read: z.number().int().nullable().describe('id of the last message the other side has read'),
    costs: ChatCostsSchema,
    /** Why the member cannot send here, if so: blocked, or the other member has not confirmed the email. */
    refusal: z.enum(['blocked', 'recipient_not_confirmed']).nullable(),
    show_explicit_photos: z
      .boolean()
      .optional()
      .describe('the member chose to see possibly explicit photos of this chat unblurred'),
  })
  .meta({ id: 'ChatView' });

/** POST /api/chat-explicit-photos.php: show (or blur again) possibly explicit photos of one chat. */
export const ExplicitPhotosChoiceSchema = z
  .object({
    conversation: z.number().int().positive(),
    show: z.boolean(),
  })
  .meta({ id: 'ExplicitPhotosChoice' });
export type ExplicitPhotosChoice = z.infer<typeof ExplicitPhotosChoiceSchema>;
export type ChatView = z.infer<typeof ChatViewSchema>;

/** POST /api/message.php: a text or a gift to a profile; `client_id` makes a retry idempotent. */
export const SendMessageBodySchema = z
  .object({
    profile: z.number().int().positive(),
    client_id: text().min(8).max(CLIENT_ID_MAX),
    kind: z.enum(['text', 'gift']).default('text'),
    text: text().max(20_000).optional().describe('kind text: 1..settings.message_length characters'),
    gift: z.number().int().positive().optional().describe('kind gift: a gift id of GET /api/gifts.php'),
    /**
     * The sender saw the 409 message_needs_confirmation dialog for this text and sends it anyway
     * (issue: safer conversations). Without it a text with a link, phone number, e-mail address or
     * messenger handle is refused with that error and nothing is stored or charged.
     */
    confirmed: z.boolean().optional().describe('the sender confirmed the risky parts of the text ("Are you sure?")'),
  })
  .meta({ id: 'SendMessageBody' });
export type SendMessageBody = z.input<typeof SendMessageBodySchema>;

/** A risky part of a text the sender is asked about: its kind and UTF-16 offsets [start, end) of the sent text (trimmed). */
export const ConfirmSignalSchema = z
  .object({
    kind: z.enum(SENDER_CONFIRM_KINDS),
    start: z.number().int().nonnegative(),
    end: z.number().int().nonnegative(),
  })
  .meta({ id: 'ConfirmSignal' });
export type ConfirmSignal = z.infer<typeof ConfirmSignalSchema>;

/**
 * `data` of 409 message_needs_confirmation: the distinct kinds found (the dialog's reasons, in the
 * order of SENDER_CONFIRM_KINDS) and every matched part, ordered by start. Offsets are into the text
 * as the server checks it: trimmed of white space at both ends (`text.trim()`).
 */
export const MessageNeedsConfirmationDataSchema = z
  .object({
    kinds: z.array(z.enum(SENDER_CONFIRM_KINDS)),
    signals: z.array(ConfirmSignalSchema),
  })
  .meta({ id: 'MessageNeedsConfirmationData' });
export type MessageNeedsConfirmationData = z.infer<typeof MessageNeedsConfirmationDataSchema>;

/** Multipart fields of POST /api/chat-photo.php besides `file`. */
export const SendPhotoFieldsSchema = z.object({
  profile: z.coerce.number().int().positive(),
  client_id: text().min(8).max(CLIENT_ID_MAX),
});

/** Answer of a send: the stored message, the new balance and the conversation. */
export const SendMessageResultSchema = z
  .object({
    message: ChatMessageSchema,
    credits: z.number().int().nonnegative().describe('balance after the send'),
    conversation: z.number().int(),
  })
  .meta({ id: 'SendMessageResult' });
export type SendMessageResult = z.infer<typeof SendMessageResultSchema>;

/** POST /api/chat-read.php: the member opened the conversation; its unread count becomes 0. */
export const ChatReadBodySchema = z.object({ conversation: z.number().int().positive() }).meta({ id: 'ChatReadBody' });

/** DELETE /api/chat.php (SPEC.md 7): one conversation, or every conversation with a profile. */
export const ChatDeleteBodySchema = z
  .union([z.object({ conversation: z.number().int().positive() }), z.object({ profile: z.number().int().positive() })])
  .meta({ id: 'ChatDeleteBody' });
export type ChatDeleteBody = z.infer<typeof ChatDeleteBodySchema>;

/** GET /api/gifts.php: the site's gift catalogue. */
export const GiftListSchema = z.array(GiftSchema).meta({ id: 'GiftList' });

/** Messages a client sends over the realtime WebSocket. */
export type RealtimeClientMessage = { type: 'typing'; conversation: number } | { type: 'ping' };
