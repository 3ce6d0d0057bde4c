import type { SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';
import { listStaffSites } from '../staff/list-staff-sites.js';

/**
 * The actor's sites with their automatic photo approval (the site setting auto_approve_photos;
 * DECISIONS.md: a site setting may approve automatically). Moderators and admins. Input: `{ actor }`.
 * @throws AppError forbidden (403) for roles that may not moderate photos
 */
export async function listPhotoSettings(deps: Pick<AppDeps, 'db'>, input: { actor: Actor }): Promise<SiteRow[]> {
  staffScope(input.actor, 'moderate', 'photo');
  return listStaffSites(deps, input);
}
