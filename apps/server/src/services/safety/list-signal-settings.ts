import type { SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';
import { listStaffSites } from '../staff/list-staff-sites.js';

/**
 * The actor's sites with their hold threshold (GET /api/admin/signal-settings.php; issue: safer
 * conversations): the risk score above which a member's new messages are held. Moderators (read)
 * and admins. Input: `{ actor }`. Returns the site rows (`risk_hold_threshold`).
 * @throws AppError forbidden (403) for roles that may not moderate members
 */
export async function listSignalSettings(deps: Pick<AppDeps, 'db'>, input: { actor: Actor }): Promise<SiteRow[]> {
  staffScope(input.actor, 'moderate', 'member');
  return listStaffSites(deps, input);
}
