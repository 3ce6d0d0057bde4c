import { listMemberConversations, type MemberConversationRow } from '../../db/repositories/member-admin.js';
import { findProfileByUserId } from '../../db/repositories/profiles.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { can, conversationResource } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { loadMemberFor } from './load-member.js';

/**
 * The member's conversations, newest activity first, with partner, message count and last message
 * time (issue: back office I, members; moderators and admins: policies 'conversation' view). Who a
 * member talks to is private: `member.view_conversations` is written to the audit log first.
 * @throws AppError forbidden (403) for support and operators; not_found (404) for an unknown member or
 *   one of a site outside the actor's
 */
export async function listConversationsOfMember(
  { db }: Pick<AppDeps, 'db'>,
  input: { actor: Actor; who: AuditWho; userId: number },
): Promise<MemberConversationRow[]> {
  const user = await loadMemberFor(db, {
    actor: input.actor,
    action: 'view',
    userId: input.userId,
    area: 'conversation',
  });
  const own = await findProfileByUserId(db, user.id);
  const rows = own ? await listMemberConversations(db, own.profile.id) : [];
  const visible = rows.filter((r) =>
    can(
      input.actor,
      'view',
      conversationResource(
        r.conversation,
        r.partner.user_id ? [user.id, r.partner.user_id] : [user.id],
        r.partner.is_fictional,
      ),
    ),
  );
  await recordAudit(db, input.who, {
    action: 'member.view_conversations',
    objectType: 'member',
    objectId: user.id,
    siteId: user.site_id,
    memberUserId: user.id,
    after: { conversations: visible.length },
  });
  return visible;
}
