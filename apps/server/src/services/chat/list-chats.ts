import { type ConversationRow, listChats } from '../../db/repositories/conversations.js';
import type { MessageRow } from '../../db/repositories/messages.js';
import type { ProfileWithMain } from '../../db/repositories/profiles.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { requireOwnProfile } from '../profile/own-profile.js';

/** One chat of the member's list: the conversation, its last message, this side's state and the other profile. */
export interface MemberChat {
  conversation: ConversationRow;
  /** The newest message of the conversation, whoever sent it; undefined before the first. */
  last: MessageRow | undefined;
  /** When this side cleared the chat (messages up to then stay hidden), else null. */
  clearedAt: Date | null;
  other: ProfileWithMain;
  /** This side's unread count. */
  unread: number;
}

/** The member's chat list at `now` (the moment ages and online state are computed for). */
export interface MemberChatList {
  chats: MemberChat[];
  now: Date;
}

/**
 * The member's chat list (SPEC.md 3 chat list entry, 7 GET /api/chats.php): per conversation its
 * last message, when this side cleared it, the other profile and this side's unread count, newest
 * activity first, read at `now` (MemberChatList); routes present it with `presentChatList`. Deleted
 * chats stay out until a new message arrives. Input: `{ user }`.
 * @throws AppError forbidden (403) when the account has no profile
 */
export async function listMemberChats(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { user: UserRow },
): Promise<MemberChatList> {
  const { db } = deps;
  const { user } = input;
  const now = deps.clock.now();
  const me = (await requireOwnProfile(db, user)).profile;
  const rows = await listChats(db, me.id);
  const chats = rows.map((r) => ({
    conversation: r.conversation,
    last: r.last ?? undefined,
    clearedAt: r.member.cleared_at,
    other: { profile: r.other, main: r.main },
    unread: r.member.num_unread_messages,
  }));
  return { chats, now };
}
