import { ADMIN_MEMBER_PAGE_SIZE } from '@app/contracts';
import { type MemberSearchRow, searchMembers } from '../../db/repositories/member-admin.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';

/**
 * One page (1-based, ADMIN_MEMBER_PAGE_SIZE rows) of members on the actor's sites, newest first
 * (issue: back office I, members): `q` matches e-mail or profile name anywhere, any case, or a user or
 * profile id exactly; `siteId` narrows to one of the actor's sites. The answer shows e-mail
 * addresses, private data, so the search is written to the audit log (`member.search`, the query and
 * the number of rows) before it is answered.
 * @throws AppError forbidden (403) for a role without members (operator); not_found (404) for a site
 *   outside the actor's
 */
export async function searchMemberAccounts(
  { db }: Pick<AppDeps, 'db'>,
  input: { actor: Actor; who: AuditWho; q: string; siteId?: number | undefined; page: number },
): Promise<{ rows: MemberSearchRow[]; more: boolean }> {
  const { siteIds } = staffScope(input.actor, 'view', 'member', input.siteId);
  const result = await searchMembers(db, {
    q: input.q,
    siteIds,
    limit: ADMIN_MEMBER_PAGE_SIZE,
    offset: (input.page - 1) * ADMIN_MEMBER_PAGE_SIZE,
  });
  await recordAudit(db, input.who, {
    action: 'member.search',
    objectType: 'member',
    siteId: input.siteId ?? null,
    after: { q: input.q, site_id: input.siteId ?? null, page: input.page, rows: result.rows.length },
  });
  return result;
}
