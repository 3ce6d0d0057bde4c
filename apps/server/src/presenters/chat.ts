import {
  CHAT_PREVIEW_LENGTH,
  type ChatListEntry,
  type ChatMessage,
  type ChatView,
  type ConversationSummary,
  type SendMessageResult,
} from '@app/contracts';
import type { ConversationRow } from '../db/repositories/conversations.js';
import type { MessageRow } from '../db/repositories/messages.js';
import type { MemberChatList } from '../services/chat/list-chats.js';
import type { SentMessage } from '../services/chat/send-message.js';
import type { ConversationView } from '../services/chat/view-conversation.js';
import { presentMessage, type TextLanguage } from './message.js';
import { presentCard } from './profile.js';

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

/**
 * GET /api/chats.php (SPEC.md 3 chat list entry, 7): per chat the conversation summary, the other
 * profile as a card (age and online at the list's `now`) and this side's num_unread_messages.
 */
export function presentChatList({ chats, now }: MemberChatList): ChatListEntry[] {
  return chats.map((c) => ({
    conversation: presentSummary(c.conversation, c.last, c.clearedAt),
    profile: presentCard(c.other, now),
    num_unread_messages: c.unread,
  }));
}

/**
 * GET /api/chat.php (SPEC.md 2 chat screen) as ChatView: the messages oldest first, the other
 * profile as a card, has_more, other_last_read, costs in credits and the refusal, if any; gift names
 * in `lang` (the viewer's language, else the site's).
 */
export function presentConversation(view: ConversationView, lang: TextLanguage): ChatView {
  return {
    conversation: view.conversation,
    profile: presentCard(view.other),
    messages: view.messages.map((m) => presentMessage(m, lang, view.me, view.photoChecks.get(m.message.id))),
    has_more: view.hasMore,
    other_last_read: view.otherLastRead,
    costs: view.costs,
    refusal: view.refusal,
    show_explicit_photos: view.showExplicitPhotos,
  };
}

/**
 * POST /api/message.php and /api/chat-photo.php (SPEC.md 2 chat, 7) as SendMessageResult: the
 * message (a gift's name in `lang`), the sender's balance in credits and the conversation id; a
 * duplicate send looks the same.
 */
export function presentSendResult(sent: SentMessage, lang: TextLanguage): SendMessageResult {
  const message = presentMessage(sent.message, lang, sent.message.message.sender_profile_id);
  return { message, credits: sent.credits, conversation: message.conversation };
}
