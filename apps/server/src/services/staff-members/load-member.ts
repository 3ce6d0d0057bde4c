import type { Db } from '../../db/client.js';
import { findUserById, type UserRow } from '../../db/repositories/users.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { type Action, authorize, memberResource, staffScope } from '../../policies/policies.js';

/** What a back-office member action works on: the account itself, its credits or its conversations. */
export type MemberArea = 'member' | 'ledger' | 'conversation';

/**
 * The member (user account) `userId` on which `actor` may `action` in `area` (issue: back office I,
 * policies/policies.ts STAFF_RULES). The role is checked first, so a role that may never gets 403
 * forbidden whatever the id: it must see members at all, and do `action` on `area`. Then the account's
 * site: outside the actor's sites the answer is 404, as for an unknown id. Conversations are checked
 * again one by one by the caller (conversationResource).
 * @throws AppError forbidden (403), not_found (404)
 */
export async function loadMemberFor(
  db: Db,
  input: { actor: Actor; action: Action; userId: number; area?: MemberArea },
): Promise<UserRow> {
  const area = input.area ?? 'member';
  staffScope(input.actor, 'view', 'member');
  staffScope(input.actor, input.action, area);
  const user = await findUserById(db, input.userId);
  if (!user) throw notFound();
  authorize(input.actor, 'view', memberResource(user));
  if (area === 'member') authorize(input.actor, input.action, memberResource(user));
  if (area === 'ledger')
    authorize(input.actor, input.action, { type: 'ledger', siteId: user.site_id, userId: user.id });
  return user;
}
