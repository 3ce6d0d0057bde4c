import {
  type ChatListEntry,
  type ChatMessage,
  type ChatView,
  chatCalls,
  type SendMessageBody,
  type SendMessageResult,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, call } from '../../lib/api';
import { queryClient, queryKeys } from '../../lib/query-client';
import { setChatCounts } from './counts-store';

/** Query keys of the chat area. */
export const chatKeys = {
  chats: ['chats'] as const,
  views: ['chat'] as const,
  view: (target: ChatTarget) => ['chat', target] as const,
  gifts: ['gifts'] as const,
};

/** A conversation by id (/chats/{id}) or with a profile (/members/{id}/chat). */
export type ChatTarget = { conversation: number } | { profile: number };

/** Sum of the unread counts of a chat list. */
export function totalUnread(chats: readonly ChatListEntry[]): number {
  return chats.reduce((sum, c) => sum + c.num_unread_messages, 0);
}

/** GET /api/chats.php (SPEC.md 7); each answer updates the unread badge and the title count. */
export const chatsQuery = queryOptions({
  queryKey: chatKeys.chats,
  queryFn: async ({ signal }) => {
    const chats = await call(chatCalls.chats, { signal });
    setChatCounts({ unreadMessages: totalUnread(chats) });
    return chats;
  },
  staleTime: 5_000,
});

/** GET /api/chat.php: the newest page of a conversation. */
export function chatQuery(target: ChatTarget) {
  return queryOptions({
    queryKey: chatKeys.view(target),
    queryFn: ({ signal }) => call(chatCalls.conversation, { query: target, signal }),
    staleTime: 0,
  });
}

/** GET /api/chat.php?before=: an older page. */
export function fetchOlder(target: ChatTarget, before: number): Promise<ChatView> {
  return call(chatCalls.conversation, { query: { ...target, before } });
}

/**
 * GET /api/gifts.php: the site's gift catalogue, read again after 10 minutes (staff may change it in
 * the back office; the server always charges the current price).
 */
export const giftsQuery = queryOptions({
  queryKey: chatKeys.gifts,
  queryFn: ({ signal }) => call(chatCalls.gifts, { signal }),
  staleTime: 10 * 60_000,
});

/** A client id for an idempotent send (retries of one send reuse it). */
export function newClientId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Network failures of a send are retried with the same client id: the server stores and pays it once. */
async function withRetry<T>(call: () => Promise<T>, retries = 2): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      const isNetwork = err instanceof ApiError && (err.status === 0 || err.status >= 500);
      if (!isNetwork || attempt >= retries) throw err;
      await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
    }
  }
}

/** POST /api/message.php: a text or a gift. */
export function sendMessage(body: SendMessageBody): Promise<SendMessageResult> {
  return withRetry(() => call(chatCalls.sendMessage, { body }));
}

/** POST /api/chat-photo.php (multipart): a photo; the server re-encodes it and strips metadata. */
export async function sendPhoto(profile: number, clientId: string, file: File): Promise<SendMessageResult> {
  const form = new FormData();
  form.set('profile', String(profile));
  form.set('client_id', clientId);
  form.set('file', file);
  return withRetry(() => call(chatCalls.sendPhoto, { form }));
}

/** POST /api/chat-read.php: the conversation is open; its unread count becomes 0 (SPEC.md 4). */
export async function markRead(conversation: number): Promise<void> {
  queryClient.setQueryData<ChatListEntry[]>(chatKeys.chats, (chats) => {
    if (!chats) return chats;
    const next = chats.map((c) => (c.conversation.id === conversation ? { ...c, num_unread_messages: 0 } : c));
    setChatCounts({ unreadMessages: totalUnread(next) });
    return next;
  });
  await call(chatCalls.readChat, { body: { conversation } });
}

/**
 * POST /api/chat-explicit-photos.php: show (or blur again) the possibly explicit photos of this
 * conversation, remembered on the server per conversation (issue: explicit photos); the open views reload.
 */
export async function chooseExplicitPhotos(conversation: number, show: boolean): Promise<void> {
  await call(chatCalls.explicitPhotos, { body: { conversation, show } });
  await queryClient.invalidateQueries({ queryKey: chatKeys.views });
}

/** DELETE /api/chat.php {conversation} or {profile} (SPEC.md 4, 7). */
export function deleteChat(body: { conversation: number } | { profile: number }): Promise<{ ok: true }> {
  return call(chatCalls.deleteChat, { body });
}

/**
 * Deletes chats locally first, then on the server; on failure an alert shows the error and the
 * chats reload (SPEC.md 4, 8). By profile, every conversation with that profile goes.
 */
export async function removeChats(target: { conversation: number } | { profile: number }): Promise<void> {
  const matches = (c: ChatListEntry) =>
    'conversation' in target ? c.conversation.id === target.conversation : c.profile.id === target.profile;
  queryClient.setQueryData<ChatListEntry[]>(chatKeys.chats, (chats) => {
    if (!chats) return chats;
    const next = chats.filter((c) => !matches(c));
    setChatCounts({ unreadMessages: totalUnread(next) });
    return next;
  });
  try {
    await deleteChat(target);
  } catch (err) {
    window.alert(err instanceof Error && err.message ? err.message : 'Error');
  } finally {
    await queryClient.invalidateQueries({ queryKey: chatKeys.chats });
    queryClient.removeQueries({ queryKey: chatKeys.views });
  }
}

/**
 * Adds a message to every cached view of its conversation (from a send or a realtime event), once; a
 * message already there is replaced (a held message the moderator released comes again with the same
 * id and without `held`, issue: safer conversations).
 */
export function addMessageToViews(message: ChatMessage, otherProfile?: number): void {
  queryClient.setQueriesData<ChatView>({ queryKey: chatKeys.views }, (view) => {
    if (!view) return view;
    const isThis =
      view.conversation === message.conversation ||
      (view.conversation === null && otherProfile !== undefined && view.profile.id === otherProfile);
    if (!isThis) return view;
    if (view.messages.some((m) => m.id === message.id)) {
      return { ...view, messages: view.messages.map((m) => (m.id === message.id ? message : m)) };
    }
    return { ...view, conversation: message.conversation, messages: [...view.messages, message] };
  });
}

/** The user query key, re-exported for the realtime sync. */
export const userKey = queryKeys.user;
