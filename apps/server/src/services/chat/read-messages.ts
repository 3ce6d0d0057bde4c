import type { Db } from '../../db/client.js';
import { findMembership, markConversationRead, otherProfileId } from '../../db/repositories/conversations.js';
import type { UserRow } from '../../db/repositories/users.js';
import { notFound } from '../../errors.js';
import type { DomainEvents } from '../../events/domain-events.js';
import { eventsOf } from '../../events/event-deps.js';
import type { RealtimeBus } from '../../realtime/bus.js';
import { requireOwnProfile } from '../profile/own-profile.js';

/**
 * The member opened a conversation (SPEC.md 4 unread): its unread count becomes 0 and the read
 * position moves to the newest message. The other side learns it (read state of its bubbles) and
 * the member's other tabs refresh their badges.
 * @throws AppError not_found (404) for a conversation of others
 */
export async function readConversation(
  deps: { db: Db; bus: RealtimeBus; events?: DomainEvents },
  user: UserRow,
  conversationId: number,
): Promise<{ last_read: number | null }> {
  const me = (await requireOwnProfile(deps.db, user)).profile;
  const found = await findMembership(deps.db, conversationId, me.id);
  if (!found) throw notFound();
  const { lastRead, changed } = await markConversationRead(deps.db, conversationId, me.id);
  if (changed && lastRead !== null) {
    const other = otherProfileId(found.conversation, me.id);
    await eventsOf(deps).emit({ type: 'messages_read', conversation: conversationId, reader: me.id, other, lastRead });
  }
  return { last_read: lastRead };
}
