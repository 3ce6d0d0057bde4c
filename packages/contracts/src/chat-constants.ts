/**
 * Plain values of the chat (SPEC.md 2, 5; DECISIONS.md real-time chat), kept apart from the zod
 * schemas of chat.ts so the web client's entry can use them without loading zod.
 */

export const MESSAGE_KINDS = ['text', 'photo', 'gift'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Longest client_id accepted; the client sends a UUID. */
export const CLIENT_ID_MAX = 64;
/** Messages per page of GET /api/chat.php. */
export const CHAT_PAGE_SIZE = 50;
/** Characters of the last message shown in the chat list. */
export const CHAT_PREVIEW_LENGTH = 120;
/** Seconds between two typing signals a client sends while the member types. */
export const TYPING_SIGNAL_SECONDS = 3;
/** Seconds the typing indicator stays without a new signal. */
export const TYPING_VISIBLE_SECONDS = 6;
/** Path of the realtime WebSocket (DECISIONS.md: real-time chat). */
export const REALTIME_PATH = '/api/realtime';
