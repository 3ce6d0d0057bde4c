import { releaseLock } from '../../db/repositories/operator-inbox.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import type { AuditWho } from '../staff/audit.js';
import { loadInboxConversation } from './inbox-rules.js';

/**
 * Gives back the lock of inbox conversation `id` when leaving it (issue: back office II); a lock held
 * by another account stays. Answers whether a lock was released.
 * @throws AppError forbidden (403) for moderators and support; not_found (404) for a conversation
 *   without a fictional side or on another site
 */
export async function releaseInboxLock(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; who: AuditWho; id: number },
): Promise<boolean> {
  const row = await loadInboxConversation(db, input.actor, input.id, clock.now());
  if (input.who.staffId === null) return false;
  return releaseLock(db, row.conversation.id, input.who.staffId);
}
