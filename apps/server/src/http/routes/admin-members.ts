import { adminMemberCalls } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import {
  presentCreditAdjustment,
  presentMemberConversation,
  presentMemberConversationView,
  presentMemberDetail,
  presentMemberNote,
  presentMemberPage,
} from '../../presenters/admin/members.js';
import { addMemberNote } from '../../services/staff-members/add-member-note.js';
import { adjustMemberCredits } from '../../services/staff-members/adjust-member-credits.js';
import { deleteMemberAccount } from '../../services/staff-members/delete-member-account.js';
import { listConversationsOfMember } from '../../services/staff-members/list-member-conversations.js';
import { readMemberConversation } from '../../services/staff-members/read-member-conversation.js';
import { resendMemberActivation } from '../../services/staff-members/resend-member-activation.js';
import { searchMemberAccounts } from '../../services/staff-members/search-member-accounts.js';
import { viewMember } from '../../services/staff-members/view-member.js';
import { requireStaff } from '../context.js';
import { registerCall } from '../register-call.js';

/**
 * Back office I, members: search, detail, conversations (read only), credit adjustments, staff notes,
 * the activation mail and deletion. The use cases check the role and the member's site and write the
 * audit log.
 */
export const adminMemberRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerCall(app, adminMemberCalls.search, async (req) => {
    const { actor, who } = requireStaff(req);
    const { q, site_id, page } = req.query;
    const result = await searchMemberAccounts(deps, { actor, who, q, siteId: site_id, page });
    return presentMemberPage(result, page);
  });

  registerCall(app, adminMemberCalls.detail, async (req) => {
    const { actor, who } = requireStaff(req);
    const detail = await viewMember(deps, { actor, who, userId: req.query.id });
    return presentMemberDetail(detail, deps.clock.now());
  });

  registerCall(app, adminMemberCalls.conversations, async (req) => {
    const { actor, who } = requireStaff(req);
    const rows = await listConversationsOfMember(deps, { actor, who, userId: req.query.id });
    return { conversations: rows.map(presentMemberConversation) };
  });

  registerCall(app, adminMemberCalls.conversation, async (req) => {
    const { actor, who } = requireStaff(req);
    const read = await readMemberConversation(deps, {
      actor,
      who,
      userId: req.query.id,
      conversationId: req.query.conversation_id,
    });
    return presentMemberConversationView(read, req.locale);
  });

  registerCall(app, adminMemberCalls.adjustCredits, async (req) => {
    const { actor, who } = requireStaff(req);
    const { id, amount, reason } = req.body;
    return presentCreditAdjustment(await adjustMemberCredits(deps, { actor, who, userId: id, amount, reason }));
  });

  registerCall(app, adminMemberCalls.addNote, async (req) => {
    const { actor, who } = requireStaff(req);
    const staffName = req.staff?.name ?? '';
    const note = await addMemberNote(deps, { actor, who, staffName, userId: req.body.id, text: req.body.text });
    return { note: presentMemberNote(note) };
  });

  registerCall(app, adminMemberCalls.resendActivation, async (req) => {
    const { actor, who } = requireStaff(req);
    await resendMemberActivation(deps, { actor, who, userId: req.body.id });
    return { ok: true as const };
  });

  registerCall(app, adminMemberCalls.deleteMember, async (req) => {
    const { actor, who } = requireStaff(req);
    await deleteMemberAccount(deps, { actor, who, userId: req.body.id });
    return { ok: true as const };
  });
};
