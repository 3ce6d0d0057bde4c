import { findMembership } from '../../db/repositories/conversations.js';
import { setShowExplicitPhotos } from '../../db/repositories/photo-scores.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, conversationResource } from '../../policies/policies.js';
import { requireOwnProfile } from '../profile/own-profile.js';

/**
 * The member's choice to see the possibly explicit photos of one conversation unblurred, or blurred
 * again (issue: explicit photos), remembered on their side of the conversation
 * (conversation_members.show_explicit_photos); the other side never learns it.
 * Input: `{ actor, user, conversationId, show }`.
 * @throws AppError forbidden (403) when the account has no profile
 * @throws AppError not_found (404) for a conversation of others
 */
export async function chooseExplicitPhotos(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; user: UserRow; conversationId: number; show: boolean },
): Promise<void> {
  const me = (await requireOwnProfile(deps.db, input.user)).profile;
  const found = await findMembership(deps.db, input.conversationId, me.id);
  if (!found) throw notFound();
  authorize(input.actor, 'view', conversationResource(found.conversation, [input.user.id]));
  if (!(await setShowExplicitPhotos(deps.db, input.conversationId, me.id, input.show))) throw notFound();
}
