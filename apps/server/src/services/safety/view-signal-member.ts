import { SIGNAL_MESSAGES_PAGE_SIZE } from '@app/contracts';
import {
  findSignalMember,
  listSignalMessages,
  type SignalMemberRow,
  type SignalMessageRow,
} from '../../db/repositories/signals.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, memberResource, staffScope } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';

/** One member's Signals detail, before presenting (`presentSignalMember`). */
export interface SignalMemberView {
  member: SignalMemberRow;
  /** Messages with signals or held, newest first. */
  messages: SignalMessageRow[];
  more: boolean;
}

/**
 * A member's Signals detail (GET /api/admin/signal-member.php; issue: safer conversations): the
 * member with their score decayed to now, the site's threshold and their balance, and their messages
 * with signals or held (spans, recipient, state), SIGNAL_MESSAGES_PAGE_SIZE newest first before
 * message `before`. Staff read a member's messages here, so it is recorded as `signals.view` first.
 * Moderators and admins of the member's site. Input: `{ actor, who, userId, before? }`.
 * @throws AppError forbidden (403) for roles that may not moderate members; not_found (404) for an
 *   unknown or erased account or one of another site
 */
export async function viewSignalMember(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; who: AuditWho; userId: number; before?: number | undefined },
): Promise<SignalMemberView> {
  staffScope(input.actor, 'moderate', 'member');
  const member = await findSignalMember(deps.db, input.userId, deps.clock.now());
  if (!member) throw notFound();
  authorize(input.actor, 'moderate', memberResource({ site_id: member.siteId, id: member.userId }));
  await recordAudit(deps.db, input.who, {
    action: 'signals.view',
    objectType: 'member',
    objectId: member.userId,
    siteId: member.siteId,
    memberUserId: member.userId,
  });
  const page =
    member.profileId === null
      ? []
      : await listSignalMessages(deps.db, member.profileId, {
          before: input.before,
          limit: SIGNAL_MESSAGES_PAGE_SIZE + 1,
        });
  return { member, messages: page.slice(0, SIGNAL_MESSAGES_PAGE_SIZE), more: page.length > SIGNAL_MESSAGES_PAGE_SIZE };
}
