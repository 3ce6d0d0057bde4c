import { listSites, type SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';

/** The sites a staff actor works on (all for `siteIds: 'all'`), by id; none for any other actor. */
export async function listStaffSites({ db }: Pick<AppDeps, 'db'>, input: { actor: Actor }): Promise<SiteRow[]> {
  const { actor } = input;
  if (actor.kind !== 'staff') return [];
  const all = await listSites(db);
  return actor.siteIds === 'all' ? all : all.filter((s) => (actor.siteIds as readonly number[]).includes(s.id));
}
