import { findMembership, markConversationRead, otherProfileId } from '../../db/repositories/conversations.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, conversationResource } from '../../policies/policies.js';
import { requireOwnProfile } from '../profile/own-profile.js';

/**
 * The member opened a conversation (SPEC.md 4 unread): its unread count becomes 0 and the read
 * position moves to the newest message. The other side learns it (read state of its bubbles) and
 * the member's other tabs refresh their badges. Input: `{ actor, user, conversationId }`.
 * @returns the new read position (a message id), null when the conversation has no message
 * @throws AppError forbidden (403) when the account has no profile
 * @throws AppError not_found (404) for a conversation of others
 */
export async function readConversation(
  deps: Pick<AppDeps, 'db' | 'bus' | 'events'>,
  input: { actor: Actor; user: UserRow; conversationId: number },
): Promise<{ last_read: number | null }> {
  const { user, conversationId } = input;
  const me = (await requireOwnProfile(deps.db, user)).profile;
  const found = await findMembership(deps.db, conversationId, me.id);
  if (!found) throw notFound();
  authorize(input.actor, 'view', conversationResource(found.conversation, [user.id]));
  const { lastRead, changed } = await markConversationRead(deps.db, conversationId, me.id);
  if (changed && lastRead !== null) {
    const other = otherProfileId(found.conversation, me.id);
    await deps.events.emit({ type: 'messages_read', conversation: conversationId, reader: me.id, other, lastRead });
  }
  return { last_read: lastRead };
}
