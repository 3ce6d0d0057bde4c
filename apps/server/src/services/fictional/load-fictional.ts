import type { Db } from '../../db/client.js';
import { type FictionalRecord, findFictionalProfile } from '../../db/repositories/fictional-profiles.js';
import type { DbOrTx } from '../../db/repositories/photos.js';
import { findSiteById, type SiteRow } from '../../db/repositories/sites.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { type Action, authorize, staffScope } from '../../policies/policies.js';

/** A fictional profile as staff manage it, with its site. */
export type FictionalWithSite = FictionalRecord & { site: SiteRow };

/** A fictional profile's site as a policy resource (policies/policies.ts type 'fictional'). */
export function fictionalResource(siteId: number) {
  return { type: 'fictional', siteId } as const;
}

/**
 * Fictional profile `id` on which `actor` may `action` (issue: back office II; admins everything,
 * operators 'view'). The role is checked first, so a role that may never gets 403 forbidden whatever
 * the id; a member's profile, an unknown id or one of a site outside the actor's is 404.
 * @throws AppError forbidden (403), not_found (404)
 */
export async function loadFictionalFor(
  db: Db | DbOrTx,
  input: { actor: Actor; action: Action; id: number },
): Promise<FictionalWithSite> {
  staffScope(input.actor, input.action, 'fictional');
  const record = await findFictionalProfile(db, input.id);
  if (!record) throw notFound();
  authorize(input.actor, input.action, fictionalResource(record.profile.site_id));
  const site = await findSiteById(db as Db, record.profile.site_id);
  if (!site) throw notFound();
  return { ...record, site };
}

/**
 * Site `siteId` when `actor` may `action` fictional profiles there.
 * @throws AppError forbidden (403) for a role that may not; not_found (404) for an unknown site or one
 *   outside the actor's
 */
export async function loadFictionalSite(db: Db, input: { actor: Actor; action: Action; siteId: number }) {
  staffScope(input.actor, input.action, 'fictional', input.siteId);
  const site = await findSiteById(db, input.siteId);
  if (!site) throw notFound();
  return site;
}
