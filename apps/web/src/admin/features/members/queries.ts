import { adminMemberCalls, type StaffRoleName } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** What the search screen asks for; `q` '' lists the newest members. */
export interface MemberSearchParams {
  q: string;
  site_id?: number | undefined;
  page: number;
}

/** Query keys of the members area (invalidate `memberKeys.all` after a change). */
export const memberKeys = {
  all: ['admin', 'members'] as const,
  search: (params: MemberSearchParams) => ['admin', 'members', 'search', params] as const,
  detail: (id: number) => ['admin', 'members', 'detail', id] as const,
  conversations: (id: number) => ['admin', 'members', 'conversations', id] as const,
  conversation: (id: number, conversationId: number) =>
    ['admin', 'members', 'conversation', id, conversationId] as const,
};

/** One page of the member search (GET /api/admin/members.php; each search is audit-logged). */
export const memberSearchQuery = (params: MemberSearchParams) =>
  queryOptions({
    queryKey: memberKeys.search(params),
    queryFn: () => call(adminMemberCalls.search, { query: params }),
  });

/** One member (GET /api/admin/member.php; each read is audit-logged, so it is kept for a while). */
export const memberQuery = (id: number) =>
  queryOptions({
    queryKey: memberKeys.detail(id),
    queryFn: () => call(adminMemberCalls.detail, { query: { id } }),
    staleTime: 300_000,
  });

/** The member's conversations (moderators, admins). */
export const memberConversationsQuery = (id: number) =>
  queryOptions({
    queryKey: memberKeys.conversations(id),
    queryFn: () => call(adminMemberCalls.conversations, { query: { id } }),
    staleTime: 300_000,
  });

/** One conversation of the member, read only. */
export const memberConversationQuery = (id: number, conversationId: number) =>
  queryOptions({
    queryKey: memberKeys.conversation(id, conversationId),
    queryFn: () => call(adminMemberCalls.conversation, { query: { id, conversation_id: conversationId } }),
    staleTime: 300_000,
  });

/**
 * What a role may do in the members area (the server's policies decide; this only hides what the
 * role cannot use): moderators and admins read conversations, take measures and delete; admins alone
 * revoke measures and adjust credits; support writes notes and sends the activation mail.
 */
export function memberPermissions(role: StaffRoleName) {
  const moderates = role === 'admin' || role === 'moderator';
  return {
    conversations: moderates,
    sanction: moderates,
    revoke: role === 'admin',
    credits: role === 'admin',
    delete: moderates,
    notes: role !== 'operator',
    activation: role !== 'operator',
  };
}
export type MemberPermissions = ReturnType<typeof memberPermissions>;
