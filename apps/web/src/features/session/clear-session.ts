import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-client';
import { resetChatCounts } from '../chat/counts-store';

/** Query keys that describe the site, not the member: they survive a logout. */
const SITE_QUERIES = ['settings', 'companyinfo', 'interests', 'regions'];

/**
 * Marks the user logged out and forgets everything member-specific (after logout or account deletion).
 * The user query is set to null rather than removed, so mounted components see the change at once;
 * the unread counts (and the installed app's badge) go back to zero.
 */
export function clearSession(client: QueryClient): void {
  client.setQueryData(queryKeys.user, null);
  resetChatCounts();
  client.removeQueries({
    predicate: (q) => q.queryKey[0] !== queryKeys.user[0] && !SITE_QUERIES.includes(String(q.queryKey[0])),
  });
}
