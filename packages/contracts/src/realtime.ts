import type { ChatMessage } from './chat.js';

/**
 * Events the server pushes to a member over the realtime WebSocket (DECISIONS.md: real-time chat).
 * Published only after the transaction that caused them commits. Every payload stays small (the
 * PostgreSQL bus carries at most 8000 bytes): big things are sent as ids for the client to fetch.
 */
export type RealtimeEvent =
  /**
   * A new message in a conversation; `message` is absent when it was too big to carry or names a gift
   * (its name is in each reader's language): fetch it. The recipient's copy carries `safety_signals`
   * (the sender's never does). A held message sends nothing to the recipient; when a moderator
   * releases it, this event reaches both sides with the same `message_id` (no `held` any more).
   */
  | { type: 'message'; conversation: number; message_id: number; message?: ChatMessage }
  /** The other member (profile) is typing in the conversation. */
  | { type: 'typing'; conversation: number; profile: number }
  /** `profile` has read the conversation up to message id `message`. */
  | { type: 'read'; conversation: number; profile: number; message: number }
  /** The member's chat list changed otherwise (a chat deleted in another tab, a block). */
  | { type: 'chats' }
  | { type: 'like'; profile: number }
  | { type: 'match'; profile: number }
  /**
   * The explicit-photo model has scored a photo the member received (issue: explicit photos): fetch
   * the message again (shown, or blurred as possibly explicit).
   */
  | { type: 'photo_checked'; conversation: number; message_id: number }
  /** The member's balance changed. */
  | { type: 'credits'; credits: number };
