import { SIGNAL_QUEUE_MIN_SCORE, SIGNAL_QUEUE_PAGE_SIZE } from '@app/contracts';
import { countHeldMessages, listSignalMembers, type SignalMemberRow } from '../../db/repositories/signals.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';

/** A page of the Signals queue, before presenting (`presentSignalQueue`). */
export interface SignalQueue {
  members: SignalMemberRow[];
  totalHeld: number;
  page: number;
  more: boolean;
}

/**
 * The back office's Signals queue (GET /api/admin/signals.php; issue: safer conversations): members
 * of the actor's sites (or `siteId`) with a held message or a current risk score of at least
 * SIGNAL_QUEUE_MIN_SCORE, highest score (decayed to now) first, SIGNAL_QUEUE_PAGE_SIZE a page, each
 * with held and signal counts; `totalHeld` counts the held messages of those sites. Moderators and
 * admins (the role rule for moderating members). Input: `{ actor, siteId?, page }`.
 * @throws AppError forbidden (403) for roles that may not moderate members; not_found (404) for a
 *   site outside the actor's
 */
export async function listSignalQueue(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; siteId?: number | undefined; page: number },
): Promise<SignalQueue> {
  const { siteIds } = staffScope(input.actor, 'moderate', 'member', input.siteId);
  const now = deps.clock.now();
  const found = await listSignalMembers(deps.db, {
    siteIds,
    now,
    minScore: SIGNAL_QUEUE_MIN_SCORE,
    limit: SIGNAL_QUEUE_PAGE_SIZE + 1,
    offset: (input.page - 1) * SIGNAL_QUEUE_PAGE_SIZE,
  });
  return {
    members: found.slice(0, SIGNAL_QUEUE_PAGE_SIZE),
    totalHeld: await countHeldMessages(deps.db, siteIds),
    page: input.page,
    more: found.length > SIGNAL_QUEUE_PAGE_SIZE,
  };
}
