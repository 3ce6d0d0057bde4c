import { FICTIONAL_PAGE_SIZE, type FictionalStatus } from '@app/contracts';
import { type FictionalListRow, listFictionalProfiles } from '../../db/repositories/fictional-profiles.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';

/**
 * One page (1-based, FICTIONAL_PAGE_SIZE rows) of the fictional profiles of the actor's sites, newest
 * first (issue: back office II): `q` a name (or part, any case) or a profile id, `siteId` one of the
 * actor's sites, `status` active or disabled. Admins and operators.
 * @throws AppError forbidden (403) for moderators and support; not_found (404) for a site outside the actor's
 */
export async function listFictionalProfilesFor(
  { db }: Pick<AppDeps, 'db'>,
  input: { actor: Actor; q: string; siteId?: number | undefined; status?: FictionalStatus | undefined; page: number },
): Promise<{ rows: FictionalListRow[]; more: boolean }> {
  const { siteIds } = staffScope(input.actor, 'view', 'fictional', input.siteId);
  return listFictionalProfiles(db, {
    q: input.q,
    siteIds,
    status: input.status,
    limit: FICTIONAL_PAGE_SIZE,
    offset: (input.page - 1) * FICTIONAL_PAGE_SIZE,
  });
}
