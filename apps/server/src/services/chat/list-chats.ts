import type { ChatListEntry } from '@app/contracts';
import { listChats } from '../../db/repositories/conversations.js';
import { lastMessages } from '../../db/repositories/messages.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { presentSummary } from '../../presenters/chat.js';
import { presentCard } from '../../presenters/profile.js';
import { requireOwnProfile } from '../profile/own-profile.js';

/**
 * The member's chat list (SPEC.md 3 chat list entry, 7 GET /api/chats.php): per conversation the
 * last message this side still sees, the other profile as a card and this side's unread count,
 * newest activity first. Deleted chats stay out until a new message arrives. Input: `{ user }`.
 * @throws AppError forbidden (403) when the account has no profile
 */
export async function listMemberChats(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { user: UserRow },
): Promise<ChatListEntry[]> {
  const { db } = deps;
  const { user } = input;
  const now = deps.clock.now();
  const me = (await requireOwnProfile(db, user)).profile;
  const rows = await listChats(db, me.id);
  const last = await lastMessages(
    db,
    rows.map((r) => r.conversation.id),
  );
  return rows.map((r) => ({
    conversation: presentSummary(r.conversation, last.get(r.conversation.id), r.member.cleared_at),
    profile: presentCard({ profile: r.other, main: r.main }, now),
    num_unread_messages: r.member.num_unread_messages,
  }));
}
