/**
 * Rules shared by the operator inbox's use cases (issue: back office II): who may work on a
 * conversation, and the lock's refusals.
 */
import { OPERATOR_LOCK_SECONDS } from '@app/contracts';
import { findInboxConversation, type InboxListRow, type LockRow } from '../../db/repositories/operator-inbox.js';
import type { DbOrTx } from '../../db/repositories/photos.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, conversationResource, staffScope } from '../../policies/policies.js';

export { OPERATOR_LOCK_SECONDS };

/** The staff actor of the inbox. */
export type StaffActor = Extract<Actor, { kind: 'staff' }>;

/**
 * Checks that `actor` may work in the inbox at all: answering as a fictional profile is `create` on
 * conversations (operators and admins).
 * @throws AppError forbidden (403) for moderators and support; authentication_required (403) for non-staff
 */
export function requireInboxRole(actor: Actor, siteId?: number | null): { siteIds: readonly number[] | 'all' } {
  return staffScope(actor, 'create', 'conversation', siteId);
}

/**
 * Loads inbox conversation `id` for `actor` (with its lock in force at `now`): the role first, then the
 * conversation, which must be between a member and a fictional profile on one of the actor's sites.
 * @throws AppError forbidden (403) for a role without the inbox; not_found (404) for an unknown
 *   conversation, one between two members, or one on another site
 */
export async function loadInboxConversation(db: DbOrTx, actor: Actor, id: number, now: Date): Promise<InboxListRow> {
  requireInboxRole(actor);
  const row = await findInboxConversation(db, id, now);
  if (!row) throw notFound();
  authorize(actor, 'create', conversationResource(row.conversation, [row.memberUser.id], true));
  return row;
}

/**
 * The refusal when another account holds the lock: 409 conflict, message `conversation_locked` naming
 * the holder, `data.locked_by` and `data.expires_at` for the screen.
 */
export function conversationLocked(lock: Pick<LockRow, 'staff_name' | 'expires_at'>): AppError {
  return new AppError(
    'conflict',
    409,
    { reason: 'locked', locked_by: lock.staff_name, expires_at: lock.expires_at.toISOString() },
    'conversation_locked',
  );
}

/** The refusal of an answer without the lock (it expired or was never taken): 409 conflict, `conversation_lock_lost`. */
export function lockLost(): AppError {
  return new AppError('conflict', 409, { reason: 'lock_lost' }, 'conversation_lock_lost');
}

/** Whole seconds from `since` to `now`, never negative; null without `since`. */
export function secondsSince(since: Date | null, now: Date): number | null {
  if (!since) return null;
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000));
}
