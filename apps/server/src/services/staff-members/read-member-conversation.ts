import { ADMIN_CONVERSATION_MESSAGES } from '@app/contracts';
import {
  findMemberConversation,
  listWholeConversation,
  type MemberConversationRow,
} from '../../db/repositories/member-admin.js';
import type { MessageWithGift } from '../../db/repositories/messages.js';
import { findProfileByUserId } from '../../db/repositories/profiles.js';
import { findSiteById, type SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, conversationResource } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { loadMemberFor } from './load-member.js';

/** One conversation as staff read it (the route presents it). */
export interface MemberConversationRead extends MemberConversationRow {
  /** The member's site: where the chat photos' public names live (cdn_prefix). */
  site: SiteRow;
  memberProfileId: number;
  /** The newest ADMIN_CONVERSATION_MESSAGES messages, oldest first, whatever either side cleared. */
  messages: MessageWithGift[];
  truncated: boolean;
}

/**
 * Reads a conversation of the member, read only (issue: back office I, members; moderators and
 * admins). `member.view_conversation` is written to the audit log before the answer.
 * @throws AppError forbidden (403) for support and operators; not_found (404) for an unknown member,
 *   a conversation the member takes no part in, or one outside the actor's sites
 */
export async function readMemberConversation(
  { db }: Pick<AppDeps, 'db'>,
  input: { actor: Actor; who: AuditWho; userId: number; conversationId: number },
): Promise<MemberConversationRead> {
  const user = await loadMemberFor(db, {
    actor: input.actor,
    action: 'view',
    userId: input.userId,
    area: 'conversation',
  });
  const own = await findProfileByUserId(db, user.id);
  if (!own) throw notFound();
  const found = await findMemberConversation(db, own.profile.id, input.conversationId);
  if (!found) throw notFound();
  const { conversation, partner } = found;
  const memberUserIds = partner.user_id ? [user.id, partner.user_id] : [user.id];
  authorize(input.actor, 'view', conversationResource(conversation, memberUserIds, partner.is_fictional));
  const site = await findSiteById(db, conversation.site_id);
  if (!site) throw notFound();
  const { messages, truncated } = await listWholeConversation(db, conversation.id, ADMIN_CONVERSATION_MESSAGES);
  await recordAudit(db, input.who, {
    action: 'member.view_conversation',
    objectType: 'conversation',
    objectId: conversation.id,
    siteId: conversation.site_id,
    memberUserId: user.id,
    after: { partner_profile_id: partner.id, messages: messages.length },
  });
  return { ...found, site, memberProfileId: own.profile.id, messages, truncated };
}
