import type { ChatDeleteBody } from '@app/contracts';
import { conversationIdsWith, findMembership, removeConversations } from '../../db/repositories/conversations.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, conversationResource } from '../../policies/policies.js';
import { requireOwnProfile } from '../profile/own-profile.js';

/**
 * Deletes chats from the member's side (SPEC.md 4, 7 DELETE /api/chat.php): one conversation, or
 * every conversation with a profile. The chat leaves the member's list and its history is hidden
 * for them; the other side keeps theirs. A new message brings the chat back, without the old history.
 * Deleting by profile with no conversation is not an error (nothing to remove).
 * Input: `{ actor, user, body }` (body: `{ conversation }` or `{ profile }`).
 * @returns the ids of the conversations removed from the member's list
 * @throws AppError forbidden (403) when the account has no profile
 * @throws AppError not_found (404) for a conversation of others
 */
export async function deleteChats(
  deps: Pick<AppDeps, 'db' | 'clock' | 'bus' | 'events'>,
  input: { actor: Actor; user: UserRow; body: ChatDeleteBody },
): Promise<{ removed: number[] }> {
  const { user, body } = input;
  const me = (await requireOwnProfile(deps.db, user)).profile;
  let ids: number[];
  if ('conversation' in body) {
    const found = await findMembership(deps.db, body.conversation, me.id);
    if (!found) throw notFound();
    authorize(input.actor, 'delete', conversationResource(found.conversation, [user.id]));
    ids = [body.conversation];
  } else {
    ids = await conversationIdsWith(deps.db, me.id, body.profile);
  }
  const removed = await removeConversations(deps.db, me.id, ids, deps.clock.now());
  if (removed.length > 0) await deps.events.emit({ type: 'chats_removed', profile: me.id, conversations: removed });
  return { removed };
}
