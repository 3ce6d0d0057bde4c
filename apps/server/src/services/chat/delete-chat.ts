import type { ChatDeleteBody } from '@app/contracts';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { conversationIdsWith, findMembership, removeConversations } from '../../db/repositories/conversations.js';
import type { UserRow } from '../../db/repositories/users.js';
import { notFound } from '../../errors.js';
import type { DomainEvents } from '../../events/domain-events.js';
import { eventsOf } from '../../events/event-deps.js';
import type { RealtimeBus } from '../../realtime/bus.js';
import { requireOwnProfile } from '../profile/own-profile.js';

/**
 * Deletes chats from the member's side (SPEC.md 4, 7 DELETE /api/chat.php): one conversation, or
 * every conversation with a profile. The chat leaves the member's list and its history is hidden
 * for them; the other side keeps theirs. A new message brings the chat back, without the old history.
 * Deleting by profile with no conversation is not an error (nothing to remove).
 * @throws AppError not_found (404) for a conversation of others
 */
export async function deleteChats(
  deps: { db: Db; clock: Clock; bus: RealtimeBus; events?: DomainEvents },
  user: UserRow,
  body: ChatDeleteBody,
): Promise<{ removed: number[] }> {
  const me = (await requireOwnProfile(deps.db, user)).profile;
  let ids: number[];
  if ('conversation' in body) {
    if (!(await findMembership(deps.db, body.conversation, me.id))) throw notFound();
    ids = [body.conversation];
  } else {
    ids = await conversationIdsWith(deps.db, me.id, body.profile);
  }
  const removed = await removeConversations(deps.db, me.id, ids, deps.clock.now());
  if (removed.length > 0) await eventsOf(deps).emit({ type: 'chats_removed', profile: me.id, conversations: removed });
  return { removed };
}
